import type { BookKey } from '../../../../shared/book/book-key.ts';
import { bookKeyId } from '../../../../shared/book/book-key.ts';
import type { FrameChunk } from '../../../../shared/book/book-frames.ts';
import { FrameIndex } from '../../../../shared/book/frame-index.ts';
import type { BookHealthEvent } from '../../../../shared/contract/book-replay-schemas.ts';

/** One book of a replay: its key, its frames, and the health marks main reported for it. */
export interface ReplayBook {
  key: BookKey;
  frames: FrameIndex;
  /** Resets and dropped deltas, as main reported them (bounded there). */
  health: HealthMarkReport[];
  /** Totals, including marks past main's bound. */
  healthCounts: { resets: number; droppedDeltas: number; capped: boolean };
}

/** One health mark as main reports it (`book.health`). */
export type HealthMarkReport = BookHealthEvent['marks'][number];

/**
 * The books of one replay as their frame chunks arrive, in the order each book first appeared.
 * Chunks are appended, never copied; `version` counts appends, so views know to redraw.
 */
export class BookFramesStore {
  readonly #books = new Map<string, ReplayBook>();
  #version = 0;

  /** @param replayKey what this store holds frames of (one store per replay) */
  constructor(readonly replayKey: string) {}

  /** Appends a chunk to its book, creating the book on its first chunk. */
  add(key: BookKey, chunk: FrameChunk): void {
    this.#book(key).frames.append(chunk);
    this.#version++;
  }

  /** Adds main's health marks for a book (a batch of `book.health`). */
  addHealth(event: BookHealthEvent): void {
    const book = this.#book(event.book);
    book.health.push(...event.marks);
    book.healthCounts = { ...event.counts, capped: event.capped };
    this.#version++;
  }

  #book(key: BookKey): ReplayBook {
    const id = bookKeyId(key);
    let book = this.#books.get(id);
    if (book === undefined) {
      book = { key, frames: new FrameIndex(), health: [], healthCounts: { resets: 0, droppedDeltas: 0, capped: false } };
      this.#books.set(id, book);
    }
    return book;
  }

  /** Appends so far (a view redraws when it changes). */
  get version(): number {
    return this.#version;
  }

  /** The books in order of first appearance. */
  books(): ReplayBook[] {
    return [...this.#books.values()];
  }

  /** The book with this key, the one whose instrument is `instrument`, or the busiest when none is asked for. */
  pick(instrument: string | null | undefined): ReplayBook | null {
    const books = this.books();
    if (instrument !== undefined) {
      const named = books.find((book) => book.key.instrument === instrument);
      if (named !== undefined) return named;
    }
    let busiest: ReplayBook | null = null;
    for (const book of books) if (book.frames.count > 0 && (busiest === null || book.frames.count > busiest.frames.count)) busiest = book;
    return busiest;
  }
}

import { BookEngine } from '../../../shared/book/book-engine.ts';
import { FrameRecorder, type FrameChunk } from '../../../shared/book/book-frames.ts';
import { bookKeyId, type BookKey } from '../../../shared/book/book-key.ts';
import { HealthMarkLog, type HealthBatch } from '../../../shared/book/health-marks.ts';
import { isBookReset, type BookInput } from './book-input.ts';

/** How frames are cut: levels per side, the depth band for metrics, frames per chunk. */
export interface FrameSettings {
  /** Levels per side in a frame (default 25). */
  depth: number;
  /** Half-width of the "depth within ±X bps" metric (default 10). */
  bandBps: number;
  /** Frames per transferable chunk (default 1024, about 0.9 MB at depth 25). */
  chunkFrames: number;
  /** Health marks kept per book before only counting (default `defaultHealthMarkCap`). */
  healthMarkCap?: number;
}

/** Frame settings with the defaults filled in. */
export function frameSettings(partial: Partial<FrameSettings> = {}): FrameSettings {
  return {
    depth: partial.depth ?? 25,
    bandBps: partial.bandBps ?? 10,
    chunkFrames: partial.chunkFrames ?? 1024,
    ...(partial.healthMarkCap === undefined ? {} : { healthMarkCap: partial.healthMarkCap }),
  };
}

/** Counts over one replay. */
export interface ReplayCounts {
  /** Book events read (including deltas before their first snapshot). */
  events: number;
  /** Frames produced: one per event that updated a book. */
  frames: number;
  /** Chunks handed over. */
  chunks: number;
  /** Coverage-gap resets applied. */
  resets: number;
  /** Deltas that arrived with no book and produced no frame. */
  withoutBook: number;
  /** Frames whose book was crossed, or locked. */
  crossed: number;
  locked: number;
}

/** Receives each full (or final) chunk of one book's frames. */
export type ChunkSink = (book: BookKey, chunk: FrameChunk) => void;

/** Receives one book's health marks since its last batch: before each of its chunks, and at a reset or the end. */
export type HealthSink = (book: BookKey, batch: HealthBatch) => void;

/**
 * Applies ordered book inputs to an engine and records one frame per applied event, with a
 * recorder per book so every chunk belongs to exactly one book. A reset flushes the cleared
 * books' partial chunks first, so no chunk spans a coverage gap. Each book's health marks
 * (resets, deltas dropped before a snapshot) go to `health` ahead of the chunk that follows them.
 * Throws `BookDataError`.
 */
export class FrameReplayer {
  private readonly engine = new BookEngine();
  private readonly recorders = new Map<string, { key: BookKey; recorder: FrameRecorder }>();
  private readonly logs = new Map<string, { key: BookKey; log: HealthMarkLog }>();
  private readonly counts: ReplayCounts = { events: 0, frames: 0, chunks: 0, resets: 0, withoutBook: 0, crossed: 0, locked: 0 };

  constructor(
    private readonly settings: FrameSettings,
    private readonly sink: ChunkSink,
    private readonly health: HealthSink = () => {},
  ) {}

  /** Counts so far. */
  get progress(): Readonly<ReplayCounts> {
    const engine = this.engine.counters;
    return { ...this.counts, withoutBook: engine.withoutBook, crossed: engine.crossed, locked: engine.locked };
  }

  /** Applies a batch in order. */
  apply(inputs: readonly BookInput[]): void {
    const counts = this.counts;
    for (const input of inputs) {
      if (isBookReset(input)) {
        this.flush(input.key);
        this.engine.reset(input.key);
        counts.resets++;
        const resetId = input.key === undefined ? null : bookKeyId(input.key);
        for (const [id, { log }] of this.logs) if (resetId === null || id === resetId) log.reset(input.collectorTimestamp, input.cause ?? 'coverage-gap');
        continue;
      }
      counts.events++;
      const book = this.engine.apply(input);
      if (book === null) {
        this.logOf(input).droppedDelta(input.collectorTimestamp);
        continue;
      }
      this.logOf(book.key).produced();
      let entry = this.recorders.get(book.id);
      if (entry === undefined) {
        const key = book.key;
        const id = book.id;
        const recorder = new FrameRecorder({
          depth: this.settings.depth,
          bandBps: this.settings.bandBps,
          chunkFrames: this.settings.chunkFrames,
          onChunk: (chunk) => {
            counts.chunks++;
            this.sendHealth(id);
            this.sink(key, chunk);
          },
        });
        entry = { key, recorder };
        this.recorders.set(book.id, entry);
      }
      entry.recorder.push(book, input.collectorTimestamp, input.isSnapshot, input.exchangeTimestamp ?? null);
      counts.frames++;
    }
  }

  /** Hands over every partial chunk and the health marks not yet sent (of one book, or all). */
  flush(key?: BookKey): void {
    const ids = key === undefined ? [...new Set([...this.recorders.keys(), ...this.logs.keys()])] : [bookKeyId(key)];
    for (const id of ids) {
      this.recorders.get(id)?.recorder.flush();
      this.sendHealth(id, true);
    }
  }

  private logOf(key: BookKey): HealthMarkLog {
    const id = bookKeyId(key);
    let entry = this.logs.get(id);
    if (entry === undefined) {
      entry = { key: { source: key.source, market: key.market, instrument: key.instrument }, log: new HealthMarkLog(this.settings.healthMarkCap) };
      this.logs.set(id, entry);
    }
    return entry.log;
  }

  private sendHealth(id: string, final = false): void {
    const entry = this.logs.get(id);
    if (entry === undefined || !entry.log.hasPending) return;
    const batch = entry.log.take(final);
    // An unfinished run of dropped deltas waits for its end (or the final flush).
    if (batch.marks.length > 0 || final) this.health(entry.key, batch);
  }
}

import { frameViews } from '../../../shared/book/book-frames.ts';
import { bookKeyId, type BookKey } from '../../../shared/book/book-key.ts';
import { addedCrossCheckCounts, BookCrossCheck, emptyCrossCheckCounts, type ComparedFrame, type CrossCheckCounts, type CrossCheckDifference, type CrossCheckSide } from '../../../shared/book/cross-check.ts';
import type { BookFrames } from './book-worker-client.ts';
import type { ReplayError, ReplayResult } from './book-worker-protocol.ts';

/** The summary of a finished cross-check. */
export interface CrossCheckSummary {
  counts: CrossCheckCounts;
  /** Books seen in either replay. */
  books: number;
  /** Differences pushed; past `maxDifferences` they are only counted. */
  reported: number;
  capped: boolean;
}

/** How a cross-check ended: `error` names the replay that failed first. */
export interface CrossCheckEnd {
  ok: boolean;
  error: (ReplayError & { side: 'server' | 'local' }) | null;
  summary: CrossCheckSummary;
}

/** What a session tells the outside world. */
export interface CrossCheckSink {
  differences(book: BookKey, differences: CrossCheckDifference[]): void;
  ended(end: CrossCheckEnd): void;
}

/** What a session compares. */
export interface CrossCheckSettings {
  /** Top levels per side compared (at most the frames' depth). */
  levels: number;
  /**
   * Inclusive collector-time range: frames of events collected outside it (the rest of a file's
   * hour) are not compared, wherever they arrive.
   */
  start: number;
  end: number;
  maxDifferences: number;
}

const sideName: Record<CrossCheckSide, 'server' | 'local'> = { a: 'server', b: 'local' };

/**
 * One running cross-check in main: the frames of both replays (a: the service's books, b: the
 * local reconstruction, both in each stream's arrival order) go through `BookCrossCheck` per book,
 * which aligns them by replay clock; differences are pushed per chunk, bounded by
 * `maxDifferences`, and the summary once both replays have ended.
 */
export class CrossCheckSession {
  readonly #books = new Map<string, { key: BookKey; check: BookCrossCheck; pending: CrossCheckDifference[] }>();
  readonly #ended: Record<CrossCheckSide, ReplayResult | null> = { a: null, b: null };
  #reported = 0;
  #capped = false;

  constructor(
    private readonly settings: CrossCheckSettings,
    private readonly sink: CrossCheckSink,
    /** Stops the other replay when one fails. */
    private readonly cancelOther: (side: CrossCheckSide) => void,
  ) {}

  /** Takes one chunk of a replay's frames (copying the compared levels: the chunk goes on to the view). */
  frames(side: CrossCheckSide, frames: BookFrames): void {
    const entry = this.#book(frames.book);
    const { chunk } = frames;
    const views = frameViews(chunk);
    const levels = Math.min(this.settings.levels, chunk.depth);
    for (let f = 0; f < chunk.count; f++) {
      const time = views.timestamps[f] ?? Number.NaN;
      if (!(time >= this.settings.start && time <= this.settings.end)) continue;
      const at = f * chunk.depth;
      const frame: ComparedFrame = {
        time,
        bidPrices: views.bidPrices.slice(at, at + levels),
        bidSizes: views.bidSizes.slice(at, at + levels),
        askPrices: views.askPrices.slice(at, at + levels),
        askSizes: views.askSizes.slice(at, at + levels),
      };
      entry.check.push(side, frame);
    }
    this.#flush();
  }

  /** Records the end of one replay; once both have ended, settles the rest and reports the summary. */
  replayEnded(side: CrossCheckSide, result: ReplayResult): void {
    this.#ended[side] = result;
    for (const { check } of this.#books.values()) check.end(side);
    this.#flush();
    if (!result.ok) this.cancelOther(side === 'a' ? 'b' : 'a');
    const a = this.#ended.a;
    const b = this.#ended.b;
    if (a === null || b === null) return;
    const failed = !a.ok ? { side: 'a' as const, error: a.error } : !b.ok ? { side: 'b' as const, error: b.error } : null;
    this.sink.ended({ ok: failed === null, error: failed === null ? null : { ...failed.error, side: sideName[failed.side] }, summary: this.#summary() });
  }

  #book(key: BookKey): { key: BookKey; check: BookCrossCheck; pending: CrossCheckDifference[] } {
    const id = bookKeyId(key);
    let entry = this.#books.get(id);
    if (entry === undefined) {
      const pending: CrossCheckDifference[] = [];
      const check = new BookCrossCheck(this.settings.levels, (difference) => {
        if (this.#reported >= this.settings.maxDifferences) {
          this.#capped = true;
          return;
        }
        this.#reported++;
        pending.push(difference);
      });
      // A book first seen after one replay ended will get nothing more from that one.
      for (const side of ['a', 'b'] as const) if (this.#ended[side] !== null) check.end(side);
      entry = { key: { source: key.source, market: key.market, instrument: key.instrument }, check, pending };
      this.#books.set(id, entry);
    }
    return entry;
  }

  #flush(): void {
    for (const entry of this.#books.values()) {
      if (entry.pending.length === 0) continue;
      this.sink.differences(entry.key, entry.pending.splice(0));
    }
  }

  #summary(): CrossCheckSummary {
    let counts = emptyCrossCheckCounts();
    for (const { check } of this.#books.values()) counts = addedCrossCheckCounts(counts, check.counts);
    return { counts, books: this.#books.size, reported: this.#reported, capped: this.#capped };
  }
}

import type { BookReset } from '../../../../shared/book/book-event.ts';
import { bookKeyId, type BookKey } from '../../../../shared/book/book-key.ts';
import { HealthMarkLog, type HealthBatch } from '../../../../shared/book/health-marks.ts';
import type { FrameMark, FrameMarkCounts } from '../../../../shared/book/replay/frame-marks.ts';
import { isBookReset, type BookInput } from '../book-input.ts';
import type { ReplayCounts } from '../frame-replayer.ts';
import { BookTrack, type TrackExtent, type TrackSettings } from './book-track.ts';
import type { SegmentStore } from './segment-store.ts';
import { TradeLog, type LoggedTrade } from './trade-log.ts';

/** One book of a session, as the view lists it. */
export interface TrackSummary extends TrackExtent {
  key: BookKey;
  /** Trades read for it (file replays; 0 for market replays, whose trades come from the service). */
  trades: number;
}

/** Frame marks of one book since the last batch. */
export interface FrameMarkBatch {
  marks: FrameMark[];
  counts: FrameMarkCounts;
  capped: boolean;
}

/** A trade as the session routes it to its book. */
export interface SessionTrade extends LoggedTrade, BookKey {}

/** Whether a reset clears the book with this key: every book without a key, else the named book. */
function resetClears(reset: BookReset, key: BookKey): boolean {
  return reset.key === undefined || bookKeyId(reset.key) === bookKeyId(key);
}

/**
 * Everything one interactive replay keeps: a `BookTrack` per book (log, checkpoints, tiles), its
 * health marks, and the trades read beside the books. Inputs are applied in order as they are
 * read; the view asks for windows of frames and tiles at any time, during or after reading.
 */
export class ReplaySession {
  readonly #settings: TrackSettings;
  readonly #store: SegmentStore;
  readonly #tracks = new Map<string, BookTrack>();
  readonly #health = new Map<string, { key: BookKey; log: HealthMarkLog }>();
  readonly #trades = new Map<string, TradeLog>();
  readonly #counts: ReplayCounts = { events: 0, frames: 0, chunks: 0, resets: 0, withoutBook: 0, crossed: 0, locked: 0 };
  #closed = false;
  /** The book of the last event applied: consecutive events of one book (the common case) skip the map lookups. */
  #last: { source: string; market: string; instrument: string | null; track: BookTrack; health: HealthMarkLog } | null = null;

  constructor(settings: TrackSettings, store: SegmentStore) {
    this.#settings = settings;
    this.#store = store;
  }

  /** Counts over the whole session, in the shape replay progress reports. */
  get counts(): Readonly<ReplayCounts> {
    let crossed = 0;
    let locked = 0;
    for (const track of this.#tracks.values()) {
      crossed += track.crossedFrames;
      locked += track.lockedFrames;
    }
    return { ...this.#counts, crossed, locked };
  }

  /** Applies inputs in order. Throws `BookDataError` on a bad level. */
  apply(inputs: readonly BookInput[]): void {
    const counts = this.#counts;
    for (const input of inputs) {
      if (isBookReset(input)) {
        counts.resets++;
        for (const track of this.#tracks.values()) {
          if (!resetClears(input, track.key)) continue;
          if (track.applyReset(input.collectorTimestamp)) counts.frames++;
        }
        for (const { key, log } of this.#health.values()) if (resetClears(input, key)) log.reset(input.collectorTimestamp, input.cause ?? 'coverage-gap');
        continue;
      }
      counts.events++;
      const { track, health } = this.#bookOf(input);
      if (track.applyEvent(input)) {
        counts.frames++;
        health.produced();
      } else {
        counts.withoutBook++;
        health.droppedDelta(input.collectorTimestamp);
      }
    }
  }

  /** Adds trades read beside the books (a file replay's). */
  addTrades(trades: readonly SessionTrade[]): void {
    for (const trade of trades) {
      const id = bookKeyId(trade);
      let log = this.#trades.get(id);
      if (log === undefined) {
        log = new TradeLog();
        this.#trades.set(id, log);
      }
      log.add(trade);
    }
  }

  /** The end of the data. */
  finish(): void {
    for (const track of this.#tracks.values()) track.finish();
  }

  /** The books so far, in order of first appearance (only those with frames). */
  summaries(): TrackSummary[] {
    const out: TrackSummary[] = [];
    for (const [id, track] of this.#tracks) {
      const extent = track.extent;
      if (extent.entries === 0) continue;
      out.push({ key: track.key, ...extent, trades: this.#trades.get(id)?.count ?? 0 });
    }
    return out;
  }

  /** The track of a book, or null. */
  track(key: BookKey): BookTrack | null {
    return this.#tracks.get(bookKeyId(key)) ?? null;
  }

  /** The trades of a book from index `from` on. */
  trades(key: BookKey, from: number): ReturnType<TradeLog['slice']> & { total: number } {
    const log = this.#trades.get(bookKeyId(key)) ?? new TradeLog();
    return { ...log.slice(from), total: log.count };
  }

  /** Health batches (resets, dropped deltas) with something new since the last call; `final` closes open runs. */
  takeHealth(final = false): { key: BookKey; batch: HealthBatch }[] {
    const out: { key: BookKey; batch: HealthBatch }[] = [];
    for (const { key, log } of this.#health.values()) {
      if (!log.hasPending) continue;
      const batch = log.take(final);
      if (batch.marks.length > 0 || final) out.push({ key, batch });
    }
    return out;
  }

  /** Frame mark batches (crossed, locked, backward steps) with something new since the last call. */
  takeMarks(): { key: BookKey; batch: FrameMarkBatch }[] {
    const out: { key: BookKey; batch: FrameMarkBatch }[] = [];
    for (const track of this.#tracks.values()) if (track.marks.hasPending) out.push({ key: track.key, batch: track.marks.take() });
    return out;
  }

  /** Memory the session holds (not counting the segment store's file), bytes. */
  memoryBytes(): number {
    let bytes = this.#store.memoryBytes;
    for (const track of this.#tracks.values()) bytes += track.memoryBytes();
    for (const log of this.#trades.values()) bytes += log.bytes();
    return bytes;
  }

  /** Frees the log file and everything held. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const track of this.#tracks.values()) track.close();
    this.#store.close();
  }

  /** The track and health log of an event's book, from the last event's when it names the same book. */
  #bookOf(key: BookKey): { track: BookTrack; health: HealthMarkLog } {
    const last = this.#last;
    if (last !== null && last.source === key.source && last.market === key.market && last.instrument === key.instrument) return last;
    const id = bookKeyId(key);
    const found = { source: key.source, market: key.market, instrument: key.instrument, track: this.#trackOf(id, key), health: this.#healthOf(id, key) };
    this.#last = found;
    return found;
  }

  #trackOf(id: string, key: BookKey): BookTrack {
    let track = this.#tracks.get(id);
    if (track === undefined) {
      track = new BookTrack(key, this.#settings, this.#store);
      this.#tracks.set(id, track);
    }
    return track;
  }

  #healthOf(id: string, key: BookKey): HealthMarkLog {
    let entry = this.#health.get(id);
    if (entry === undefined) {
      entry = { key: { source: key.source, market: key.market, instrument: key.instrument }, log: new HealthMarkLog() };
      this.#health.set(id, entry);
    }
    return entry.log;
  }
}

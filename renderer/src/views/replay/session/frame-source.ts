import { frameViews, type FrameChunk, type FrameViews } from '../../../../../shared/book/book-frames.ts';
import type { BookWindow } from '../../../../../shared/contract/book-session-schemas.ts';

// The frames the player shows, fetched a window at a time from the replay held in main: one
// frame per event around the cursor (for stepping and normal speeds), or the book at the end of
// each slot of a stride (for fast playback). Only a few windows are kept, so the view's memory
// does not grow with the range.

/** How main is asked for windows (the contract in the app; a fake in tests). */
export interface FrameFetcher {
  window(input: { at?: number; first?: number; before: number; after: number }): Promise<BookWindow>;
  sampled(input: { t0: number; t1: number; strideMs: number; maxFrames: number }): Promise<BookWindow>;
}

/** One window as it is kept: its frames, their entry indices and replay clocks. */
export interface LoadedWindow {
  /** Slot width of sampled frames; 0 for one frame per event. */
  strideMs: number;
  indices: Float64Array;
  clocks: Float64Array;
  views: FrameViews;
  chunk: FrameChunk;
  count: number;
  /** Entries the book held when the window was cut. */
  total: number;
  /** Position of the frame the window was asked around (where "ahead" starts). */
  anchorK: number;
}

/** Where one frame sits: its window and position. */
export interface FrameAt {
  window: LoadedWindow;
  /** Position in the window. */
  k: number;
  /** The entry (event) index it stands for. */
  index: number;
}

/** Frames asked for before and after the cursor in one per-event window. */
export const windowBefore = 512;
export const windowAfter = 3584;
/**
 * Frames asked for around a jump (a seek, a first frame): an eighth of a window, so the frame at
 * the new place is built, sent and shown sooner; playing on from it asks for a full window ahead.
 */
export const seekBefore = 64;
export const seekAfter = 448;
/** Sampled frames in one window. */
export const sampledFrames = 2048;
/** Windows kept. */
const keptWindows = 4;
/** A window is refetched ahead once the cursor is this far into what lies after its anchor. */
const prefetchShare = 0.6;

function loaded(answer: BookWindow): LoadedWindow {
  const indices = new Float64Array(answer.indices);
  const anchorK = Math.min(Math.max(0, answer.anchor - (indices[0] ?? 0)), Math.max(0, indices.length - 1));
  return { strideMs: answer.strideMs, indices, clocks: new Float64Array(answer.clocks), views: frameViews(answer.chunk), chunk: answer.chunk, count: indices.length, total: answer.total, anchorK };
}

/** The last position in `clocks` whose value is ≤ t; −1 when none. */
function lastAtOrBefore(clocks: Float64Array, t: number): number {
  let low = 0;
  let high = clocks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((clocks[mid] ?? Number.POSITIVE_INFINITY) <= t) low = mid + 1;
    else high = mid;
  }
  return low - 1;
}

/**
 * The windows of one book of one replay. `frameAtTime` and `frameAtIndex` answer from what is
 * loaded; `ensureTime` and `ensureIndex` ask main for what is missing or about to be (one request
 * at a time per kind), and `onChange` listeners hear when a window arrives.
 */
export class FrameSource {
  readonly #fetch: FrameFetcher;
  #windows: LoadedWindow[] = [];
  #pending: Promise<void> | null = null;
  /** What the request in flight is for (kept for debugging and tests). */
  #pendingKey = '';
  readonly #listeners = new Set<() => void>();
  #version = 0;
  #entries = 0;
  #closed = false;

  constructor(fetcher: FrameFetcher) {
    this.#fetch = fetcher;
  }

  /** What the request in flight asks for ('' when none). */
  get pending(): string {
    return this.#pendingKey;
  }

  /** Bumps on every answer that arrives. */
  get version(): number {
    return this.#version;
  }

  /** Tells the source how many entries the book holds now (windows cut earlier may end before that). */
  setEntries(entries: number): void {
    this.#entries = entries;
  }

  /** Listens for arriving windows; answers the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Stops listening to answers still in flight. */
  close(): void {
    this.#closed = true;
    this.#listeners.clear();
  }

  /**
   * The frame in force at replay time t from the loaded windows: from a per-event window when
   * `strideMs` is 0, else from a sampled window of that stride or finer (per-event ones too).
   * Null when no loaded window can tell.
   */
  frameAtTime(t: number, strideMs = 0): FrameAt | null {
    for (const window of this.#windows) {
      if (strideMs === 0 ? window.strideMs !== 0 : window.strideMs > strideMs) continue;
      const first = window.clocks[0] ?? Number.POSITIVE_INFINITY;
      if (window.count === 0 || t < first) continue;
      const k = lastAtOrBefore(window.clocks, t);
      const last = window.count - 1;
      // Past the window's last frame the answer is only known when that frame is the book's last.
      if (k === last && t > (window.clocks[last] ?? 0) && (window.indices[last] ?? -1) + 1 < Math.max(this.#entries, window.total)) continue;
      this.#touch(window);
      return { window, k, index: window.indices[k] ?? -1 };
    }
    return null;
  }

  /** Frame `index` (an entry) from a loaded per-event window; null when not loaded. */
  frameAtIndex(index: number): FrameAt | null {
    for (const window of this.#windows) {
      if (window.strideMs !== 0 || window.count === 0) continue;
      const k = index - (window.indices[0] ?? 0);
      if (k < 0 || k >= window.count) continue;
      this.#touch(window);
      return { window, k, index };
    }
    return null;
  }

  /**
   * Makes sure the frames around time t are loaded or on their way: per-event frames when
   * `strideMs` is 0, else sampled ones. When playing forward, the next window is asked for once
   * the cursor is well into the current one.
   */
  ensureTime(t: number, strideMs = 0): void {
    const at = this.frameAtTime(t, strideMs);
    if (at !== null) {
      const window = at.window;
      const atEnd = (window.indices[window.count - 1] ?? -1) + 1 >= Math.max(this.#entries, window.total);
      if (atEnd) {
        if (this.#entries <= window.total) return;
      } else if (window.strideMs === 0) {
        const anchor = window.anchorK;
        if (at.k < anchor + (window.count - anchor) * prefetchShare) return;
      } else {
        const span = (window.clocks[window.count - 1] ?? t) - (window.clocks[0] ?? t);
        if (t < (window.clocks[0] ?? t) + span * prefetchShare) return;
      }
      if (this.#covers(t, strideMs)) return;
    }
    // Nothing loaded tells the frame at t: a jump, answered first with a small window.
    const jump = at === null;
    if (strideMs === 0) this.#request(`t:${Math.round(t)}`, () => this.#fetch.window({ at: t, before: jump ? seekBefore : windowBefore, after: jump ? seekAfter : windowAfter }));
    else this.#request(`s:${strideMs}:${Math.round(t)}`, () => this.#fetch.sampled({ t0: t, t1: t + strideMs * sampledFrames, strideMs, maxFrames: sampledFrames }));
  }

  /** Makes sure frame `index` is loaded or on its way (a window centred on it). */
  ensureIndex(index: number): void {
    if (index < 0 || this.frameAtIndex(index) !== null) return;
    const first = Math.max(0, index - windowBefore);
    this.#request(`i:${first}`, () => this.#fetch.window({ first, before: 0, after: windowBefore + windowAfter }));
  }

  /** Whether another loaded window already reaches well past t (the next one arrived). */
  #covers(t: number, strideMs: number): boolean {
    return this.#windows.some((window) => {
      if (strideMs === 0 ? window.strideMs !== 0 : window.strideMs > strideMs) return false;
      const first = window.clocks[0] ?? Number.POSITIVE_INFINITY;
      const last = window.clocks[window.count - 1] ?? Number.NEGATIVE_INFINITY;
      return first <= t && last > t + (last - first) * 0.3;
    });
  }

  #request(key: string, ask: () => Promise<BookWindow>): void {
    // One request at a time: a wish made meanwhile is made again by the next render, which the
    // answer (or its failure) always causes.
    if (this.#pending !== null) return;
    this.#pendingKey = key;
    this.#pending = ask()
      .then((answer) => {
        if (this.#closed) return;
        this.#entries = Math.max(this.#entries, answer.total);
        if (answer.indices.byteLength === 0) return;
        this.#windows.unshift(loaded(answer));
        if (this.#windows.length > keptWindows) this.#windows.length = keptWindows;
      })
      .catch(() => {
        // A released replay or a lost connection: the view shows its own state for those.
      })
      .finally(() => {
        this.#pending = null;
        this.#pendingKey = '';
        if (this.#closed) return;
        this.#version++;
        for (const listener of this.#listeners) listener();
      });
  }

  #touch(window: LoadedWindow): void {
    const at = this.#windows.indexOf(window);
    if (at > 0) {
      this.#windows.splice(at, 1);
      this.#windows.unshift(window);
    }
  }
}

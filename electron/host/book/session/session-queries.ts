import type { FrameChunk } from '../../../../shared/book/book-frames.ts';
import type { BookKey } from '../../../../shared/book/book-key.ts';
import type { LatencyColumns } from '../../../../shared/book/latency-lane.ts';
import type { TilePayload } from '../../../../shared/book/replay/liquidity-tiles.ts';
import type { ReplaySession } from './replay-session.ts';
import type { TradeColumnsOut } from './trade-log.ts';

/** Frames asked for at most in one window. */
export const maxWindowFrames = 8192;

/** Latency columns asked for at most in one query. */
export const maxLatencyColumns = 2048;

/** Tiles asked for at most in one query. */
export const maxTilesPerQuery = 64;

/** What the view asks a session for. */
export type SessionQuery =
  /** One frame per event around the event in force at `at` (or from entry `first`): `before` frames before it, `after` after. */
  | { kind: 'frames'; book: BookKey; at?: number; first?: number; before: number; after: number }
  /** The book at the end of each `strideMs` slot of [t0, t1], at most `maxFrames` (fast playback). */
  | { kind: 'sampled'; book: BookKey; t0: number; t1: number; strideMs: number; maxFrames: number }
  /** Heatmap tiles of one level, rows in bands of 2^rowShift steps, clipped to [rowMin, rowMax] when given. */
  | { kind: 'tiles'; book: BookKey; level: number; indices: number[]; rowShift: number; rowMin?: number; rowMax?: number }
  /** The trades read beside the book, from index `from` on. */
  | { kind: 'trades'; book: BookKey; from: number }
  /** The latency of the book's events in `columns` columns of [t0, t1). */
  | { kind: 'latency'; book: BookKey; t0: number; t1: number; columns: number };

/** A window of frames: the entry index of each, its replay clock, and the frames themselves. */
export interface FramesAnswer {
  kind: 'frames';
  /** Entries the track holds now. */
  total: number;
  /** The entry in force at the asked time (−1 before the first), or the first asked for. */
  anchor: number;
  /** Slot width for sampled frames; 0 for one frame per event. */
  strideMs: number;
  chunk: FrameChunk;
  indices: Float64Array;
  clocks: Float64Array;
}

/** What a session answers. */
export type SessionAnswer =
  | FramesAnswer
  | { kind: 'tiles'; tiles: TilePayload[] }
  | ({ kind: 'trades'; total: number } & TradeColumnsOut)
  | ({ kind: 'latency' } & LatencyColumns)
  | { kind: 'error'; message: string };

/** The buffers of an answer, to move (not copy) it to the other thread. */
export function answerBuffers(answer: SessionAnswer): ArrayBuffer[] {
  const out = new Set<ArrayBufferLike>();
  switch (answer.kind) {
    case 'frames':
      out.add(answer.chunk.buffer);
      out.add(answer.indices.buffer);
      out.add(answer.clocks.buffer);
      break;
    case 'tiles':
      for (const tile of answer.tiles) {
        out.add(tile.values.buffer);
        out.add(tile.bests.buffer);
      }
      break;
    case 'trades':
      for (const column of [answer.time, answer.price, answer.quantity, answer.side]) out.add(column.buffer);
      break;
    case 'latency':
    case 'error':
      break;
  }
  return [...out].filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer && buffer.byteLength > 0);
}

/** Answers one query from a session (the book not there yet answers an empty result). */
export function answerQuery(session: ReplaySession, query: SessionQuery): SessionAnswer {
  const track = session.track(query.book);
  switch (query.kind) {
    case 'frames': {
      const before = clampCount(query.before);
      const after = clampCount(query.after);
      if (track === null) return emptyFrames();
      const anchor = query.at === undefined ? Math.max(0, Math.floor(query.first ?? 0)) : track.indexAt(query.at);
      const first = Math.max(0, anchor - before);
      const count = Math.min(maxWindowFrames, anchor - first + 1 + after);
      return { kind: 'frames', total: track.extent.entries, anchor, strideMs: 0, ...track.frames(first, count) };
    }
    case 'sampled': {
      if (track === null || !(query.strideMs > 0) || !(query.t1 >= query.t0)) return emptyFrames();
      const frames = track.sampledFrames(query.t0, query.t1, query.strideMs, Math.min(maxWindowFrames, clampCount(query.maxFrames)));
      return { kind: 'frames', total: track.extent.entries, anchor: frames.indices[0] ?? -1, strideMs: query.strideMs, ...frames };
    }
    case 'tiles': {
      if (track === null) return { kind: 'tiles', tiles: [] };
      const tiles: TilePayload[] = [];
      for (const index of query.indices.slice(0, maxTilesPerQuery)) {
        const tile = track.tile(query.level, index, query.rowShift, query.rowMin, query.rowMax);
        if (tile !== null) tiles.push(tile);
      }
      return { kind: 'tiles', tiles };
    }
    case 'trades':
      return { kind: 'trades', ...session.trades(query.book, query.from) };
    case 'latency': {
      const columns = Math.max(1, Math.min(maxLatencyColumns, Math.floor(Number.isFinite(query.columns) ? query.columns : 1)));
      const t1 = Math.max(query.t0, query.t1);
      if (track === null) return { kind: 'latency', t0: query.t0, columnMs: (t1 - query.t0) / columns, known: [], unknown: [], p50: [], p99: [], max: [] };
      return { kind: 'latency', ...track.latencyColumns(query.t0, t1, columns) };
    }
  }
}

function clampCount(value: number): number {
  return Math.max(0, Math.min(maxWindowFrames, Math.floor(Number.isFinite(value) ? value : 0)));
}

function emptyFrames(): FramesAnswer {
  return { kind: 'frames', total: 0, anchor: -1, strideMs: 0, chunk: { depth: 1, capacity: 1, count: 0, buffer: new ArrayBuffer(0) }, indices: new Float64Array(0), clocks: new Float64Array(0) };
}

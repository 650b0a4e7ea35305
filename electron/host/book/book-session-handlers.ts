import type { BookWindow, BookTile, BookTrades } from '../../../shared/contract/book-session-schemas.ts';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { ContractHandlers } from '../contract/handlers.ts';
import type { BookWorkerClient } from './book-worker-client.ts';
import type { SessionAnswer, SessionQuery } from './session/session-queries.ts';
import { contractError } from '../contract-errors.ts';

/** The contract channels this module implements. */
export type BookSessionHandlers = Pick<ContractHandlers, 'book.window' | 'book.sampled' | 'book.latency' | 'book.tiles' | 'book.trades' | 'book.release'>;

/** Which worker replay (by sequence number) serves each replay id the view holds. */
export class ReplayRegistry {
  readonly #seqs = new Map<string, number>();

  /** Records a session replay under its id. */
  add(replayId: string, seq: number): void {
    this.#seqs.set(replayId, seq);
  }

  /** The worker's sequence number of a replay id, or undefined. */
  seqOf(replayId: string): number | undefined {
    return this.#seqs.get(replayId);
  }

  /** Forgets a replay id; answers its sequence number when it was known. */
  remove(replayId: string): number | undefined {
    const seq = this.#seqs.get(replayId);
    this.#seqs.delete(replayId);
    return seq;
  }
}

/** A copy of a typed array's bytes as its own ArrayBuffer (a view of a larger buffer is cut out). */
function ownBuffer(view: Float64Array | Float32Array): ArrayBuffer {
  if (view.byteOffset === 0 && view.buffer instanceof ArrayBuffer && view.buffer.byteLength === view.byteLength) return view.buffer;
  const copy = new ArrayBuffer(view.byteLength);
  new Uint8Array(copy).set(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
  return copy;
}

function released(channel: string): ContractError {
  return contractError('not-found', channel, 'This replay is no longer held (it was released or replaced by newer ones)', 'Start the replay again.');
}

/**
 * `book.window`, `book.sampled`, `book.tiles`, `book.trades` and `book.release` over the book
 * worker's session replays: the view asks for the frames and tiles it shows; main rebuilds them
 * from the replay's log and checkpoints. An id that is not a held session replay is `not-found`.
 */
export function bookSessionHandlers(worker: BookWorkerClient, registry: ReplayRegistry): BookSessionHandlers {
  async function ask(replayId: string, query: SessionQuery, channel: string): Promise<SessionAnswer> {
    const seq = registry.seqOf(replayId);
    if (seq === undefined) throw released(channel);
    const answer = await worker.query(seq, query);
    if (answer.kind === 'error') throw released(channel);
    return answer;
  }

  function windowOf(answer: SessionAnswer, channel: string): BookWindow {
    if (answer.kind !== 'frames') throw contractError('internal', channel, `The book worker answered ${answer.kind} to a frames query`, 'Try again; if it keeps failing, report it.');
    return { total: answer.total, anchor: answer.anchor, strideMs: answer.strideMs, chunk: answer.chunk, indices: ownBuffer(answer.indices), clocks: ownBuffer(answer.clocks) };
  }

  return {
    'book.window': async (input) => {
      const channel = 'book.window';
      const query: SessionQuery = { kind: 'frames', book: input.book, before: input.before, after: input.after, ...(input.at === undefined ? {} : { at: input.at }), ...(input.first === undefined ? {} : { first: input.first }) };
      return windowOf(await ask(input.replayId, query, channel), channel);
    },
    'book.sampled': async (input) => {
      const channel = 'book.sampled';
      return windowOf(await ask(input.replayId, { kind: 'sampled', book: input.book, t0: input.t0, t1: input.t1, strideMs: input.strideMs, maxFrames: input.maxFrames }, channel), channel);
    },
    'book.latency': async (input) => {
      const channel = 'book.latency';
      const answer = await ask(input.replayId, { kind: 'latency', book: input.book, t0: input.t0, t1: input.t1, columns: input.columns }, channel);
      if (answer.kind !== 'latency') throw released(channel);
      const { t0, columnMs, known, unknown, p50, p99, max } = answer;
      return { t0, columnMs, known, unknown, p50, p99, max };
    },
    'book.tiles': async (input) => {
      const channel = 'book.tiles';
      const answer = await ask(input.replayId, { kind: 'tiles', book: input.book, level: input.level, indices: input.indices, rowShift: input.rowShift, ...(input.rowMin === undefined ? {} : { rowMin: input.rowMin }), ...(input.rowMax === undefined ? {} : { rowMax: input.rowMax }) }, channel);
      if (answer.kind !== 'tiles') throw released(channel);
      const tiles: BookTile[] = answer.tiles.map((tile) => ({ ...tile, values: ownBuffer(tile.values), bests: ownBuffer(tile.bests) }));
      return { tiles };
    },
    'book.trades': async (input) => {
      const channel = 'book.trades';
      const answer = await ask(input.replayId, { kind: 'trades', book: input.book, from: input.from }, channel);
      if (answer.kind !== 'trades') throw released(channel);
      const trades: BookTrades = { total: answer.total, time: ownBuffer(answer.time), price: ownBuffer(answer.price), quantity: ownBuffer(answer.quantity), side: ownBuffer(answer.side) };
      return trades;
    },
    'book.release': ({ replayId }) => {
      const seq = registry.remove(replayId);
      if (seq !== undefined) worker.release(seq);
      return Promise.resolve({ released: seq !== undefined });
    },
  };
}

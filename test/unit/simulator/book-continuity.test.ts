import { describe, expect, it } from 'vitest';
import { BookModel } from '../../../electron/server/simulator/book-model.ts';
import { collectorRunsOf } from '../../../electron/server/simulator/capture-sessions.ts';
import type { SimulatedDataset } from '../../../electron/server/simulator/demo-datasets.ts';
import { generateHourInto } from '../../../electron/server/simulator/generate-hour.ts';
import { decimalsOf } from '../../../electron/server/simulator/line-writers.ts';
import { ReferenceL2Books, type ReferenceLevel, type ReferenceTop } from '../../support/reference-l2-books.ts';
import { dataset, rowsOf, type SimulatedRow } from './simulated-rows.ts';

// Hours of a book market replayed back to back through the independent reference books: deltas
// at an hour's start apply on top of the previous hour's book, every snapshot equals the book the
// deltas built (so deltas are exact diffs and hours join), nothing is ever crossed or locked (nor
// emptied, even while a touch jump goes out as several deltas), and no row carries more than 25
// levels a side.

const hourMs = 3_600_000;
const seed = 3;

/** Streams an hour's rows (parsed with JSON.parse) to `each`, without holding the whole text. */
function forEachRow(ds: SimulatedDataset, hourStart: number, until: number, each: (row: SimulatedRow) => void): void {
  let rest = '';
  const consume = (text: string): void => {
    const cut = text.lastIndexOf('\n');
    if (cut < 0) {
      rest += text;
      return;
    }
    for (const row of rowsOf(rest + text.slice(0, cut + 1))) each(row);
    rest = text.slice(cut + 1);
  };
  generateHourInto(seed, ds, hourStart, until, { write: consume });
  consume('\n');
}

/** The model's book at a time, as the file would print it. */
function modelTop(ds: SimulatedDataset, time: number): ReferenceTop {
  const book = new BookModel(seed, ds).visibleBookAt(time);
  const price = (tick: number): number => Number((tick * ds.tick).toFixed(decimalsOf(ds.tick)));
  const size = (lots: number): number => Number((lots * ds.lot).toFixed(decimalsOf(ds.lot)));
  const levels = (flat: number[]): ReferenceLevel[] => flat.flatMap((value, i) => (i % 2 === 0 ? [[price(value), size(flat[i + 1] ?? 0)] as ReferenceLevel] : []));
  return { bids: levels(book.bids), asks: levels(book.asks) };
}

/**
 * The touch of a book kept alongside the reference (which sorts on every read, too slow for
 * half a million rows): best bid and ask, recomputed only when a delta deletes one of them.
 */
class TouchWatch {
  readonly #sides = [new Map<number, number>(), new Map<number, number>()];
  readonly #best = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];

  apply(snapshot: boolean, bids: readonly ReferenceLevel[], asks: readonly ReferenceLevel[]): void {
    for (const [index, levels] of [bids, asks].entries()) {
      const side = this.#sides[index] ?? new Map<number, number>();
      const better = (a: number, b: number): boolean => (index === 0 ? a > b : a < b);
      if (snapshot) {
        side.clear();
        this.#best[index] = index === 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      }
      let lostBest = false;
      for (const [price, quantity] of levels) {
        if (quantity > 0) {
          side.set(price, quantity);
          if (better(price, this.#best[index] ?? 0)) this.#best[index] = price;
        } else if (side.delete(price) && price === this.#best[index]) lostBest = true;
      }
      if (lostBest) this.#best[index] = [...side.keys()].reduce((best, price) => (better(price, best) ? price : best), index === 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY);
    }
  }

  clear(): void {
    this.apply(true, [], []);
  }

  get bid(): number {
    return this.#best[0] ?? Number.NEGATIVE_INFINITY;
  }

  get ask(): number {
    return this.#best[1] ?? Number.POSITIVE_INFINITY;
  }
}

interface Replay {
  books: ReferenceL2Books;
  touch: TouchWatch;
  id: { source: string; market: string; instrument: null };
  lastSequence: number;
  snapshotsMatched: number;
  snapshotsAfterRestart: number;
  deltasApplied: number;
  problems: string[];
}

function replayRow(replay: Replay, ds: SimulatedDataset, row: SimulatedRow): void {
  if (row.type !== 'orderbook') return;
  const { books, id, problems } = replay;
  // Session detection: a v2 sequence that does not rise starts a new capture session.
  if (row.sequence !== null) {
    if (row.sequence <= replay.lastSequence) {
      books.clear(id);
      replay.touch.clear();
    }
    replay.lastSequence = row.sequence;
  }
  if (row.bids.length > 25 || row.asks.length > 25) problems.push(`${row.time}: ${row.bids.length}/${row.asks.length} levels`);
  for (const [price, quantity] of [...row.bids, ...row.asks]) {
    if (!(price > 0) || !(quantity >= 0) || (row.snapshot && !(quantity > 0))) problems.push(`${row.time}: level [${price}, ${quantity}]`);
  }
  if (row.snapshot) {
    const before = books.top(id);
    if (before === null) replay.snapshotsAfterRestart++;
    else if (JSON.stringify(before) === JSON.stringify({ bids: row.bids, asks: row.asks })) replay.snapshotsMatched++;
    else problems.push(`${row.time}: the snapshot differs from the book the deltas built`);
  }
  const applied = books.apply({ ...id, time: row.time, snapshot: row.snapshot, bids: row.bids, asks: row.asks });
  if (!applied) return;
  if (!row.snapshot) replay.deltasApplied++;
  replay.touch.apply(row.snapshot, row.bids, row.asks);
  const { bid, ask } = replay.touch;
  if (!Number.isFinite(bid) || !Number.isFinite(ask)) problems.push(`${row.time}: a side is empty`);
  else if (!((ask - bid) / ds.tick > 0.999)) problems.push(`${row.time}: crossed or locked ${bid} / ${ask}`);
}

function newReplay(ds: SimulatedDataset): Replay {
  return { books: new ReferenceL2Books(), touch: new TouchWatch(), id: { source: ds.source, market: ds.market, instrument: null }, lastSequence: -1, snapshotsMatched: 0, snapshotsAfterRestart: 0, deltasApplied: 0, problems: [] };
}

/** Whether the collector was writing at the last millisecond of the hour (no downtime over the boundary). */
function writingAtHourEnd(ds: SimulatedDataset, hourEnd: number): boolean {
  return collectorRunsOf(seed, ds, hourEnd - 1, hourEnd).every((run) => hourEnd - 1 < run.rowsUntil);
}

describe('consecutive simulated hours', () => {
  const first = Date.UTC(2026, 10, 18, 12);
  const light = [dataset('hyperliquid', 'SOL'), dataset('binance', 'XRP-USDT'), dataset('hyperliquid', 'BTC'), dataset('aster', 'ETHUSDT'), dataset('lighter', 'BTC-USD')];

  it.each(light.map((d) => [`${d.source}/${d.market}`, d] as const))('join exactly and never cross over three hours (%s)', (_name, ds) => {
    const replay = newReplay(ds);
    let boundariesChecked = 0;
    for (let hour = first; hour < first + 3 * hourMs; hour += hourMs) {
      const deltasBefore = replay.deltasApplied;
      forEachRow(ds, hour, Number.POSITIVE_INFINITY, (row) => replayRow(replay, ds, row));
      expect(replay.deltasApplied).toBeGreaterThan(deltasBefore + 3000);
      if (writingAtHourEnd(ds, hour + hourMs)) {
        // The book after hour N's last event is the function's book there, which hour N+1 continues.
        expect(replay.books.top(replay.id)).toEqual(modelTop(ds, hour + hourMs - 1));
        boundariesChecked++;
      }
    }
    expect(replay.problems).toEqual([]);
    expect(boundariesChecked).toBeGreaterThanOrEqual(2);
    expect(replay.snapshotsMatched).toBeGreaterThanOrEqual(30);
  });

  it('join exactly and never cross for the busy binance/BTCUSDT (a full hour, then 10 minutes of the next)', () => {
    const ds = dataset('binance', 'BTCUSDT');
    const hour = Date.UTC(2026, 10, 18, 11);
    expect(writingAtHourEnd(ds, hour + hourMs)).toBe(true);
    const replay = newReplay(ds);
    forEachRow(ds, hour, Number.POSITIVE_INFINITY, (row) => replayRow(replay, ds, row));
    expect(replay.books.top(replay.id)).toEqual(modelTop(ds, hour + hourMs - 1));
    const deltasOfFirstHour = replay.deltasApplied;
    forEachRow(ds, hour + hourMs, hour + hourMs + 10 * 60_000, (row) => replayRow(replay, ds, row));
    expect(replay.problems).toEqual([]);
    expect(deltasOfFirstHour).toBeGreaterThan(500_000);
    expect(replay.snapshotsMatched).toBeGreaterThanOrEqual(14);
  }, 60_000);
});

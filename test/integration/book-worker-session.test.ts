import { afterAll, describe, expect, it } from 'vitest';
import type { BookEvent } from '../../shared/book/book-event.ts';
import { frameFlags, frameViews, type FrameChunk } from '../../shared/book/book-frames.ts';
import { tileSpanOf } from '../../shared/book/replay/liquidity-tiles.ts';
import { BookWorkerClient } from '../../electron/host/book/book-worker-client.ts';
import type { TrackSummary } from '../../electron/host/book/session/replay-session.ts';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { referenceHourOf } from '../support/book-observations.ts';
import { ReferenceL2Books, referenceSteps, type ReferenceTop } from '../support/reference-l2-books.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// The book worker in session mode, as the view uses it: the replay keeps its books in the worker
// and answers windows of frames, stride samples and heatmap tiles while and after it reads. The
// frames are checked against the independent reference model replaying the same files.

const tempDir = useTempDirs();
const client = new BookWorkerClient();
afterAll(() => client.close());

const spec = (h: number): SnapshotFileSpec => ({ source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, h) });
const book = { source: 'binance', market: 'BTC-USDT', instrument: null };

function topOf(chunk: FrameChunk, f: number): ReferenceTop | null {
  const views = frameViews(chunk);
  if (((views.flags[f] ?? 0) & frameFlags.reset) !== 0) return null;
  const side = (prices: Float64Array, sizes: Float64Array): [number, number][] => {
    const out: [number, number][] = [];
    for (let k = 0; k < chunk.depth; k++) {
      const price = prices[f * chunk.depth + k] ?? Number.NaN;
      if (Number.isNaN(price)) break;
      out.push([price, sizes[f * chunk.depth + k] ?? 0]);
    }
    return out;
  };
  return { bids: side(views.bidPrices, views.bidSizes), asks: side(views.askPrices, views.askSizes) };
}

describe('book worker sessions', () => {
  it('answers windows of frames equal to the reference books, around any time, across a coverage gap, the files\' trades, and releases', async () => {
    const dir = await tempDir();
    const hours = [0, 2]; // no file for 01:00: the book is cleared there
    const events: BookEvent[][] = hours.map((h, i) => hourOfEvents(spec(h), 11 + i, 4_500, 400));
    const paths = await Promise.all(hours.map((h, i) => writeSnapshotFile(dir, spec(h), events[i] ?? [])));
    const summaries: TrackSummary[][] = [];
    const replay = client.replayFiles(paths, { depth: 10, mode: 'session', onTracks: (tracks) => summaries.push(tracks) });
    const result = await replay.result;
    expect(result.ok).toBe(true);

    // The reference's book after every event that made one, and an empty frame where the gap cleared it.
    const model = new ReferenceL2Books();
    const expected: { time: number; top: ReferenceTop | null }[] = [];
    let hasBook = false;
    for (const step of referenceSteps(hours.map((h, i) => referenceHourOf(spec(h).hour, events[i] ?? [])))) {
      if ('clear' in step) {
        if (hasBook) expected.push({ time: step.time, top: null });
        model.clear();
        hasBook = false;
        continue;
      }
      if (!model.apply(step.update)) continue;
      hasBook = true;
      expected.push({ time: step.update.time, top: model.top(book, 10) });
    }
    const last = summaries.at(-1)?.[0];
    expect(last?.entries).toBe(expected.length);
    expect(expected.some((frame) => frame.top === null)).toBe(true);

    for (const at of [0, 1_234, 4_499, 4_500, 5_100, expected.length - 1]) {
      const time = Math.max(...expected.slice(0, at + 1).map((frame) => frame.time));
      const answer = await client.query(replay.seq, { kind: 'frames', book, at: time, before: 20, after: 40 });
      if (answer.kind !== 'frames') throw new Error(answer.kind);
      expect(answer.indices[0]).toBe(Math.max(0, answer.anchor - 20));
      for (let f = 0; f < answer.chunk.count; f++) {
        const index = answer.indices[f] ?? -1;
        expect(JSON.stringify(topOf(answer.chunk, f))).toBe(JSON.stringify(expected[index]?.top ?? null));
      }
      // The anchor is the last event whose replay clock is at or before the time asked.
      expect(answer.clocks[answer.anchor - (answer.indices[0] ?? 0)]).toBeLessThanOrEqual(time);
    }

    // A heatmap tile over the first hour holds liquidity and the best prices.
    const level = 6;
    const tiles = await client.query(replay.seq, { kind: 'tiles', book, level, indices: [Math.floor(spec(0).hour / tileSpanOf(level))], rowShift: 0 });
    if (tiles.kind !== 'tiles') throw new Error(tiles.kind);
    expect(tiles.tiles).toHaveLength(1);
    expect(tiles.tiles[0]?.values.some((value) => value > 0)).toBe(true);

    // The files' trades, kept beside the book: one after every 50th event from the 26th (the
    // fixture's writer), at the replay clock, in file order.
    const expectedTrades: number[][] = [];
    let clock = Number.NEGATIVE_INFINITY;
    for (const hourEvents of events) {
      hourEvents.forEach((event, i) => {
        clock = Math.max(clock, event.collectorTimestamp);
        if (i % 50 === 25) expectedTrades.push([clock, event.bids[0] ?? 1, 0.5, 1]);
      });
    }
    expect(last?.trades).toBe(expectedTrades.length);
    const trades = await client.query(replay.seq, { kind: 'trades', book, from: 10 });
    if (trades.kind !== 'trades') throw new Error(trades.kind);
    expect(trades.total).toBe(expectedTrades.length);
    const got = Array.from(trades.time, (time, i) => [time, trades.price[i] ?? 0, trades.quantity[i] ?? 0, trades.side[i] ?? 0]);
    expect(got).toEqual(expectedTrades.slice(10));

    client.release(replay.seq);
    const gone = await client.query(replay.seq, { kind: 'frames', book, at: spec(0).hour, before: 0, after: 1 });
    expect(gone.kind).toBe('error');
  });
});

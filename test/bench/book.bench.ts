import { OrderBook as TardisBook } from 'tardis-dev';
import { BookEngine } from '../../shared/book/book-engine.ts';
import type { BookEvent } from '../../shared/book/book-event.ts';
import { frameBytes, FrameRecorder } from '../../shared/book/book-frames.ts';
import { l2RowFromBook } from '../../shared/book/book-row.ts';
import { BookTimeline } from '../../shared/book/book-timeline.ts';
import { bookStream, seededRandom } from './book-stream.ts';
import { measure, report } from './measure.ts';

type TardisChange = Parameters<TardisBook['update']>[0];

const depth = 25;
const batch = 1000;

function tardisChange(event: BookEvent): TardisChange {
  const levels = (flat: Float64Array): { price: number; amount: number }[] => {
    const out: { price: number; amount: number }[] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push({ price: flat[i] ?? 0, amount: flat[i + 1] ?? 0 });
    return out;
  };
  const time = new Date(event.collectorTimestamp);
  return { type: 'book_change', symbol: 'BTC-USD', exchange: 'binance', isSnapshot: event.isSnapshot, bids: levels(event.bids), asks: levels(event.asks), timestamp: time, localTimestamp: time };
}

/** Reads up to 25 levels of a tardis side into flat arrays, as a ladder view would. */
function readTardis(levels: IterableIterator<{ price: number; amount: number }>, prices: Float64Array, sizes: Float64Array): void {
  let i = 0;
  for (const level of levels) {
    if (i === depth) break;
    prices[i] = level.price;
    sizes[i] = level.amount;
    i++;
  }
  prices.fill(Number.NaN, i);
  sizes.fill(Number.NaN, i);
}

/** Replays batches of the stream in a loop; a pass restarts at a snapshot, so state stays valid. */
function batches(count: number, step: (index: number) => void): () => void {
  let next = 0;
  return () => {
    for (let n = 0; n < batch; n++) {
      step(next);
      next = next + 1 === count ? 0 : next + 1;
    }
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** Throws when the two engines disagree on the top 25 after the whole stream. */
function checkAgreement(events: BookEvent[], changes: TardisChange[]): void {
  const engine = new BookEngine();
  const tardis = new TardisBook();
  events.forEach((event, i) => {
    engine.apply(event);
    const change = changes[i];
    if (change !== undefined) tardis.update(change);
  });
  const ours = new Float64Array(4 * depth);
  const theirs = new Float64Array(4 * depth);
  const book = engine.book(events[0] ?? { source: '', market: '', instrument: null });
  if (book === undefined) throw new Error('benchmark stream produced no book');
  book.bids.readTop(depth, ours.subarray(0, depth), ours.subarray(depth, 2 * depth), 0);
  book.asks.readTop(depth, ours.subarray(2 * depth, 3 * depth), ours.subarray(3 * depth), 0);
  readTardis(tardis.bids(), theirs.subarray(0, depth), theirs.subarray(depth, 2 * depth));
  readTardis(tardis.asks(), theirs.subarray(2 * depth, 3 * depth), theirs.subarray(3 * depth));
  if (ours.some((value, i) => !Object.is(value, theirs[i]))) throw new Error('engine and tardis-dev disagree on the final book');
}

async function throughput(events: BookEvent[], changes: TardisChange[]): Promise<void> {
  const prices = new Float64Array(depth);
  const sizes = new Float64Array(depth);
  const engine = new BookEngine();
  const tardis = new TardisBook();
  const read = (book: ReturnType<BookEngine['apply']>): void => {
    if (book === null) return;
    book.bids.readTop(depth, prices, sizes, 0);
    book.asks.readTop(depth, prices, sizes, 0);
  };
  const oursTop = await measure(batches(events.length, (i) => read(engine.apply(events[i] as BookEvent))));
  const tardisTop = await measure(
    batches(changes.length, (i) => {
      tardis.update(changes[i] as TardisChange);
      readTardis(tardis.bids(), prices, sizes);
      readTardis(tardis.asks(), prices, sizes);
    }),
  );
  report({ name: 'apply + top 25 both sides, events/s', value: oursTop.opsPerSecond * batch, unit: 'events/s', baselineName: 'tardis-dev', baseline: tardisTop.opsPerSecond * batch, higherIsBetter: true, target: '×3' });

  const oursApply = await measure(batches(events.length, (i) => engine.apply(events[i] as BookEvent)));
  const tardisApply = await measure(batches(changes.length, (i) => tardis.update(changes[i] as TardisChange)));
  report({ name: 'apply only, events/s', value: oursApply.opsPerSecond * batch, unit: 'events/s', baselineName: 'tardis-dev', baseline: tardisApply.opsPerSecond * batch, higherIsBetter: true });

  const recorder = new FrameRecorder({ depth });
  const framed = await measure(
    batches(events.length, (i) => {
      const event = events[i] as BookEvent;
      const book = engine.apply(event);
      if (book !== null) recorder.push(book, event.collectorTimestamp);
    }),
  );
  report({ name: 'apply + frame (top 25, metrics), events/s', value: framed.opsPerSecond * batch, unit: 'events/s', baselineName: 'tardis-dev top 25', baseline: tardisTop.opsPerSecond * batch, higherIsBetter: true });
}

function seeks(events: BookEvent[]): void {
  const timeline = new BookTimeline();
  for (const event of events) timeline.append(event);
  const first = events[0]?.collectorTimestamp ?? 0;
  const last = events[events.length - 1]?.collectorTimestamp ?? 0;
  const random = seededRandom(7);
  const key = { source: 'bench', market: 'BTC-USD', instrument: null };
  const seekTimes: number[] = [];
  const replayTimes: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = first + random() * (last - first);
    const started = performance.now();
    timeline.bookAt(t, key);
    seekTimes.push(performance.now() - started);
    if (i < 30) {
      const replayStarted = performance.now();
      const engine = new BookEngine();
      for (const event of events) {
        if (event.collectorTimestamp > t) break;
        engine.apply(event);
      }
      engine.book(key)?.clone();
      replayTimes.push(performance.now() - replayStarted);
    }
  }
  seekTimes.sort((a, b) => a - b);
  replayTimes.sort((a, b) => a - b);
  const replayMedian = percentile(replayTimes, 0.5);
  report({ name: `bookAt(t) median, ${events.length} events/1 h`, value: percentile(seekTimes, 0.5), unit: 'ms', baselineName: 'full replay', baseline: replayMedian, higherIsBetter: false, target: '< 5 ms' });
  report({ name: 'bookAt(t) p95', value: percentile(seekTimes, 0.95), unit: 'ms', baselineName: 'full replay', baseline: replayMedian, higherIsBetter: false });

  const stats = timeline.checkpointStats();
  const streamBytes = events.reduce((sum, event) => sum + event.bids.byteLength + event.asks.byteLength, 0);
  report({ name: `checkpoint memory (${stats.count} checkpoints), bytes`, value: stats.totalBytes, unit: 'bytes', baselineName: 'event levels', baseline: streamBytes, higherIsBetter: false });
  report({ name: 'largest checkpoint, bytes', value: stats.maxBytes, unit: 'bytes', baselineName: 'event levels', baseline: streamBytes, higherIsBetter: false });

  const book = timeline.latest.book(key);
  if (book !== undefined) {
    const row = l2RowFromBook({ event_id: 'e', source: 'bench', market: 'BTC-USD', instrument: null, collector_timestamp: last, exchange_timestamp: null, source_capture_id: 'c', schema_version: 2 }, book);
    report({ name: 'bytes per frame (25 levels, metrics)', value: frameBytes(depth), unit: 'bytes', baselineName: '2.3 row as JSON', baseline: JSON.stringify(row).length, higherIsBetter: false });
  }
}

async function rows(events: BookEvent[]): Promise<void> {
  const engine = new BookEngine();
  for (const event of events.slice(0, 500)) engine.apply(event);
  const book = engine.book(events[0] ?? { source: '', market: '', instrument: null });
  if (book === undefined) return;
  const envelope = { event_id: 'e', source: 'bench', market: 'BTC-USD', instrument: null, collector_timestamp: 0, exchange_timestamp: null, source_capture_id: 'c', schema_version: 2 };
  const text = JSON.stringify(l2RowFromBook(envelope, book));
  const build = await measure(() => {
    for (let i = 0; i < 100; i++) l2RowFromBook(envelope, book);
  });
  const parse = await measure(() => {
    for (let i = 0; i < 100; i++) JSON.parse(text);
  });
  report({ name: 'flat 2.3 row from a book, rows/s', value: build.opsPerSecond * 100, unit: 'rows/s', baselineName: 'JSON.parse of that row', baseline: parse.opsPerSecond * 100, higherIsBetter: true });
}

/** The order-book engine against tardis-dev's OrderBook on the same seeded stream. */
export async function run(): Promise<void> {
  const events = bookStream({ seed: 42, events: 100_000, snapshotEvery: 1000, startTime: 1_704_067_200_000, durationMs: 6 * 3_600_000 });
  const changes = events.map(tardisChange);
  checkAgreement(events, changes);
  await throughput(events, changes);
  await rows(events);
  seeks(bookStream({ seed: 43, events: 60_000, snapshotEvery: 1000, startTime: 1_704_067_200_000, durationMs: 3_600_000 }));
}

import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BookEvent } from '../../shared/book/book-event.ts';
import { BookEngine } from '../../shared/book/book-engine.ts';
import { ChosenBookReplay } from '../../shared/research/chosen-book-replay.ts';
import { DepthMetricsRecorder, touchedSides } from '../../shared/research/depth-metrics.ts';
import { footprint } from '../../shared/research/footprint.ts';
import { markouts } from '../../shared/research/markouts.ts';
import { MidSeriesRecorder, type MidSeries } from '../../shared/research/mid-series.ts';
import { TradeSeriesBuilder, type TradeSeries } from '../../shared/research/trade-series.ts';
import { seededRandom } from '../../shared/seeded-random.ts';
import { defaultDemoSeed } from '../../electron/server/demo-seed.ts';
import { demoDatasets } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../electron/server/simulator/generate-hour.ts';
import { writeL2File } from '../../electron/server/simulator/l2-file-generator.ts';
import { SnapshotReader } from '../../electron/codec/snapshot-reader.ts';
import { builtCliPath, ensureBuiltCli } from '../support/built-cli.ts';
import { bookStream } from './book-stream.ts';
import { report } from './measure.ts';

// F13's order-flow engines, each beside a baseline measured in the same run:
// - footprint of 24 h of 1-minute candles (in process; the drawn part comes with the view), beside
//   a naive map-of-maps footprint of the same trades;
// - markouts for 1M trades with their books, in process, beside a naive pass over objects (a Map
//   per book side, a binary search per horizon); and `mde metrics markouts` as a whole process
//   beside the naive script a user would write (cli-peers/naive-markouts.mjs);
// - depth metrics over the demo's busy hour (binance/BTCUSDT, ~540k book events), beside the
//   book engine alone over the same events.

const root = join(import.meta.dirname, '..', '..');
const peers = join(import.meta.dirname, 'cli-peers');
const minute = 60_000;
const horizons = [1_000, 5_000, 30_000, 60_000];

/** Medians over `rounds` runs of an in-process operation: wall seconds, and this process's CPU seconds (steadier on a shared machine). */
function timed(operation: () => number, rounds: number): { seconds: number; cpuSeconds: number; count: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  let count = 0;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const usage = process.cpuUsage();
    count = operation();
    const used = process.cpuUsage(usage);
    wall.push((performance.now() - started) / 1000);
    cpu.push((used.user + used.system) / 1e6);
  }
  return { seconds: median(wall), cpuSeconds: median(cpu), count };
}

/** The same figure on CPU time, printed under its wall-time line. */
function cpuLine(what: string, value: string, baselineName: string, baseline: string): void {
  console.log(`    on CPU time: ${what} ${value} vs ${baselineName} ${baseline}`);
}

const rate = (count: number, seconds: number): string => Math.round(count / seconds).toLocaleString('en-US');

/** Seeded trades at the busy market's pace: a random walk on a 0.1 tick near 97,500, in time order. */
function busyTrades(count: number, start: number, durationMs: number, seed: number): TradeSeries {
  const random = seededRandom(seed);
  const builder = new TradeSeriesBuilder();
  let ticks = 975_000;
  for (let i = 0; i < count; i++) {
    ticks += Math.floor(random() * 9) - 4;
    const r = random();
    builder.push(start + Math.floor((i * durationMs) / count), ticks / 10, Math.round((0.001 + random() * random() * 2) * 1000) / 1000, r < 0.05 ? 0 : r < 0.525 ? 1 : -1);
  }
  return builder.build();
}

/** The naive footprint: a Map per candle of plain objects per bucket, keys by Math.floor, then sorted. */
function naiveFootprint(trades: TradeSeries, intervalMs: number, step: number): number {
  const candles = new Map<number, Map<number, { bid: number; ask: number; unknown: number }>>();
  for (let i = 0; i < trades.time.length; i++) {
    const open = Math.floor((trades.time[i] ?? 0) / intervalMs) * intervalMs;
    const bucket = Math.floor((trades.price[i] ?? 0) / step);
    let cells = candles.get(open);
    if (cells === undefined) {
      cells = new Map();
      candles.set(open, cells);
    }
    let cell = cells.get(bucket);
    if (cell === undefined) {
      cell = { bid: 0, ask: 0, unknown: 0 };
      cells.set(bucket, cell);
    }
    const side = trades.side[i];
    const quantity = trades.quantity[i] ?? 0;
    if (side === 1) cell.ask += quantity;
    else if (side === -1) cell.bid += quantity;
    else cell.unknown += quantity;
  }
  let count = 0;
  for (const open of [...candles.keys()].sort((a, b) => a - b)) {
    const cells = candles.get(open);
    if (cells === undefined) continue;
    let poc = 0;
    for (const bucket of [...cells.keys()].sort((a, b) => a - b)) {
      const cell = cells.get(bucket);
      const below = cells.get(bucket - 1);
      const above = cells.get(bucket + 1);
      if (cell === undefined) continue;
      const volume = cell.bid + cell.ask + cell.unknown;
      if (volume > poc) poc = volume;
      if (below !== undefined && below.bid > 0 && cell.ask >= 3 * below.bid) count++;
      if (above !== undefined && above.ask > 0 && cell.bid >= 3 * above.ask) count++;
      count++;
    }
  }
  return count;
}

function benchFootprint(): void {
  const day = Date.UTC(2026, 0, 5);
  const trades = busyTrades(777_600, day, 86_400_000, 1301);
  const ours = timed(() => footprint(trades, { intervalMs: minute, priceStep: 1, imbalanceRatio: 3 }).cells.price.length, 5);
  const naive = timed(() => naiveFootprint(trades, minute, 1), 5);
  report({ name: 'footprint, 24 h of 1m candles (777,600 trades)', value: ours.seconds * 1000, unit: 'ms', baselineName: 'naive map of maps', baseline: naive.seconds * 1000, higherIsBetter: false, target: '< 500 ms received to drawn (in-process part)' });
  cpuLine('footprint', `${(ours.cpuSeconds * 1000).toFixed(1)} ms`, 'naive', `${(naive.cpuSeconds * 1000).toFixed(1)} ms`);
  console.log(`    ${ours.count.toLocaleString('en-US')} cells in 1,440 candles`);
}

/** Mids after every event of a book, the naive way: a Map per side, best prices by scanning the Map. */
function naiveMids(events: readonly BookEvent[]): { time: number; mid: number | null }[] {
  let bids: Map<number, number> | null = null;
  let asks: Map<number, number> | null = null;
  let clock = Number.NEGATIVE_INFINITY;
  const mids: { time: number; mid: number | null }[] = [];
  for (const event of events) {
    if (event.isSnapshot) {
      bids = new Map();
      asks = new Map();
    }
    if (bids === null || asks === null) continue;
    for (const [side, levels] of [[bids, event.bids], [asks, event.asks]] as const) {
      for (let i = 0; i + 1 < levels.length; i += 2) {
        const price = levels[i] ?? 0;
        const quantity = levels[i + 1] ?? 0;
        if (quantity === 0) side.delete(price);
        else side.set(price, quantity);
      }
    }
    clock = Math.max(clock, event.collectorTimestamp);
    let bestBid = Number.NEGATIVE_INFINITY;
    for (const price of bids.keys()) if (price > bestBid) bestBid = price;
    let bestAsk = Number.POSITIVE_INFINITY;
    for (const price of asks.keys()) if (price < bestAsk) bestAsk = price;
    mids.push({ time: clock, mid: bids.size > 0 && asks.size > 0 ? (bestBid + bestAsk) / 2 : null });
  }
  return mids;
}

/** Naive markouts over object mids: a binary search per trade and horizon. */
function naiveMarkouts(trades: TradeSeries, mids: readonly { time: number; mid: number | null }[]): number {
  const midAt = (time: number): number | null => {
    let lo = 0;
    let hi = mids.length;
    while (lo < hi) {
      const middle = (lo + hi) >> 1;
      if ((mids[middle]?.time ?? 0) <= time) lo = middle + 1;
      else hi = middle;
    }
    return lo === 0 ? null : (mids[lo - 1]?.mid ?? null);
  };
  const end = mids[mids.length - 1]?.time ?? Number.NEGATIVE_INFINITY;
  let defined = 0;
  const rows: { markouts: (number | null)[] }[] = [];
  for (let i = 0; i < trades.time.length; i++) {
    const time = trades.time[i] ?? 0;
    const sign = trades.side[i] ?? 0;
    const before = midAt(time);
    const row: (number | null)[] = [];
    for (const h of horizons) {
      const after = time + h > end ? null : midAt(time + h);
      const value = sign === 0 || before === null || after === null ? null : (sign * (after - before) * 10_000) / before;
      if (value !== null) defined++;
      row.push(value);
    }
    rows.push({ markouts: row });
  }
  return rows.length + defined;
}

/** The mids of the events' book, through the chosen-book replay. */
function replayMids(events: readonly BookEvent[]): MidSeries {
  const mids = new MidSeriesRecorder();
  const replay = new ChosenBookReplay({}, [{ after: (book, clock) => mids.pushBook(book, clock) }]);
  for (const event of events) replay.apply(event);
  return mids.build();
}

function benchMarkouts(): void {
  const start = Date.UTC(2026, 0, 5, 9);
  const durationMs = 3 * 3_600_000;
  const events = bookStream({ seed: 1302, events: 1_000_000, snapshotEvery: 5_000, startTime: start, durationMs });
  const trades = busyTrades(1_000_000, start, durationMs - 30_000, 1303);
  const books = timed(() => replayMids(events).time.length, 3);
  const mids = replayMids(events);
  const ours = timed(() => markouts(trades, mids, { horizonsMs: horizons }).markoutBps.length, 5);
  const objectMids = naiveMids(events);
  const naive = timed(() => naiveMarkouts(trades, objectMids), 3);
  const naiveBooks = timed(() => naiveMids(events).length, 3);
  const n = trades.time.length;
  report({ name: 'markouts, 1M trades × 4 horizons (mids given)', value: n / ours.seconds, unit: 'trades/s', baselineName: 'naive objects', baseline: n / naive.seconds, higherIsBetter: true, target: '≥ 1M trades/s' });
  report({
    name: 'markouts with their books (1M events + 1M trades)',
    value: n / (books.seconds + ours.seconds),
    unit: 'trades/s',
    baselineName: 'naive Map books + objects',
    baseline: n / (naiveBooks.seconds + naive.seconds),
    higherIsBetter: true,
    target: '≥ 1M trades/s',
  });
  cpuLine('markouts (mids given)', `${rate(n, ours.cpuSeconds)} trades/s`, 'naive', `${rate(n, naive.cpuSeconds)} trades/s`);
  cpuLine('with their books', `${rate(n, books.cpuSeconds + ours.cpuSeconds)} trades/s`, 'naive', `${rate(n, naiveBooks.cpuSeconds + naive.cpuSeconds)} trades/s`);
  console.log(`    book replay to mids: ${Math.round(events.length / books.seconds).toLocaleString('en-US')} events/s (${books.count.toLocaleString('en-US')} mid samples kept)`);
}

/** The busy market's book events of one simulated hour, decoded ahead of the timing. */
async function busyHourEvents(): Promise<BookEvent[]> {
  const busy = demoDatasets.find((dataset) => dataset.source === 'binance' && dataset.market === 'BTCUSDT');
  if (busy === undefined) throw new Error('no binance/BTCUSDT dataset');
  const bytes = generateHourFile(defaultDemoSeed, busy, Date.UTC(2026, 0, 5, 14));
  const events: BookEvent[] = [];
  for await (const records of new SnapshotReader({ bytes, name: 'busy-hour.jsonl.zst' })) {
    for (const record of records) if (record.type === 'orderbook') events.push(record);
  }
  return events;
}

async function benchDepth(): Promise<void> {
  const events = await busyHourEvents();
  const withMetrics = timed(() => {
    const recorder = new DepthMetricsRecorder({ bandPct: 1, notional: 100_000 });
    const replay = new ChosenBookReplay({}, [{ after: (book, clock, event) => recorder.record(book, clock, touchedSides(event)) }]);
    let rows = 0;
    for (let i = 0; i < events.length; i++) {
      replay.apply(events[i] as BookEvent);
      if ((i & 0xffff) === 0xffff) rows += recorder.take().time.length;
    }
    return rows + recorder.take().time.length;
  }, 5);
  const engineOnly = timed(() => {
    const engine = new BookEngine();
    let applied = 0;
    for (const event of events) if (engine.apply(event) !== null) applied++;
    return applied;
  }, 5);
  const n = events.length;
  report({ name: `depth metrics, busy hour (${n.toLocaleString('en-US')} book events)`, value: n / withMetrics.seconds, unit: 'events/s', baselineName: 'book engine alone', baseline: n / engineOnly.seconds, higherIsBetter: true, target: '≥ 1M book events/s' });
  cpuLine('depth metrics', `${rate(n, withMetrics.cpuSeconds)} events/s`, 'book engine alone', `${rate(n, engineOnly.cpuSeconds)} events/s`);
}

/** Wall time of one process, stdout to /dev/null. */
async function processSeconds(args: readonly string[]): Promise<number> {
  const sink = openSync('/dev/null', 'w');
  try {
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', sink, 'inherit'] });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
    return (performance.now() - started) / 1000;
  } finally {
    closeSync(sink);
  }
}

/** Both programs' stdout, to check they print the same rows. */
async function output(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function benchMarkoutsProcess(dir: string): Promise<void> {
  // The same rows from both: checked on a small file first.
  const small = await writeL2File(join(dir, 'small.jsonl.zst'), { seed: 1304, events: 20_000, tradeShare: 0.6 });
  const [ours, theirs] = await Promise.all([output([builtCliPath, 'metrics', 'markouts', small.path]), output([join(peers, 'naive-markouts.mjs'), small.path])]);
  console.log(`    check: mde metrics and the naive script print ${ours === theirs ? 'the same' : 'DIFFERENT'} ${ours.split('\n').length - 2} rows on a 20k-event file`);
  const file = await writeL2File(join(dir, 'markouts.jsonl.zst'), { seed: 1305, events: 1_700_000, tradeShare: 0.6 });
  console.log(`    input: ${(file.uncompressedBytes / 1e6).toFixed(0)} MB, ${file.counts.trade.toLocaleString('en-US')} trades and ${file.counts.orderbook.toLocaleString('en-US')} book events`);
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < 3; round++) {
    b.push(await processSeconds([join(peers, 'naive-markouts.mjs'), file.path]));
    a.push(await processSeconds([builtCliPath, 'metrics', 'markouts', file.path]));
  }
  const trades = file.counts.trade;
  report({ name: 'mde metrics markouts, whole process', value: trades / median(a), unit: 'trades/s', baselineName: 'naive Node script', baseline: trades / median(b), higherIsBetter: true, target: '≥ ×2' });
}

/** `npm run bench -- research`. */
export async function run(): Promise<void> {
  await ensureBuiltCli();
  benchFootprint();
  await benchDepth();
  benchMarkouts();
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-research-'));
  try {
    await benchMarkoutsProcess(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

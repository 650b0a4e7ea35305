import { activityBars } from '../../../shared/research/activity-bars.ts';
import { ChosenBookReplay } from '../../../shared/research/chosen-book-replay.ts';
import { DepthMetricsRecorder, touchedSides } from '../../../shared/research/depth-metrics.ts';
import { footprint, imbalanceFlag } from '../../../shared/research/footprint.ts';
import { Float64Column } from '../../../shared/research/growable-column.ts';
import { eventLatencies, latencyByInterval, latencySummary } from '../../../shared/research/latency.ts';
import { MidSeriesRecorder } from '../../../shared/research/mid-series.ts';
import { largestTrades, markoutSummary } from '../../../shared/research/markout-summary.ts';
import { markouts, type Markouts } from '../../../shared/research/markouts.ts';
import { TradeSeriesBuilder, type TradeSeries } from '../../../shared/research/trade-series.ts';
import { cumulativeVolumeDelta, volumeDeltaByInterval } from '../../../shared/research/volume-delta.ts';
import { volumeProfile } from '../../../shared/research/volume-profile.ts';
import { isBookReset } from '../../host/book/book-input.ts';
import type { MetricsRequest } from './metrics-args.ts';
import type { FeedReport, MarketFeed } from './market-feed.ts';
import { MetricsTableWriter, type MetricsColumn, type TextSink } from './metrics-table.ts';

/** What a run prints besides its rows: notes for stderr. */
export interface MetricRunResult {
  notes: string[];
}

/** The run of one metric kind over a feed, writing its rows to `sink`. */
type MetricRun = (request: MetricsRequest, feed: MarketFeed, sink: TextSink) => Promise<MetricRunResult>;

const sideWords: Readonly<Record<number, string>> = { 1: 'buy', [-1]: 'sell' };

/** Whether a time is inside the request's range [from, to) (no range: always). */
function inRange(request: MetricsRequest, time: number): boolean {
  return (request.from === null || time >= request.from) && (request.to === null || time < request.to);
}

/** A horizon's label in a column name: 1s, 60s, 250ms. */
function horizonLabel(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function sideColumn(side: Int8Array, order?: ArrayLike<number>): (string | null)[] {
  const n = order === undefined ? side.length : order.length;
  return Array.from({ length: n }, (_, i) => sideWords[side[order === undefined ? i : (order[i] ?? 0)] ?? 0] ?? null);
}

function gather(values: ArrayLike<number>, order: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: order.length }, (_, i) => values[order[i] ?? 0] ?? Number.NaN);
}

function notes(report: FeedReport, extra: string[] = []): MetricRunResult {
  const lines = [...extra];
  if (report.otherMarketRecords > 0) lines.push(`left out ${report.otherMarketRecords} records of other markets or instruments than ${report.source ?? '?'} ${report.market ?? '?'} (choose with --source, --market, --instrument)`);
  return { notes: lines };
}

/** Trades of the market within the range, as columns. */
async function readTrades(request: MetricsRequest, feed: MarketFeed): Promise<{ trades: TradeSeries; report: FeedReport }> {
  const builder = new TradeSeriesBuilder();
  const report = await feed.read({
    trade: (time, price, quantity, side) => {
      if (inRange(request, time)) builder.push(time, price, quantity, side);
    },
  });
  return { trades: builder.build(), report };
}

function replayChoice(request: MetricsRequest): { source?: string; market?: string; instrument?: string } {
  return {
    ...(request.source === undefined ? {} : { source: request.source }),
    ...(request.market === undefined ? {} : { market: request.market }),
    ...(request.instrument === undefined ? {} : { instrument: request.instrument }),
  };
}

const runDepth: MetricRun = async (request, feed, sink) => {
  const recorder = new DepthMetricsRecorder({ bandPct: request.bandPct, notional: request.notional, ...(request.everyMs === null ? {} : { stepMs: request.everyMs }) });
  const replay = new ChosenBookReplay(replayChoice(request), [{ before: (clock) => recorder.advance(clock), after: (book, clock, event) => recorder.record(book, clock, touchedSides(event)) }]);
  const writer = new MetricsTableWriter(request.format, ['time', 'mid', 'spread_bps', 'imbalance', 'buy_cost_bps', 'sell_cost_bps'], sink);
  let rows = 0;
  const flush = async (): Promise<void> => {
    const taken = recorder.take();
    // Rows come in replay-clock order: the range is one run of them.
    let start = 0;
    let end = taken.time.length;
    if (request.from !== null) while (start < end && (taken.time[start] ?? 0) < request.from) start++;
    if (request.to !== null) while (end > start && (taken.time[end - 1] ?? 0) >= request.to) end--;
    const cut = (values: Float64Array): Float64Array => values.subarray(start, end);
    await writer.write(
      [
        { name: 'time', values: cut(taken.time) },
        { name: 'mid', values: cut(taken.mid) },
        { name: 'spread_bps', values: cut(taken.spreadBps) },
        { name: 'imbalance', values: cut(taken.imbalance) },
        { name: 'buy_cost_bps', values: cut(taken.buyCostBps) },
        { name: 'sell_cost_bps', values: cut(taken.sellCostBps) },
      ],
      end - start,
    );
    rows += end - start;
    await writer.flush();
  };
  const report = await feed.read({ book: (input) => replay.apply(input), flush });
  recorder.finish(request.to === null ? undefined : Math.min(replay.clock, request.to - 1));
  await flush();
  await writer.end();
  return notes(report, replay.key === null ? ['no order book of that market was found'] : rows === 0 ? ['the book has no event in that range'] : []);
};

/** Trades and the mids of their book, then their markouts. */
async function readMarkouts(request: MetricsRequest, feed: MarketFeed): Promise<{ trades: TradeSeries; table: Markouts; report: FeedReport; notes: string[] }> {
  const builder = new TradeSeriesBuilder();
  const mids = new MidSeriesRecorder();
  const replay = new ChosenBookReplay(replayChoice(request), [{ after: (book, clock) => mids.pushBook(book, clock) }]);
  const report = await feed.read({
    book: (input) => replay.apply(input),
    trade: (time, price, quantity, side) => {
      if (inRange(request, time)) builder.push(time, price, quantity, side);
    },
  });
  const trades = builder.build();
  const series = mids.build();
  const table = markouts(trades, series, { horizonsMs: request.horizonsMs });
  const extra = replay.key === null ? ['no order book of that market was found: every markout is null'] : [];
  return { trades, table, report, notes: extra };
}

/** The per-trade columns shared by markouts and large trades: time, price, quantity, side, notional, mid, markouts. */
function tradeMarkoutColumns(trades: TradeSeries, table: Markouts, order?: ArrayLike<number>): MetricsColumn[] {
  const pick = (values: Float64Array): Float64Array => (order === undefined ? values : gather(values, order));
  const n = order === undefined ? trades.time.length : order.length;
  const price = pick(trades.price);
  const quantity = pick(trades.quantity);
  const notional = Float64Array.from({ length: n }, (_, i) => (price[i] ?? Number.NaN) * (quantity[i] ?? Number.NaN));
  return [
    { name: 'time', values: pick(trades.time) },
    { name: 'price', values: price },
    { name: 'quantity', values: quantity },
    { name: 'side', values: sideColumn(trades.side, order) },
    { name: 'notional', values: notional },
    { name: 'mid', values: pick(table.midAtTrade) },
    ...table.horizonsMs.map((h, k) => ({ name: `markout_${horizonLabel(h)}_bps`, values: pick(table.markoutBps[k] ?? new Float64Array(trades.time.length).fill(Number.NaN)) })),
  ];
}

async function writeTable(request: MetricsRequest, sink: TextSink, columns: MetricsColumn[], count: number): Promise<void> {
  const writer = new MetricsTableWriter(request.format, columns.map((column) => column.name), sink);
  await writer.write(columns, count);
  await writer.end();
}

const runMarkouts: MetricRun = async (request, feed, sink) => {
  const { trades, table, report, notes: extra } = await readMarkouts(request, feed);
  await writeTable(request, sink, tradeMarkoutColumns(trades, table), trades.time.length);
  return notes(report, extra);
};

const runLargeTrades: MetricRun = async (request, feed, sink) => {
  const { trades, table, report, notes: extra } = await readMarkouts(request, feed);
  const order = largestTrades(trades, request.top);
  const columns = tradeMarkoutColumns(trades, table, order);
  await writeTable(request, sink, [{ name: 'rank', values: Float64Array.from(order, (_, i) => i + 1) }, ...columns], order.length);
  return notes(report, extra);
};

const runMarkoutSummary: MetricRun = async (request, feed, sink) => {
  const { trades, table, report, notes: extra } = await readMarkouts(request, feed);
  const summary = markoutSummary(trades, table, request.sizeEdges);
  const sides = Array.from(summary.side, (side) => (side === 1 ? 'buy' : side === -1 ? 'sell' : 'both'));
  await writeTable(
    request,
    sink,
    [
      { name: 'side', values: sides },
      { name: 'size_low', values: summary.sizeLow },
      { name: 'size_high', values: summary.sizeHigh },
      { name: 'all_sizes', values: Array.from(summary.bucket, (bucket) => (bucket === -1 ? 1 : 0)) },
      { name: 'horizon_ms', values: summary.horizonMs },
      { name: 'trades', values: summary.trades },
      { name: 'count', values: summary.count },
      { name: 'mean_bps', values: summary.mean },
      { name: 'sd_bps', values: summary.sd },
      { name: 'ci95_low_bps', values: summary.ciLow },
      { name: 'ci95_high_bps', values: summary.ciHigh },
    ],
    summary.side.length,
  );
  return notes(report, [...extra, ...(summary.unknownSide > 0 ? [`${summary.unknownSide} trades of unknown side have no markout and are in no row`] : [])]);
};

const runBars: MetricRun = async (request, feed, sink) => {
  const { trades, report } = await readTrades(request, feed);
  const bars = activityBars(trades, { kind: request.barKind ?? 'tick', size: request.barSize ?? 1 });
  await writeTable(
    request,
    sink,
    [
      { name: 'open_time', values: bars.openTime },
      { name: 'close_time', values: bars.closeTime },
      { name: 'open', values: bars.open },
      { name: 'high', values: bars.high },
      { name: 'low', values: bars.low },
      { name: 'close', values: bars.close },
      { name: 'volume', values: bars.volume },
      { name: 'notional', values: bars.notional },
      { name: 'buy_volume', values: bars.buyVolume },
      { name: 'sell_volume', values: bars.sellVolume },
      { name: 'unknown_volume', values: bars.unknownVolume },
      { name: 'trades', values: bars.tradeCount },
      { name: 'complete', values: bars.complete },
    ],
    bars.openTime.length,
  );
  return notes(report, bars.skipped > 0 ? [`left out ${bars.skipped} trades with no usable price, quantity or time`] : []);
};

const runFootprint: MetricRun = async (request, feed, sink) => {
  const { trades, report } = await readTrades(request, feed);
  const result = footprint(trades, { intervalMs: request.intervalMs ?? 60_000, priceStep: request.step ?? 1, imbalanceRatio: request.ratio });
  const { candles, cells } = result;
  const n = cells.price.length;
  const open = new Float64Array(n);
  const poc = new Uint8Array(n);
  for (let c = 0; c < candles.openTime.length; c++) {
    for (let i = candles.cellStart[c] ?? 0; i < (candles.cellStart[c + 1] ?? 0); i++) {
      open[i] = candles.openTime[c] ?? Number.NaN;
      poc[i] = cells.price[i] === candles.pocPrice[c] ? 1 : 0;
    }
  }
  await writeTable(
    request,
    sink,
    [
      { name: 'candle_open_time', values: open },
      { name: 'price', values: cells.price },
      { name: 'bid_volume', values: cells.bidVolume },
      { name: 'ask_volume', values: cells.askVolume },
      { name: 'unknown_volume', values: cells.unknownVolume },
      { name: 'delta', values: cells.askVolume.map((ask, i) => ask - (cells.bidVolume[i] ?? 0)) },
      { name: 'trades', values: cells.tradeCount },
      { name: 'buy_imbalance', values: cells.imbalance.map((flags) => ((flags & imbalanceFlag.buy) !== 0 ? 1 : 0)) },
      { name: 'sell_imbalance', values: cells.imbalance.map((flags) => ((flags & imbalanceFlag.sell) !== 0 ? 1 : 0)) },
      { name: 'poc', values: poc },
    ],
    n,
  );
  return notes(report, result.skipped > 0 ? [`left out ${result.skipped} trades with no usable price, quantity or time`] : []);
};

const runProfile: MetricRun = async (request, feed, sink) => {
  const { trades, report } = await readTrades(request, feed);
  const profile = volumeProfile(trades, { priceStep: request.step ?? 1, valueAreaShare: request.valueArea });
  const n = profile.price.length;
  await writeTable(
    request,
    sink,
    [
      { name: 'price', values: profile.price },
      { name: 'volume', values: profile.volume },
      { name: 'buy_volume', values: profile.buyVolume },
      { name: 'sell_volume', values: profile.sellVolume },
      { name: 'unknown_volume', values: profile.unknownVolume },
      { name: 'poc', values: Float64Array.from({ length: n }, (_, i) => (i === profile.pocIndex ? 1 : 0)) },
      { name: 'value_area', values: Float64Array.from({ length: n }, (_, i) => (i >= profile.valueAreaLowIndex && i <= profile.valueAreaHighIndex && profile.pocIndex !== -1 ? 1 : 0)) },
    ],
    n,
  );
  const summary = profile.pocIndex === -1 ? 'no volume in that range' : `POC ${profile.pocPrice}, value area ${profile.valueAreaLow} to ${profile.valueAreaHigh} (${profile.valueAreaVolume} of ${profile.totalVolume})`;
  return notes(report, [summary]);
};

const runCvd: MetricRun = async (request, feed, sink) => {
  const { trades, report } = await readTrades(request, feed);
  if (request.intervalMs !== null) {
    const series = volumeDeltaByInterval(trades, request.intervalMs);
    await writeTable(
      request,
      sink,
      [
        { name: 'open_time', values: series.openTime },
        { name: 'delta', values: series.delta },
        { name: 'cvd', values: series.cvd },
        { name: 'unknown_volume', values: series.unknownVolume },
      ],
      series.openTime.length,
    );
    return notes(report);
  }
  const { cvd, unknownVolume } = cumulativeVolumeDelta(trades);
  await writeTable(
    request,
    sink,
    [
      { name: 'time', values: trades.time },
      { name: 'price', values: trades.price },
      { name: 'quantity', values: trades.quantity },
      { name: 'side', values: sideColumn(trades.side) },
      { name: 'cvd', values: cvd },
      { name: 'unknown_volume', values: unknownVolume },
    ],
    trades.time.length,
  );
  return notes(report);
};

const runLatency: MetricRun = async (request, feed, sink) => {
  const collector = new Float64Column(4096);
  const exchange = new Float64Column(4096);
  const take = (time: number, venueTime: number): void => {
    if (!inRange(request, time)) return;
    collector.push(time);
    exchange.push(venueTime);
  };
  const report = await feed.read({
    book: (input) => {
      if (!isBookReset(input)) take(input.collectorTimestamp, input.exchangeTimestamp ?? Number.NaN);
    },
    trade: (time, _price, _quantity, _side, venueTime) => take(time, venueTime),
  });
  const times = collector.values();
  const latency = eventLatencies(times, exchange.values());
  const series = latencyByInterval(times, latency, request.intervalMs ?? 60_000);
  await writeTable(
    request,
    sink,
    [
      { name: 'open_time', values: series.openTime },
      { name: 'known', values: series.known },
      { name: 'unknown', values: series.unknown },
      { name: 'p50_ms', values: series.p50 },
      { name: 'p99_ms', values: series.p99 },
      { name: 'max_ms', values: series.max },
    ],
    series.openTime.length,
  );
  const summary = latencySummary(latency);
  const figure = (value: number): string => (Number.isNaN(value) ? 'null' : String(value));
  return notes(report, [
    `latency over ${summary.known} events with an exchange time (${summary.unknown} without, left out): p50 ${figure(summary.p50)} ms, p99 ${figure(summary.p99)} ms, ` +
      `min ${figure(summary.min)}, max ${figure(summary.max)}, ${summary.negative} negative, ${summary.outliers} outliers beyond ${figure(summary.lowFence)}..${figure(summary.highFence)} ms`,
  ]);
};

/** Each one-market kind's run (venues reads several markets: `venues-run.ts`). */
export const metricRuns: Readonly<Record<Exclude<MetricsRequest['kind'], 'venues'>, MetricRun>> = {
  depth: runDepth,
  markouts: runMarkouts,
  'markout-summary': runMarkoutSummary,
  'large-trades': runLargeTrades,
  bars: runBars,
  footprint: runFootprint,
  profile: runProfile,
  cvd: runCvd,
  latency: runLatency,
};

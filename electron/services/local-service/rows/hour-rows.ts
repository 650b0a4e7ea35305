import { replayClock } from '../../../../shared/book/capture-stream.ts';
import { candleIntervals, type CandleInterval, type CandleRow } from '../../../../shared/rows/candle-row.ts';
import type { EventRowByKind } from '../../../../shared/rows/event-item.ts';
import { candleRowsOfTrades } from '../../../../shared/rows/from-records/candle-rows.ts';
import { fundingRowOf, fundingRowOfPoint, isFundingBearing, isFundingPoint } from '../../../../shared/rows/from-records/funding-rows.ts';
import { intentRowOf } from '../../../../shared/rows/from-records/intent-rows.ts';
import { l2UpdateRowOf } from '../../../../shared/rows/from-records/l2-update-rows.ts';
import { optionTickerRowOf } from '../../../../shared/rows/from-records/option-ticker-rows.ts';
import { quoteRowsOf } from '../../../../shared/rows/from-records/quote-rows.ts';
import { tradeRowOf } from '../../../../shared/rows/from-records/trade-rows.ts';
import type { RowKind } from '../../../../shared/rows/row-kinds.ts';
import type { SnapshotRecord, TradeRecord } from '../../../../shared/snapshot/records.ts';
import type { CaptureSegment, DecodedHour } from '../store/market-data-store.ts';
import { CaptureContexts, segmentsKey } from './capture-contexts.ts';

/** A row of any kind, as served. */
export type ServedRow = EventRowByKind[RowKind];

/** One row of an hour in serving order, built on demand. */
export interface HourRowEntry {
  /**
   * The merge order: the row's replay clock (the running max of collector time in its file, kept
   * within the file's hour), or the candle's open time on `/ohlcv`. Never falls within an hour.
   */
  t: number;
  /** The time a range selects the row by: its own collector time (the candle's open time on `/ohlcv`). */
  at: number;
  /** Tie-breaker inside the hour: line × 4096 + part (or the candle's position). */
  seq: number;
  instrument: string | null;
  build(): ServedRow;
}

/** Options that change how rows are built. */
export interface RowBuildOptions {
  /** Latest-hour funding rows add mark, index and open interest. */
  latestHourFunding: boolean;
  /** Order candles by collector time (as `/events` does) instead of by open time (`/ohlcv`). */
  candlesByCollectorTime: boolean;
}

/** How an hour is read for a query: the capture sessions of its file and every kind the query reads. */
export interface HourReading {
  segments: readonly CaptureSegment[];
  /** The kinds of the whole query: the replay clock runs over all their records, so a file's rows stay in line order. */
  kinds: readonly RowKind[];
}

const hourMs = 3_600_000;

/** The file `type`s each row kind is built from (candles are built from trades; quotes are `record` lines). */
const lineTypesByKind: Readonly<Record<RowKind, readonly string[]>> = {
  trade: ['trade'],
  ohlcv: ['trade'],
  l2_update: ['orderbook'],
  funding_rate: ['perpetual_ticker', 'point'],
  option_ticker: ['option_ticker'],
  intent: ['intent'],
  quote: ['record'],
};

/** The record types each row kind is built from (what the decoder makes of `lineTypesByKind`). */
const recordTypesByKind: Readonly<Record<RowKind, readonly SnapshotRecord['type'][]>> = {
  trade: ['trade'],
  ohlcv: ['trade'],
  l2_update: ['orderbook'],
  funding_rate: ['perpetual_ticker', 'point'],
  option_ticker: ['option_ticker'],
  intent: ['intent'],
  quote: ['quote_ladder'],
};

/** The file `type`s of lines the rows of `kinds` are built from, so a store can skip reading the rest. */
export function lineTypesOf(kinds: readonly RowKind[]): ReadonlySet<string> {
  return new Set(kinds.flatMap((kind) => lineTypesByKind[kind]));
}

const clockCache = new WeakMap<DecodedHour, Map<string, Float64Array>>();
const rowCache = new WeakMap<DecodedHour, Map<string, readonly HourRowEntry[]>>();

function kindsKey(kinds: readonly RowKind[]): string {
  return [...new Set(kinds.flatMap((kind) => recordTypesByKind[kind]))].sort().join(',');
}

/**
 * The replay clock of each record of an hour, over the records the query's kinds are built from
 * (whichever lines the store happened to decode), so the clock is the same for a query whatever
 * is cached. NaN for the other records.
 */
function clocksOf(hour: DecodedHour, kinds: readonly RowKind[]): Float64Array {
  const key = kindsKey(kinds);
  let byKinds = clockCache.get(hour);
  if (byKinds === undefined) {
    byKinds = new Map();
    clockCache.set(hour, byKinds);
  }
  const cached = byKinds.get(key);
  if (cached !== undefined) return cached;
  const types = new Set(key.split(','));
  const records = hour.records;
  const clocks = new Float64Array(records.length).fill(Number.NaN);
  let highest = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (record === undefined || !types.has(record.type)) continue;
    if (record.collectorTimestamp > highest) highest = record.collectorTimestamp;
    clocks[index] = replayClock(hour.file.hourStart, highest);
  }
  byKinds.set(key, clocks);
  return clocks;
}

/** The row builder of a record for `kind`, or null when the record makes no row of it (quotes are built apart). */
function builderOf(record: SnapshotRecord, kind: RowKind, contexts: CaptureContexts, options: RowBuildOptions): (() => ServedRow) | null {
  switch (kind) {
    case 'trade': {
      if (record.type !== 'trade') return null;
      const context = contexts.at(record.line);
      return () => tradeRowOf(context, record);
    }
    case 'l2_update': {
      if (record.type !== 'orderbook') return null;
      const context = contexts.at(record.line);
      return () => l2UpdateRowOf(context, record);
    }
    case 'funding_rate': {
      if (record.type === 'perpetual_ticker' && isFundingBearing(record)) {
        const context = contexts.at(record.line);
        return () => fundingRowOf(context, record, options.latestHourFunding);
      }
      if (record.type !== 'point' || !isFundingPoint(record)) return null;
      const context = contexts.at(record.line);
      return () => fundingRowOfPoint(context, record);
    }
    case 'option_ticker': {
      if (record.type !== 'option_ticker' || record.instrument === null) return null;
      const row = optionTickerRowOf(contexts.at(record.line), record);
      return row === null ? null : () => row;
    }
    case 'intent': {
      if (record.type !== 'intent') return null;
      const row = intentRowOf(contexts.at(record.line), record);
      return row === null ? null : () => row;
    }
    case 'quote':
    case 'ohlcv':
      return null;
  }
}

function entriesOf(hour: DecodedHour, kind: RowKind, options: RowBuildOptions, reading: HourReading): HourRowEntry[] {
  const contexts = new CaptureContexts(hour.file.key, reading.segments);
  if (kind === 'ohlcv') return candleEntries(hour, contexts, options.candlesByCollectorTime);
  const clocks = clocksOf(hour, reading.kinds);
  const entries: HourRowEntry[] = [];
  const records = hour.records;
  for (let index = 0; index < records.length; index++) {
    const record = records[index];
    if (record === undefined) continue;
    const t = clocks[index] ?? Number.NaN;
    if (kind === 'quote') {
      if (record.type !== 'quote_ladder') continue;
      quoteRowsOf(contexts.at(record.line), record).forEach((row, part) => {
        entries.push({ t, at: record.collectorTimestamp, seq: record.line * 4096 + part, instrument: row.instrument, build: () => row });
      });
      continue;
    }
    const build = builderOf(record, kind, contexts, options);
    if (build !== null) entries.push({ t, at: record.collectorTimestamp, seq: record.line * 4096, instrument: record.instrument, build });
  }
  return entries;
}

function candleEntries(hour: DecodedHour, contexts: CaptureContexts, byCollectorTime: boolean): HourRowEntry[] {
  // Candles fold trades in collector-time order (ties in file order), whatever order the file has.
  const trades = hour.records.filter((record): record is TradeRecord => record.type === 'trade');
  trades.sort((a, b) => a.collectorTimestamp - b.collectorTimestamp || a.line - b.line);
  const first = contexts.at(trades[0]?.line ?? 1);
  const sessionOf = (trade: TradeRecord): string => contexts.at(trade.line).sourceCaptureId;
  const rows: CandleRow[] = [];
  // A complete hour gets no more trades, so every candle in it closes (its last candles too);
  // only the live hour's still-running candles stay open.
  const complete = hour.dataEnd >= hour.file.hourStart + hourMs - 1;
  const dataEnd = complete ? Number.POSITIVE_INFINITY : hour.dataEnd;
  for (const interval of candleIntervals.filter((name): name is CandleInterval => name !== '100ms' && name !== '1s' && name !== '10s')) {
    rows.push(...candleRowsOfTrades(first, trades, interval, { revisionEveryMs: 10_000, closeDelayMs: 250, dataEnd }, sessionOf));
  }
  const timeOf = (row: CandleRow): number => (byCollectorTime ? row.collector_timestamp : row.open_timestamp);
  rows.sort((a, b) => timeOf(a) - timeOf(b) || a.collector_timestamp - b.collector_timestamp || (a.event_id < b.event_id ? -1 : 1));
  return rows.map((row, index) => ({ t: timeOf(row), at: timeOf(row), seq: index, instrument: row.instrument, build: () => row }));
}

/** The rows of one kind in an hour, in serving order (file order), computed once per decoded hour and reading. */
export function hourRows(hour: DecodedHour, kind: RowKind, options: RowBuildOptions, reading: HourReading): readonly HourRowEntry[] {
  let byKind = rowCache.get(hour);
  if (byKind === undefined) {
    byKind = new Map();
    rowCache.set(hour, byKind);
  }
  const cacheKey = `${kind}:${options.latestHourFunding ? 1 : 0}:${options.candlesByCollectorTime ? 1 : 0}:${kindsKey(reading.kinds)}:${segmentsKey(reading.segments)}`;
  let entries = byKind.get(cacheKey);
  if (entries === undefined) {
    entries = entriesOf(hour, kind, options, reading);
    byKind.set(cacheKey, entries);
  }
  return entries;
}

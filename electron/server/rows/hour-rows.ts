import { replayClock } from '../../../shared/book/capture-stream.ts';
import { candleIntervals, type CandleInterval, type CandleRow } from '../../../shared/rows/candle-row.ts';
import type { EventRowByKind } from '../../../shared/rows/event-item.ts';
import { candleRowsOfTrades } from '../../../shared/rows/from-records/candle-rows.ts';
import { fundingRowOf, fundingRowOfPoint, isFundingBearing, isFundingPoint } from '../../../shared/rows/from-records/funding-rows.ts';
import { intentRowOf } from '../../../shared/rows/from-records/intent-rows.ts';
import { l2UpdateRowOf } from '../../../shared/rows/from-records/l2-update-rows.ts';
import { optionTickerRowOf } from '../../../shared/rows/from-records/option-ticker-rows.ts';
import { quoteInstrumentOf, quoteRowsOf } from '../../../shared/rows/from-records/quote-rows.ts';
import { tradeRowOf } from '../../../shared/rows/from-records/trade-rows.ts';
import type { RowKind } from '../../../shared/rows/row-kinds.ts';
import type { RowContext } from '../../../shared/rows/from-records/row-context.ts';
import type { SnapshotRecord, TradeRecord } from '../../../shared/snapshot/records.ts';
import type { CaptureSegment, DecodedHour } from '../store/market-data-store.ts';
import { CaptureContexts, segmentsKey } from './capture-contexts.ts';
import { hourMs } from '../../../shared/time/time-units.ts';

/** A row of any kind, as served. */
export type ServedRow = EventRowByKind[RowKind];

/**
 * The rows of one kind in an hour, in serving order, as columns: a row is built only when it is
 * served, so an hour of half a million book rows costs four numbers a row, not an object and a
 * closure each.
 */
export interface HourRows {
  readonly length: number;
  /**
   * The merge order of each row: its replay clock (the running max of collector time in its file,
   * kept within the file's hour), or the candle's open time on `/ohlcv`. Never falls within an hour.
   */
  readonly t: readonly number[];
  /** The time a range selects each row by: its own collector time (the candle's open time on `/ohlcv`). */
  readonly at: readonly number[];
  /** Tie-breaker inside the hour: line × 4096 + part (or the candle's position). */
  readonly seq: readonly number[];
  /** The row's instrument. */
  instrument(index: number): string | null;
  /** The row itself. */
  build(index: number): ServedRow;
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

const clockCache = new WeakMap<DecodedHour, Map<string, readonly number[]>>();
const rowCache = new WeakMap<DecodedHour, Map<string, HourRows>>();

function kindsKey(kinds: readonly RowKind[]): string {
  return [...new Set(kinds.flatMap((kind) => recordTypesByKind[kind]))].sort().join(',');
}

/** The file `type` of the lines records of a type come from (quote ladders are `record` lines). */
export function fileTypeOfRecordType(type: string): string {
  return type === 'quote_ladder' ? 'record' : type;
}

/** The record types the replay clock of a query over `kinds` runs over. */
export function clockRecordTypes(kinds: readonly RowKind[]): readonly SnapshotRecord['type'][] {
  return [...new Set(kinds.flatMap((kind) => recordTypesByKind[kind]))];
}

/** The running max of collector time before a block of an hour's lines, over `types` (−∞ for a whole hour). */
function highestBeforeOf(hour: DecodedHour, types: ReadonlySet<string>): number {
  let highest = Number.NEGATIVE_INFINITY;
  if (hour.highestBefore === undefined) return highest;
  for (const type of types) {
    const value = hour.highestBefore[fileTypeOfRecordType(type)];
    if (value !== undefined && value > highest) highest = value;
  }
  return highest;
}

/**
 * The replay clock of each record of an hour, over the records the query's kinds are built from
 * (whichever lines the store happened to decode), so the clock is the same for a query whatever
 * is cached. NaN for the other records. In a block of the hour's lines, the clock goes on from
 * the rows before the block.
 */
function clocksOf(hour: DecodedHour, kinds: readonly RowKind[]): readonly number[] {
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
  // Plain arrays of numbers throughout: they live in the JavaScript heap (see `hour-records.ts`).
  const clocks: number[] = [];
  let highest = highestBeforeOf(hour, types);
  for (let index = 0; index < records.length; index++) {
    const type = records.typeAt(index);
    if (type === undefined || !types.has(type)) {
      clocks.push(Number.NaN);
      continue;
    }
    highest = Math.max(highest, records.timeAt(index));
    clocks.push(replayClock(hour.file.hourStart, highest));
  }
  byKinds.set(key, clocks);
  return clocks;
}

/**
 * The row of `kind` a record makes, or null when it makes none (quotes and candles are built
 * apart). Pure: the same record and context give an equal row, so rows are built again when served.
 */
function rowOf(record: SnapshotRecord, kind: RowKind, context: RowContext, options: RowBuildOptions): ServedRow | null {
  switch (kind) {
    case 'trade':
      return record.type === 'trade' ? tradeRowOf(context, record) : null;
    case 'l2_update':
      return record.type === 'orderbook' ? l2UpdateRowOf(context, record) : null;
    case 'funding_rate':
      if (record.type === 'perpetual_ticker' && isFundingBearing(record)) return fundingRowOf(context, record, options.latestHourFunding);
      return record.type === 'point' && isFundingPoint(record) ? fundingRowOfPoint(context, record) : null;
    case 'option_ticker':
      return record.type === 'option_ticker' && record.instrument !== null ? optionTickerRowOf(context, record) : null;
    case 'intent':
      return record.type === 'intent' ? intentRowOf(context, record) : null;
    case 'quote':
    case 'ohlcv':
      return null;
  }
}

/** Whether a record makes a row of `kind`, decided without building it where the record's type and fields tell. */
function makesRow(record: SnapshotRecord, kind: RowKind, context: RowContext, options: RowBuildOptions): boolean {
  switch (kind) {
    case 'trade':
      return record.type === 'trade';
    case 'l2_update':
      return record.type === 'orderbook';
    case 'funding_rate':
      return (record.type === 'perpetual_ticker' && isFundingBearing(record)) || (record.type === 'point' && isFundingPoint(record));
    case 'option_ticker':
      // As `optionTickerRowOf` decides, without building the row (an options hour has many).
      return record.type === 'option_ticker' && record.instrument !== null;
    default:
      return rowOf(record, kind, context, options) !== null;
  }
}

/** The record types each kind's rows can come from, so other records are passed over unread. */
const sourceTypesByKind: Readonly<Record<RowKind, ReadonlySet<SnapshotRecord['type']>>> = {
  trade: new Set(['trade']),
  ohlcv: new Set(['trade']),
  l2_update: new Set(['orderbook']),
  funding_rate: new Set(['perpetual_ticker', 'point']),
  option_ticker: new Set(['option_ticker']),
  intent: new Set(['intent']),
  quote: new Set(['quote_ladder']),
};

/** Columns of row positions. */
class RowColumns {
  readonly t: number[] = [];
  readonly at: number[] = [];
  readonly seq: number[] = [];
  /** The record each row is built from. */
  readonly source: number[] = [];
  /** The quote's position in its ladder (quotes only). */
  readonly part: number[] = [];

  get length(): number {
    return this.t.length;
  }

  push(t: number, at: number, seq: number, source: number, part?: number): void {
    this.t.push(t);
    this.at.push(at);
    this.seq.push(seq);
    this.source.push(source);
    if (part !== undefined) this.part.push(part);
  }
}

function recordRows(hour: DecodedHour, kind: RowKind, options: RowBuildOptions, reading: HourReading): HourRows {
  const contexts = new CaptureContexts(hour.file.key, reading.segments);
  const clocks = clocksOf(hour, reading.kinds);
  const records = hour.records;
  const types = sourceTypesByKind[kind];
  const columns = new RowColumns();
  // Every trade and book record makes a row: their positions are read from the columns, with no
  // record made (an exchange-grade hour has half a million book rows).
  const everyRecord = kind === 'trade' || kind === 'l2_update';
  for (let index = 0; index < records.length; index++) {
    const type = records.typeAt(index);
    if (type === undefined || !types.has(type)) continue;
    if (everyRecord) {
      const line = records.lineAt(index);
      columns.push(clocks[index] ?? Number.NaN, records.timeAt(index), line * 4096, index);
      continue;
    }
    const record = records.at(index);
    if (record === undefined) continue;
    const t = clocks[index] ?? Number.NaN;
    const context = contexts.at(record.line);
    if (kind === 'quote') {
      if (record.type !== 'quote_ladder') continue;
      const count = quoteRowsOf(context, record).length;
      for (let part = 0; part < count; part++) columns.push(t, record.collectorTimestamp, record.line * 4096 + part, index, part);
      continue;
    }
    if (makesRow(record, kind, context, options)) columns.push(t, record.collectorTimestamp, record.line * 4096, index);
  }
  const { t, at, seq, source, part } = columns;
  const recordOf = (row: number): SnapshotRecord => {
    const record = records.at(source[row] ?? -1);
    if (record === undefined) throw new Error(`hour rows: no record for row ${row}`);
    return record;
  };
  return {
    length: columns.length,
    t,
    at,
    seq,
    instrument: (row) => {
      if (kind !== 'quote') return records.instrumentAt(source[row] ?? -1);
      const record = recordOf(row);
      return record.type === 'quote_ladder' ? quoteInstrumentOf(record) : record.instrument;
    },
    build: (row) => {
      const record = recordOf(row);
      const context = contexts.at(record.line);
      const built = kind === 'quote' && record.type === 'quote_ladder' ? quoteRowsOf(context, record)[part[row] ?? 0] : rowOf(record, kind, context, options);
      if (built === null || built === undefined) throw new Error(`hour rows: record at line ${record.line} makes no ${kind} row`);
      return built;
    },
  };
}

function candleRows(hour: DecodedHour, contexts: CaptureContexts, byCollectorTime: boolean): HourRows {
  // Candles fold trades in collector-time order (ties in file order), whatever order the file has.
  const trades: TradeRecord[] = [];
  for (let index = 0; index < hour.records.length; index++) {
    if (hour.records.typeAt(index) !== 'trade') continue;
    const record = hour.records.at(index);
    if (record?.type === 'trade') trades.push(record);
  }
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
  const times = rows.map(timeOf);
  return {
    length: rows.length,
    t: times,
    at: times,
    seq: rows.map((_row, index) => index),
    instrument: (index) => rows[index]?.instrument ?? null,
    build: (index) => {
      const row = rows[index];
      if (row === undefined) throw new Error(`hour rows: no candle ${index}`);
      return row;
    },
  };
}

/** The rows of one kind in an hour, in serving order (file order), computed once per decoded hour and reading. */
export function hourRows(hour: DecodedHour, kind: RowKind, options: RowBuildOptions, reading: HourReading): HourRows {
  let byKind = rowCache.get(hour);
  if (byKind === undefined) {
    byKind = new Map();
    rowCache.set(hour, byKind);
  }
  // Candles depend on the trades and sessions only, whatever else the query reads.
  const cacheKey =
    kind === 'ohlcv'
      ? `ohlcv:${options.candlesByCollectorTime ? 1 : 0}:${segmentsKey(reading.segments)}`
      : `${kind}:${options.latestHourFunding ? 1 : 0}:${options.candlesByCollectorTime ? 1 : 0}:${kindsKey(reading.kinds)}:${segmentsKey(reading.segments)}`;
  let rows = byKind.get(cacheKey);
  if (rows === undefined) {
    rows = kind === 'ohlcv' ? candleRows(hour, new CaptureContexts(hour.file.key, reading.segments), options.candlesByCollectorTime) : recordRows(hour, kind, options, reading);
    byKind.set(cacheKey, rows);
  }
  return rows;
}

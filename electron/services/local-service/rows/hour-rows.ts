import { candleIntervals, type CandleInterval, type CandleRow } from '../../../../shared/rows/candle-row.ts';
import { candleRowsOfTrades } from '../../../../shared/rows/from-records/candle-rows.ts';
import { fundingRowOf, fundingRowOfPoint, isFundingBearing, isFundingPoint } from '../../../../shared/rows/from-records/funding-rows.ts';
import { intentRowOf } from '../../../../shared/rows/from-records/intent-rows.ts';
import { l2UpdateRowOf } from '../../../../shared/rows/from-records/l2-update-rows.ts';
import { optionTickerRowOf } from '../../../../shared/rows/from-records/option-ticker-rows.ts';
import { quoteRowsOf } from '../../../../shared/rows/from-records/quote-rows.ts';
import type { RowContext } from '../../../../shared/rows/from-records/row-context.ts';
import { tradeRowOf } from '../../../../shared/rows/from-records/trade-rows.ts';
import type { SnapshotRecord, TradeRecord } from '../../../../shared/snapshot/records.ts';
import type { DecodedHour } from '../store/market-data-store.ts';
import type { RowKind } from '../../../../shared/rows/row-kinds.ts';

/** A row of any kind, as served. */
export type ServedRow = { event_id: string; collector_timestamp: number; instrument: string | null } & Record<string, unknown>;

/** One row of an hour in serving order, built on demand. */
export interface HourRowEntry {
  /** Collector time (or candle open time for ohlcv), the primary order. */
  t: number;
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

/** The file `type`s of lines the rows of `kinds` are built from, so a store can skip reading the rest. */
export function lineTypesOf(kinds: readonly RowKind[]): ReadonlySet<string> {
  return new Set(kinds.flatMap((kind) => lineTypesByKind[kind]));
}

const cache = new WeakMap<DecodedHour, Map<string, readonly HourRowEntry[]>>();

function entriesOf(hour: DecodedHour, kind: RowKind, options: RowBuildOptions): HourRowEntry[] {
  const context: RowContext = { sourceCaptureId: hour.file.key };
  const entries: HourRowEntry[] = [];
  const push = (record: SnapshotRecord, part: number, build: () => ServedRow): void => {
    entries.push({ t: record.collectorTimestamp, seq: record.line * 4096 + part, instrument: record.instrument, build });
  };
  for (const record of hour.records) {
    switch (kind) {
      case 'trade':
        if (record.type === 'trade') push(record, 0, () => tradeRowOf(context, record) as unknown as ServedRow);
        break;
      case 'l2_update':
        if (record.type === 'orderbook') push(record, 0, () => l2UpdateRowOf(context, record) as unknown as ServedRow);
        break;
      case 'funding_rate':
        if (record.type === 'perpetual_ticker' && isFundingBearing(record)) {
          push(record, 0, () => fundingRowOf(context, record, options.latestHourFunding) as unknown as ServedRow);
        } else if (record.type === 'point' && isFundingPoint(record)) {
          push(record, 0, () => fundingRowOfPoint(context, record) as unknown as ServedRow);
        }
        break;
      case 'option_ticker':
        if (record.type === 'option_ticker' && record.instrument !== null) {
          const row = optionTickerRowOf(context, record);
          if (row !== null) push(record, 0, () => row as unknown as ServedRow);
        }
        break;
      case 'intent':
        if (record.type === 'intent') {
          const row = intentRowOf(context, record);
          if (row !== null) push(record, 0, () => row as unknown as ServedRow);
        }
        break;
      case 'quote':
        if (record.type === 'quote_ladder') {
          quoteRowsOf(context, record).forEach((row, part) => {
            entries.push({ t: record.collectorTimestamp, seq: record.line * 4096 + part, instrument: row.instrument, build: () => row as unknown as ServedRow });
          });
        }
        break;
      case 'ohlcv':
        break;
    }
  }
  if (kind === 'ohlcv') return candleEntries(hour, context, options.candlesByCollectorTime);
  return entries;
}

function candleEntries(hour: DecodedHour, context: RowContext, byCollectorTime: boolean): HourRowEntry[] {
  const trades = hour.records.filter((record): record is TradeRecord => record.type === 'trade');
  const rows: CandleRow[] = [];
  // A complete hour gets no more trades, so every candle in it closes (its last candles too);
  // only the live hour's still-running candles stay open.
  const complete = hour.dataEnd >= hour.file.hourStart + hourMs - 1;
  const dataEnd = complete ? Number.POSITIVE_INFINITY : hour.dataEnd;
  for (const interval of candleIntervals.filter((name): name is CandleInterval => name !== '100ms' && name !== '1s' && name !== '10s')) {
    rows.push(...candleRowsOfTrades(context, trades, interval, { revisionEveryMs: 10_000, closeDelayMs: 250, dataEnd }));
  }
  const timeOf = (row: CandleRow): number => (byCollectorTime ? row.collector_timestamp : row.open_timestamp);
  rows.sort((a, b) => timeOf(a) - timeOf(b) || a.collector_timestamp - b.collector_timestamp || (a.event_id < b.event_id ? -1 : 1));
  return rows.map((row, index) => ({ t: timeOf(row), seq: index, instrument: row.instrument, build: () => row as unknown as ServedRow }));
}

/** The rows of one kind in an hour, in serving order, computed once per decoded hour. */
export function hourRows(hour: DecodedHour, kind: RowKind, options: RowBuildOptions): readonly HourRowEntry[] {
  let byKind = cache.get(hour);
  if (byKind === undefined) {
    byKind = new Map();
    cache.set(hour, byKind);
  }
  const cacheKey = `${kind}:${options.latestHourFunding ? 1 : 0}:${options.candlesByCollectorTime ? 1 : 0}`;
  let entries = byKind.get(cacheKey);
  if (entries === undefined) {
    entries = entriesOf(hour, kind, options);
    byKind.set(cacheKey, entries);
  }
  return entries;
}

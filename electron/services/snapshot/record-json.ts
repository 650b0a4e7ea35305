import { tradeFieldsOf } from '../../../shared/rows/from-records/trade-rows.ts';
import type { FlatLevels, SnapshotRecord } from '../../../shared/snapshot/records.ts';

/** The JSON form of one record that `mde decode` prints, one object per line. */
export interface DecodedRecordJson {
  type: string;
  collector_timestamp: number;
  collector_sequence: number | null;
  exchange_timestamp: number | null;
  source: string;
  market: string;
  instrument: string | null;
  data: unknown;
}

/** Flat levels back to `[[price, quantity], ...]`. */
export function levelPairs(levels: FlatLevels): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < levels.length; i += 2) pairs.push([levels[i] ?? 0, levels[i + 1] ?? 0]);
  return pairs;
}

function normalizedData(record: SnapshotRecord): unknown {
  switch (record.type) {
    case 'orderbook':
      return { is_snapshot: record.isSnapshot, bids: levelPairs(record.bids), asks: levelPairs(record.asks) };
    case 'trade':
      return tradeFieldsOf(record);
    case 'point':
      return { series: record.series, value: record.value };
    case 'quote_ladder':
      return record.values;
    case 'record':
      return { series: record.series, values: record.values };
    case 'unknown':
      return { original_type: record.originalType, data: record.data };
    default:
      return record.data;
  }
}

/** A record as `mde decode` prints it: snake_case envelope, normalized data, exact quote amounts. */
export function decodedRecordJson(record: SnapshotRecord): DecodedRecordJson {
  return {
    type: record.type,
    collector_timestamp: record.collectorTimestamp,
    collector_sequence: record.collectorSequence,
    exchange_timestamp: record.exchangeTimestamp,
    source: record.source,
    market: record.market,
    instrument: record.instrument,
    data: normalizedData(record),
  };
}

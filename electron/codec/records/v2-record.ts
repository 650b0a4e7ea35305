import { perpetualDecimalFields, type RecordEnvelope, type SnapshotHeader, type SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { bookSide } from './book-levels.ts';
import {
  LineProblem,
  countField,
  isJsonObject,
  nullableBooleanField,
  nullableStringField,
  numberField,
  objectField,
  stringField,
  type JsonObject,
} from './line-problem.ts';
import { quoteLadderValues } from './quote-ladder.ts';
import { nullableTimeField, timeField } from './record-time.ts';

function sequenceString(row: JsonObject, key: string): string | null {
  const value = row[key];
  // Some venues number their sequences; the envelope keeps them as strings.
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return nullableStringField(row, key);
}

function envelope(row: JsonObject, header: SnapshotHeader, line: number): RecordEnvelope {
  const market = row.market === undefined ? header.market : stringField(row, 'market');
  const source = row.source === undefined ? header.source : stringField(row, 'source');
  const base: RecordEnvelope = {
    collectorTimestamp: timeField(row, 'collector_timestamp'),
    collectorSequence: countField(row, 'collector_sequence'),
    exchangeTimestamp: nullableTimeField(row, 'exchange_timestamp'),
    exchangeSequence: sequenceString(row, 'exchange_sequence'),
    source,
    market,
    instrument: nullableStringField(row, 'instrument'),
    line,
  };
  if (row.raw !== undefined) base.raw = row.raw;
  return base;
}

function side(data: JsonObject): 'buy' | 'sell' | null {
  const value = data.side;
  if (value === undefined || value === null) return null;
  if (value !== 'buy' && value !== 'sell') throw new LineProblem('data.side must be "buy", "sell" or null');
  return value;
}

/** A trade price or quantity: a JSON number, or a decimal string some venues send. */
function tradeNumber(data: JsonObject, key: string): number {
  const value = data[key];
  if (typeof value === 'string' && /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/.test(value)) return Number(value);
  return numberField(data, key, 'data.');
}

function stringOrNumberId(data: JsonObject, key: string): string | null {
  const value = data[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return nullableStringField(data, key, 'data.');
}

/** Normalizes the payload of a trade row (v2 and legacy share it). */
export function tradeFields(data: JsonObject) {
  return {
    price: tradeNumber(data, 'price'),
    quantity: tradeNumber(data, 'quantity'),
    side: side(data),
    orderId: stringOrNumberId(data, 'order_id'),
    maker: nullableStringField(data, 'maker', 'data.'),
    taker: nullableStringField(data, 'taker', 'data.'),
    liquidation: nullableBooleanField(data, 'liquidation', 'data.'),
  };
}

/** Normalizes a point value: a decimal string (legacy files may hold a bare number). */
export function pointValue(data: JsonObject): string {
  const value = data.value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return stringField(data, 'value', 'data.');
}

function checkTicker(data: JsonObject): void {
  for (const key of perpetualDecimalFields) nullableStringField(data, key, 'data.');
  nullableTimeField(data, 'funding_timestamp', 'data.');
}

/**
 * Turns one parsed v2 data row into a typed record (the general path; the byte-level fast path
 * must agree with it). Throws a LineProblem naming the first field that is wrong.
 */
export function v2Record(row: JsonObject, header: SnapshotHeader, line: number): SnapshotRecord {
  const type = stringField(row, 'type');
  const base = envelope(row, header, line);
  const data = objectField(row, 'data');
  switch (type) {
    case 'orderbook': {
      const isSnapshot = data.is_snapshot;
      if (typeof isSnapshot !== 'boolean') throw new LineProblem('data.is_snapshot must be true or false');
      return { ...base, type, isSnapshot, bids: bookSide(row, data, 'bids'), asks: bookSide(row, data, 'asks') };
    }
    case 'trade':
      return { ...base, type, ...tradeFields(data) };
    case 'point':
      return { ...base, type, series: stringField(data, 'series', 'data.'), value: pointValue(data) };
    case 'record': {
      const series = stringField(data, 'series', 'data.');
      if (series === 'quote_ladder') {
        return { ...base, type: 'quote_ladder', values: quoteLadderValues(objectField(data, 'values', 'data.')) };
      }
      return { ...base, type, series, values: data.values };
    }
    case 'perpetual_ticker':
      checkTicker(data);
      return { ...base, type, data };
    case 'option_ticker': {
      const greeks = data.greeks;
      if (greeks !== undefined && !isJsonObject(greeks)) throw new LineProblem('data.greeks must be an object');
      return { ...base, type, data };
    }
    case 'intent':
      return { ...base, type, data };
    default:
      return { ...base, type: 'unknown', originalType: type, data };
  }
}

import type { FlatLevels, SnapshotRecord } from '../../../shared/snapshot/records.ts';

/** Longest summary kept; the row detail has the whole line. */
export const maxSummaryLength = 160;

function levels(side: FlatLevels, one: string, many: string): string {
  const count = side.length >> 1;
  return `${count} ${count === 1 ? one : many}`;
}

/** The highest (bids) or lowest (asks) price a delta touches, removals included. */
function edge(side: FlatLevels, pick: 'max' | 'min'): number | null {
  let found: number | null = null;
  for (let i = 0; i + 1 < side.length; i += 2) {
    const price = side[i] ?? Number.NaN;
    if (Number.isNaN(price)) continue;
    if (found === null || (pick === 'max' ? price > found : price < found)) found = price;
  }
  return found;
}

function best(side: FlatLevels, pick: 'max' | 'min'): number | null {
  let found: number | null = null;
  for (let i = 0; i + 1 < side.length; i += 2) {
    const price = side[i] ?? Number.NaN;
    // A delta's zero quantity deletes the level: it is not a resting price.
    if ((side[i + 1] ?? 0) <= 0 || Number.isNaN(price)) continue;
    if (found === null || (pick === 'max' ? price > found : price < found)) found = price;
  }
  return found;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** `name value` pairs of the fields present, in the order given. */
function fields(data: Record<string, unknown>, names: readonly (readonly [string, string])[]): string {
  return names
    .filter(([key]) => data[key] !== undefined)
    .map(([key, label]) => `${label} ${text(data[key])}`)
    .join(' · ');
}

function cut(summary: string): string {
  return summary.length <= maxSummaryLength ? summary : `${summary.slice(0, maxSummaryLength - 1)}…`;
}

/**
 * A compact one-line reading of a record for the file viewer's table: a book's side sizes and
 * best prices, a trade's side, size and price, a ticker's main values, a quote ladder's pair and
 * first quote. Decimal strings and 256-bit amounts are shown as the decoder kept them (exact text).
 */
export function recordSummary(record: SnapshotRecord): string {
  switch (record.type) {
    case 'orderbook': {
      // A snapshot's best prices are the book's; a delta only says where it changed the book.
      const bid = record.isSnapshot ? best(record.bids, 'max') : edge(record.bids, 'max');
      const ask = record.isSnapshot ? best(record.asks, 'min') : edge(record.asks, 'min');
      const label = record.isSnapshot ? 'best' : 'top change';
      const top = bid === null && ask === null ? '' : ` · ${label} ${bid ?? '—'} / ${ask ?? '—'}`;
      return cut(`${record.isSnapshot ? 'snapshot' : 'delta'} ${levels(record.bids, 'bid', 'bids')} · ${levels(record.asks, 'ask', 'asks')}${top}`);
    }
    case 'trade':
      return cut(`${record.side ?? 'side unknown'} ${record.quantity} @ ${record.price}${record.liquidation === true ? ' · liquidation' : ''}`);
    case 'point':
      return cut(`${record.series} = ${record.value}`);
    case 'quote_ladder': {
      const values = record.values;
      const first = values.quotes[0];
      const quote = first === undefined ? 'no quotes' : `${values.quotes.length} quotes · first ${first.amount_in} → ${first.amount_out}`;
      return cut(`${values.token_in} → ${values.token_out} · ${quote} · block ${values.block_number}`);
    }
    case 'record':
      return cut(`${record.series}${record.values === null || record.values === undefined ? '' : ` ${text(record.values)}`}`);
    case 'perpetual_ticker':
      return cut(
        fields(record.data, [
          ['last_price', 'last'],
          ['mark_price', 'mark'],
          ['index_price', 'index'],
          ['funding_rate', 'funding'],
          ['open_interest', 'OI'],
        ]) || 'no values',
      );
    case 'option_ticker':
      return cut(
        fields(record.data, [
          ['mark_price', 'mark'],
          ['mark_iv', 'IV'],
          ['bid_price', 'bid'],
          ['ask_price', 'ask'],
          ['underlying_price', 'underlying'],
        ]) || 'no values',
      );
    case 'intent':
      return cut(
        fields(record.data, [
          ['status', 'status'],
          ['rfq_id', 'rfq'],
          ['intent_id', 'intent'],
        ]) || 'no values',
      );
    case 'unknown':
      return cut(`${record.originalType} (a type this version does not read) ${text(record.data)}`);
  }
}

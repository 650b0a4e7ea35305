import type { OrderbookRecord } from '../../../shared/snapshot/records.ts';

/**
 * A tiny stand-in for the file decoder: the order-book rows of a JSON-lines snapshot file (v2 when
 * the first row is a metadata header, legacy otherwise) as `OrderbookRecord`s. Other rows are skipped.
 */
export function orderbookRecords(text: string): OrderbookRecord[] {
  const lines = text.split('\n');
  const rows = lines.map((line, i) => ({ line: i + 1, text: line.trim() })).filter((row) => row.text !== '');
  const parsed = rows.map((row) => ({ line: row.line, value: JSON.parse(row.text) as Record<string, unknown> }));
  const v2 = parsed[0]?.value.type === 'metadata';
  const records: OrderbookRecord[] = [];
  for (const { line, value } of parsed) {
    const type = value.type;
    const data = value.data as { is_snapshot?: boolean; bids: number[][]; asks: number[][] };
    const isOrderbook = v2 ? type === 'orderbook' : type === 'orderbook' || type === 'orderbook_delta';
    if (!isOrderbook) continue;
    const rawTime = Number(v2 ? value.collector_timestamp : value.timestamp);
    records.push({
      type: 'orderbook',
      collectorTimestamp: rawTime >= 1e14 ? Math.floor(rawTime / 1000) : rawTime,
      collectorSequence: v2 ? Number(value.collector_sequence) : null,
      exchangeTimestamp: typeof value.exchange_timestamp === 'number' ? value.exchange_timestamp : null,
      exchangeSequence: typeof value.exchange_sequence === 'string' ? value.exchange_sequence : null,
      source: String(value.source),
      market: String(value.market),
      instrument: typeof value.instrument === 'string' ? value.instrument : null,
      line,
      isSnapshot: v2 ? data.is_snapshot === true : type === 'orderbook',
      bids: Float64Array.from(data.bids.flat()),
      asks: Float64Array.from(data.asks.flat()),
    });
  }
  return records;
}

import { describe, expect, it } from 'vitest';
import { decodeBytes, fixtureText, levels, zst } from './decode-helpers.ts';

describe('v2 records', () => {
  it('decodes books into flat levels, trades, points and keeps file order', async () => {
    const { records, result } = await decodeBytes(zst(fixtureText('v2-book-trades.jsonl')));
    expect(result.ok).toBe(true);
    expect(records.map((r) => r.type)).toEqual(['orderbook', 'orderbook', 'trade', 'trade', 'point', 'trade', 'orderbook']);
    const [snapshot, delta, trade, trade2, point, trade3, lastBook] = records;
    expect(snapshot).toMatchObject({ type: 'orderbook', isSnapshot: true, collectorTimestamp: 1717200000100, collectorSequence: 3, exchangeTimestamp: 1717199999950, exchangeSequence: 'b-1', source: 'aster', market: 'ETH-USDT', instrument: null, line: 2 });
    if (snapshot?.type !== 'orderbook' || delta?.type !== 'orderbook' || lastBook?.type !== 'orderbook') throw new Error('expected books');
    expect(snapshot.bids).toBeInstanceOf(Float64Array);
    expect(levels(snapshot.bids)).toEqual([3501.25, 1.5, 3501, 0.75]);
    expect(levels(snapshot.asks)).toEqual([3502.5, 2, 3503.75, 0.125]);
    expect(delta.isSnapshot).toBe(false);
    expect(levels(delta.bids)).toEqual([3501.25, 0]);
    expect(levels(delta.asks)).toEqual([]);
    expect(levels(lastBook.bids)).toEqual([]);
    expect(trade).toEqual({
      type: 'trade', collectorTimestamp: 1717200000300, collectorSequence: 6, exchangeTimestamp: 1717200000290, exchangeSequence: 't-9',
      source: 'aster', market: 'ETH-USDT', instrument: null, line: 4,
      price: 3502.5, quantity: 0.4, side: 'buy', orderId: 'o-77', maker: '0xmm', taker: '0xtt', liquidation: false,
    });
    expect(trade2).toMatchObject({ price: 3501, quantity: 0.001, side: null, orderId: null, maker: null, taker: null, liquidation: null });
    expect(point).toMatchObject({ type: 'point', series: 'mark_px', value: '3501.8', instrument: 'ETH-PERP' });
    expect(trade3).toMatchObject({ price: 3500.5, quantity: 2, raw: { venue: 'aster', id: 11 } });
  });

  it('reads the metadata header as framing and reports counts, time range and backward steps', async () => {
    const { records, result } = await decodeBytes(zst(fixtureText('v2-book-trades.jsonl')));
    expect(records.some((r) => (r as { type: string }).type === 'metadata')).toBe(false);
    const summary = result.summary;
    expect(summary.format).toBe('v2');
    expect(summary.header).toEqual({
      schemaVersion: 'v2', source: 'aster', market: 'ETH-USDT', date: '2024-06-01', startTime: 1717200000000, endTime: 1717200000900,
      eventCount: 7, counts: { orderbook_count: 3, trade_count: 3, point_count: 1 }, collectorVersion: 'fixture-1',
    });
    expect(summary.records).toBe(7);
    expect(summary.countsByType).toEqual({ orderbook: 3, trade: 3, point: 1 });
    expect(summary.firstCollectorTimestamp).toBe(1717200000100);
    expect(summary.lastCollectorTimestamp).toBe(1717200000900);
    expect(summary.backwardSteps).toBe(1);
  });

  it('takes the market of quote rows from the header and keeps 256-bit amounts exact', async () => {
    const { records, result } = await decodeBytes(zst(fixtureText('v2-quote-ladder.jsonl')));
    expect(result.ok).toBe(true);
    expect(records.map((r) => [r.type, r.market, r.source])).toEqual([
      ['record', 'base', 'metric'],
      ['quote_ladder', 'base', 'metric'],
      ['quote_ladder', 'base', 'metric'],
    ]);
    const [heartbeat, ladder, empty] = records;
    expect(heartbeat).toMatchObject({ series: 'heartbeat', values: { alive: true, lag_ms: 12 } });
    if (ladder?.type !== 'quote_ladder' || empty?.type !== 'quote_ladder') throw new Error('expected ladders');
    expect(ladder.values.quotes[0]?.amount_in).toBe(((1n << 256n) - 1n).toString());
    expect(ladder.values.quotes[0]?.amount_out).toBe('99999999999999999999999');
    expect(ladder.values).toMatchObject({ chain_id: 8453, pool: '0xp1', oracle: '0xo', token_in_decimals: 18 });
    expect('pool' in empty.values).toBe(false);
    expect(empty.values.oracle).toBeNull();
    expect(result.summary.countsByType).toEqual({ record: 3 });
  });

  it('rejects a quote amount written as a bare JSON number, which would lose precision', async () => {
    const text = fixtureText('v2-quote-ladder.jsonl').replace('"amount_out":"99999999999999999999999"', '"amount_out":99999999999999999999999');
    const { result } = await decodeBytes(zst(text));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('malformed-line');
    expect(result.error.line).toBe(3);
    expect(result.error.message).toContain('amount_out must be a decimal string');
  });

  it('keeps tickers, intents and unknown types whole', async () => {
    const { records } = await decodeBytes(zst(fixtureText('v2-tickers-intents.jsonl')));
    expect(records.map((r) => r.type)).toEqual(['perpetual_ticker', 'option_ticker', 'intent', 'unknown']);
    expect(records[0]).toMatchObject({ data: { mark_price: '171.234', funding_rate: '-0.0000031', open_interest: null, funding_timestamp: 1717214400000 } });
    expect(records[1]).toMatchObject({ instrument: 'SOL-28JUN24-180-P', data: { greeks: { delta: '-0.52', gamma: null } } });
    expect(records[2]).toMatchObject({ exchangeSequence: 'i-5', data: { intent_id: 'i-5', status: 'open' } });
    expect(records[3]).toMatchObject({ originalType: 'liquidation_warning', data: { level: 'high', note: 'ünïcödé ✓' } });
  });
});

describe('legacy records', () => {
  it('converts microsecond timestamps, maps orderbook_delta, and skips and counts malformed lines', async () => {
    const { records, result } = await decodeBytes(zst(fixtureText('legacy-mixed.jsonl')));
    expect(result.ok).toBe(true);
    expect(result.summary.format).toBe('legacy');
    expect(result.summary.header).toBeNull();
    expect(records.map((r) => [r.type, r.collectorTimestamp, r.collectorSequence])).toEqual([
      ['orderbook', 1717200000100, null],
      ['orderbook', 1717200000200, null],
      ['trade', 1717200000300, null],
      ['point', 1717200000400, null],
    ]);
    const [book, delta] = records;
    expect(book).toMatchObject({ isSnapshot: true });
    expect(delta).toMatchObject({ isSnapshot: false });
    expect(records[3]).toMatchObject({ value: '3500.75' });
    expect(result.summary.skippedLines).toBe(2);
    expect(result.summary.skippedSamples.map((s) => s.line)).toEqual([3, 6]);
    expect(result.summary.countsByType).toEqual({ orderbook: 1, orderbook_delta: 1, trade: 1, point: 1 });
  });
});

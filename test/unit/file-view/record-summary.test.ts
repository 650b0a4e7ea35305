import { describe, expect, it } from 'vitest';
import { maxSummaryLength, recordSummary } from '../../../electron/host/file-view/record-summary.ts';
import type { RecordEnvelope, SnapshotRecord } from '../../../shared/snapshot/records.ts';

const envelope: RecordEnvelope = {
  collectorTimestamp: 1_710_054_000_000,
  collectorSequence: 1,
  exchangeTimestamp: null,
  exchangeSequence: null,
  source: 'binance',
  market: 'BTC-USDT',
  instrument: null,
  line: 2,
};
const levels = (...pairs: number[]): Float64Array => Float64Array.from(pairs);

describe('recordSummary', () => {
  it('reads a snapshot’s level counts and best prices (a zero size is no level)', () => {
    const record: SnapshotRecord = { ...envelope, type: 'orderbook', isSnapshot: true, bids: levels(100, 1, 101, 2, 102, 0), asks: levels(104, 1, 103, 3) };
    expect(recordSummary(record)).toBe('snapshot 3 bids · 2 asks · best 101 / 103');
  });

  it('reads where a delta changed the book, removals included, and says a side it left alone', () => {
    const record: SnapshotRecord = { ...envelope, type: 'orderbook', isSnapshot: false, bids: levels(99.5, 0, 99, 4), asks: levels() };
    expect(recordSummary(record)).toBe('delta 2 bids · 0 asks · top change 99.5 / —');
    const one: SnapshotRecord = { ...envelope, type: 'orderbook', isSnapshot: false, bids: levels(), asks: levels(101, 1) };
    expect(recordSummary(one)).toBe('delta 0 bids · 1 ask · top change — / 101');
  });

  it('reads a trade, and an unknown side as unknown, never a buy', () => {
    const trade = { ...envelope, type: 'trade', price: 64000.5, quantity: 0.25, orderId: null, maker: null, taker: null } as const;
    expect(recordSummary({ ...trade, side: 'sell', liquidation: true })).toBe('sell 0.25 @ 64000.5 · liquidation');
    expect(recordSummary({ ...trade, side: null, liquidation: null })).toBe('side unknown 0.25 @ 64000.5');
  });

  it('keeps a quote ladder’s 256-bit amounts as exact text', () => {
    const max = '115792089237316195423570985008687907853269984665640564039457584007913129639935';
    const record: SnapshotRecord = {
      ...envelope,
      type: 'quote_ladder',
      values: {
        event_id: 'e',
        chain_id: 8453,
        block_number: 15000001,
        block_hash: '0xb1',
        parent_hash: '0xb0',
        transaction_hash: '0xt1',
        transaction_index: 2,
        router: '0xr',
        oracle: null,
        token_in: '0xin',
        token_out: '0xout',
        token_in_decimals: 18,
        token_out_decimals: 6,
        quotes: [{ amount_in: max, amount_out: '1' }],
      },
    };
    expect(recordSummary(record)).toBe(`0xin → 0xout · 1 quotes · first ${max} → 1 · block 15000001`);
  });

  it('reads tickers, points, intents and raw series from the fields present, as their decimal text', () => {
    expect(recordSummary({ ...envelope, type: 'perpetual_ticker', data: { mark_price: '64000.10', funding_rate: '0.0001', index_price: null } })).toBe('mark 64000.10 · index — · funding 0.0001');
    expect(recordSummary({ ...envelope, type: 'perpetual_ticker', data: {} })).toBe('no values');
    expect(recordSummary({ ...envelope, type: 'point', series: 'mark_px', value: '1.50' })).toBe('mark_px = 1.50');
    expect(recordSummary({ ...envelope, type: 'intent', data: { status: 'settled', intent_id: 'i-1' } })).toBe('status settled · intent i-1');
    expect(recordSummary({ ...envelope, type: 'record', series: 'heartbeat', values: { alive: true } })).toBe('heartbeat {"alive":true}');
    expect(recordSummary({ ...envelope, type: 'unknown', originalType: 'liquidation', data: { x: 1 } })).toBe('liquidation (a type this version does not read) {"x":1}');
  });

  it('cuts a long summary with an ellipsis', () => {
    const summary = recordSummary({ ...envelope, type: 'record', series: 'telemetry', values: { text: 'x'.repeat(500) } });
    expect(summary).toHaveLength(maxSummaryLength);
    expect(summary.endsWith('…')).toBe(true);
  });
});

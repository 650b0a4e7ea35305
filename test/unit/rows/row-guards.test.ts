import { describe, expect, it } from 'vitest';
import { l2Slots } from '../../../shared/rows/l2-row.ts';
import { isEventItem } from '../../../shared/rows/event-item.ts';
import { isL2Row, isLatestFundingRow, isQuoteRow, isTradeRow } from '../../../shared/rows/row-guards.ts';
import { InvalidRowError } from '../../../shared/rows/row-problem.ts';
import { validateRows } from '../../../shared/rows/validate-rows.ts';

const base = { event_id: 'e1', source: 'hyperliquid', market: 'BTC', instrument: null, collector_timestamp: 1_795_000_000_000, exchange_timestamp: null, source_capture_id: 'cap', schema_version: 2 };
const trade = { ...base, price: 97_000.5, quantity: 0.01, side: 'buy', order_id: null, maker: null, taker: null, liquidation: null };

function l2Row(): Record<string, unknown> {
  const row: Record<string, unknown> = { ...base, source_event_is_snapshot: true };
  for (const slot of l2Slots) Object.assign(row, { [slot.bidPx]: null, [slot.bidSz]: null, [slot.askPx]: null, [slot.askSz]: null });
  return Object.assign(row, { bid_px_00: 100, bid_sz_00: 1, ask_px_00: 101, ask_sz_00: 0 });
}

describe('row guards', () => {
  it('accept spec rows, nulls included', () => {
    expect(isTradeRow(trade)).toBeNull();
    expect(isL2Row(l2Row())).toBeNull();
    expect(isLatestFundingRow({ ...base, funding_rate: '0.0000125', predicted_funding_rate: null, premium: null, funding_timestamp: null, mark_price: '97000.1' })).toBeNull();
    expect(isEventItem({ type: 'trade', data: trade })).toBeNull();
  });

  it('name the field that breaks the shape', () => {
    expect(isTradeRow({ ...trade, price: '97000.5' })?.field).toBe('price');
    expect(isTradeRow({ ...trade, collector_timestamp: 1.5 })?.field).toBe('collector_timestamp');
    expect(isL2Row({ ...l2Row(), ask_sz_24: Number.NaN })?.field).toBe('ask_sz_24');
    const missing = l2Row();
    delete missing['bid_px_07'];
    expect(isL2Row(missing)?.field).toBe('bid_px_07');
    expect(isLatestFundingRow({ ...base, funding_rate: 0.0001, predicted_funding_rate: null, premium: null, funding_timestamp: null })?.field).toBe('funding_rate');
    expect(isEventItem({ type: 'trade', data: { ...trade, side: 'long' } })?.field).toBe('data.side');
    expect(isEventItem({ type: 'mystery', data: trade })?.field).toBe('type');
  });

  it('keep 256-bit quote amounts as strings and refuse numbers', () => {
    const quote = {
      amount_kind: 'exact_input', block_hash: '0x1', event_id: 'q', input_amount: (2n ** 256n - 1n).toString(), input_asset_id: 'a', input_chain_id: 'eip155:1', instrument: 'i', market: 'ethereum',
      observation_id: 'o', output_amount: '1', output_asset_id: 'b', output_chain_id: 'eip155:1', router: 'r', source: 'fermiswap', source_capture_id: 'c', transaction_hash: '0x2',
      block_number: 1, collector_timestamp: 1, input_decimals: 18, output_decimals: 6, schema_version: 2, transaction_index: 0, exchange_timestamp: null, oracle: null, pool: null,
    };
    expect(isQuoteRow(quote)).toBeNull();
    expect(isQuoteRow({ ...quote, input_amount: 1e30 })?.field).toBe('input_amount');
  });

  it('validateRows throws an InvalidRowError naming endpoint, row index and field', () => {
    expect(() => validateRows('/historical/trades', [trade, trade, { ...trade, quantity: null }], isTradeRow)).toThrow(InvalidRowError);
    try {
      validateRows('/historical/trades', [trade, { ...trade, quantity: null }], isTradeRow);
    } catch (error) {
      expect(error).toMatchObject({ endpoint: '/historical/trades', rowIndex: 1, field: 'quantity' });
    }
  });
});

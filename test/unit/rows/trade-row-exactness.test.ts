import { describe, expect, it } from 'vitest';
import { tradeRowOf } from '../../../shared/rows/from-records/trade-rows.ts';
import type { TradeRecord } from '../../../shared/snapshot/records.ts';
import { envelopeAt, envelopeFields, envelopeOf, exactnessContext, expectDistinctEventIds, expectFieldsExactly, withoutEventId } from './exactness-oracle.ts';

// Spec 2.2, written out here.
const tradeFields = ['price', 'quantity', 'side', 'order_id', 'maker', 'taker', 'liquidation'] as const;

/** Every optional field supplied. */
const full: TradeRecord = {
  ...envelopeAt(2, 100, { instrument: 'BTC-PERP', exchangeSequence: '77' }),
  type: 'trade', price: 84_210.5, quantity: 0.001, side: 'sell', orderId: '9001', maker: '0xmaker', taker: '0xtaker', liquidation: true,
};
/** The same instrument a moment later, every optional field left out. */
const bare: TradeRecord = {
  ...envelopeAt(3, 101, { instrument: 'BTC-PERP', exchangeTimestamp: null }),
  type: 'trade', price: 84_210, quantity: 2, side: null, orderId: null, maker: null, taker: null, liquidation: null,
};
/** No instrument, a tiny price, and `false` (which is a value, not "none"). */
const tiny: TradeRecord = {
  ...envelopeAt(4, 102),
  type: 'trade', price: 1e-7, quantity: 5e21, side: 'buy', orderId: null, maker: null, taker: null, liquidation: false,
};

describe('trade rows are exact (spec 2.2)', () => {
  it('carry each field of the record as it is, null where the record had none, never carried forward', () => {
    const records = [full, bare, tiny];
    const rows = records.map((record) => tradeRowOf(exactnessContext, record));
    const expected = [
      { price: 84_210.5, quantity: 0.001, side: 'sell', order_id: '9001', maker: '0xmaker', taker: '0xtaker', liquidation: true },
      { price: 84_210, quantity: 2, side: null, order_id: null, maker: null, taker: null, liquidation: null },
      { price: 1e-7, quantity: 5e21, side: 'buy', order_id: null, maker: null, taker: null, liquidation: false },
    ];
    records.forEach((record, index) => {
      const row = rows[index];
      if (row === undefined) throw new Error('missing row');
      expectFieldsExactly(row, [...envelopeFields, ...tradeFields], `line ${record.line}`);
      expect(withoutEventId(row), `line ${record.line}`).toStrictEqual({ ...envelopeOf(record), ...expected[index] });
    });
    expectDistinctEventIds(rows);
  });
});

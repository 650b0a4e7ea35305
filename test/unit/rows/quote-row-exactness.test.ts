import { describe, expect, it } from 'vitest';
import { quoteRowsOf } from '../../../shared/rows/from-records/quote-rows.ts';
import type { QuoteLadderRecord, QuoteLadderValues } from '../../../shared/snapshot/records.ts';
import { envelopeAt, exactnessContext, expectDistinctEventIds, expectFieldsExactly, withoutEventId } from './exactness-oracle.ts';

// Spec 2.8, written out here.
const quoteFields = [
  'amount_kind', 'block_hash', 'event_id', 'input_amount', 'input_asset_id', 'input_chain_id', 'instrument', 'market', 'observation_id',
  'output_amount', 'output_asset_id', 'output_chain_id', 'router', 'source', 'source_capture_id', 'transaction_hash',
  'block_number', 'collector_timestamp', 'input_decimals', 'output_decimals', 'schema_version', 'transaction_index',
  'exchange_timestamp', 'oracle', 'pool',
];

const maxUint256 = '115792089237316195423570985008687907853269984665640564039457584007913129639935';

function ladder(line: number, offsetMs: number, values: QuoteLadderValues, exchangeTimestamp?: null): QuoteLadderRecord {
  return { ...envelopeAt(line, offsetMs, { source: 'metric', market: 'base', instrument: 'WETH/USDC', ...(exchangeTimestamp === null ? { exchangeTimestamp } : {}) }), type: 'quote_ladder', values };
}

/** A pool-routed ladder with an oracle and a 2^256-1 amount. */
const pooled = ladder(2, 100, {
  event_id: '0xb7:0xt7:metric:0xpool:0xin:0xout', chain_id: 8453, block_number: 15_000_007, block_hash: '0xb7', parent_hash: '0xb6',
  transaction_hash: '0xt7', transaction_index: 3, router: '0xrouter', oracle: '0xoracle', pool: '0xpool', token_in: '0xin', token_out: '0xout',
  token_in_decimals: 18, token_out_decimals: 6,
  quotes: [{ amount_in: maxUint256, amount_out: '0' }, { amount_in: '1000000000000000000', amount_out: '3501123456' }],
});
/** The same pair a block later: no oracle, no pool. */
const direct = ladder(3, 200, {
  event_id: '0xb8:0xt8:metric:0xin:0xout', chain_id: 8453, block_number: 15_000_008, block_hash: '0xb8', parent_hash: '0xb7',
  transaction_hash: '0xt8', transaction_index: 0, router: '0xrouter', oracle: null, token_in: '0xin', token_out: '0xout',
  token_in_decimals: 18, token_out_decimals: 6, quotes: [{ amount_in: '000100', amount_out: '1' }],
}, null);

describe('quote point rows are exact (spec 2.8)', () => {
  it('give one row per quote with the ladder values as written, null where it had none, never carried forward', () => {
    const rows = [pooled, direct].flatMap((record) => quoteRowsOf(exactnessContext, record));
    const common = {
      amount_kind: 'exact_input', input_asset_id: 'eip155:8453/erc20:0xin', input_chain_id: 'eip155:8453', output_asset_id: 'eip155:8453/erc20:0xout',
      output_chain_id: 'eip155:8453', instrument: 'WETH/USDC', market: 'base', source: 'metric', router: '0xrouter',
      source_capture_id: exactnessContext.sourceCaptureId, schema_version: 2, input_decimals: 18, output_decimals: 6,
    };
    const fromPooled = {
      ...common, block_hash: '0xb7', observation_id: pooled.values.event_id, transaction_hash: '0xt7', block_number: 15_000_007,
      transaction_index: 3, collector_timestamp: pooled.collectorTimestamp, exchange_timestamp: pooled.exchangeTimestamp, oracle: '0xoracle', pool: '0xpool',
    };
    const expected = [
      { ...fromPooled, input_amount: maxUint256, output_amount: '0' },
      { ...fromPooled, input_amount: '1000000000000000000', output_amount: '3501123456' },
      {
        ...common, block_hash: '0xb8', observation_id: direct.values.event_id, transaction_hash: '0xt8', block_number: 15_000_008,
        transaction_index: 0, collector_timestamp: direct.collectorTimestamp, exchange_timestamp: null, oracle: null, pool: null,
        input_amount: '000100', output_amount: '1',
      },
    ];
    expect(rows).toHaveLength(expected.length);
    rows.forEach((row, index) => {
      expectFieldsExactly(row, quoteFields, `quote ${index}`);
      expect(withoutEventId(row), `quote ${index}`).toStrictEqual(expected[index]);
    });
    expectDistinctEventIds(rows);
  });
});

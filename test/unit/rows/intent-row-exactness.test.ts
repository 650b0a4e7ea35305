import { describe, expect, it } from 'vitest';
import { intentRowOf } from '../../../shared/rows/from-records/intent-rows.ts';
import type { IntentRow } from '../../../shared/rows/intent-row.ts';
import type { IntentRecord } from '../../../shared/snapshot/records.ts';
import { envelopeAt, envelopeOf, exactnessContext, expectDistinctEventIds, expectFieldsExactly, withoutEventId } from './exactness-oracle.ts';

// Spec 2.7, written out here.
const intentFields = [
  'event_id', 'source', 'market', 'source_capture_id', 'collector_timestamp', 'schema_version', 'exchange_timestamp', 'expires_at', 'settled_at',
  'amount_kind', 'input_amount', 'input_asset_id', 'input_chain_id', 'output_amount', 'output_asset_id', 'output_chain_id',
  'quoted_input_amount', 'quoted_output_amount', 'instrument', 'intent_id', 'quote_id', 'rfq_id', 'status',
];

const usdc = 'eip155:1/erc20:0xa0b8';
const weth = 'eip155:1/erc20:0xc02a';

function intent(line: number, offsetMs: number, data: IntentRecord['data']): IntentRecord {
  return { ...envelopeAt(line, offsetMs, { source: 'uniswapx', market: 'intents', instrument: 'USDC/WETH' }), type: 'intent', data };
}

/** An open intent with its quote: every field supplied. */
const quoted = intent(2, 100, {
  intent_id: 'ix-1', rfq_id: 'rfq-1', status: 'open', amount_kind: 'exact_input', expires_at: 1_772_440_000_000,
  inputs: [{ asset_id: usdc, chain_id: 'eip155:1', amount: '250000000' }],
  outputs: [{ asset_id: weth, chain_id: 'eip155:1', amount: '99000000000000000' }],
  quote: { quote_id: 'q-7', response: [{ asset_id: weth, amount: '99100000000000000' }, { asset_id: usdc, amount: '250000000.0' }] },
});
/** The same intent later: settled, its output asset missing, no quote, no amount kind, no expiry. */
const settled = intent(3, 200, {
  intent_id: 'ix-1', status: 'settled', settled_at: 1_772_440_100_000,
  inputs: [{ asset_id: usdc, chain_id: 'eip155:1', amount: '250000000' }], outputs: [],
});
/** An RFQ poll with nothing but its id. */
const poll = intent(4, 300, { rfq_id: 'rfq-2' });

const nothing = {
  expires_at: null, settled_at: null, amount_kind: null, input_amount: null, input_asset_id: null, input_chain_id: null,
  output_amount: null, output_asset_id: null, output_chain_id: null, quoted_input_amount: null, quoted_output_amount: null,
  intent_id: null, quote_id: null, rfq_id: null, status: null,
};

function rowOf(record: IntentRecord): IntentRow {
  const row = intentRowOf(exactnessContext, record);
  if (row === null) throw new Error(`no row for line ${record.line}`);
  return row;
}

describe('intent rows are exact (spec 2.7)', () => {
  it('carry each value of the observation as written, null where it had none, never carried forward', () => {
    const records = [quoted, settled, poll];
    const rows = records.map(rowOf);
    const expected = [
      {
        ...nothing, intent_id: 'ix-1', rfq_id: 'rfq-1', status: 'open', amount_kind: 'exact_input', expires_at: 1_772_440_000_000,
        input_amount: '250000000', input_asset_id: usdc, input_chain_id: 'eip155:1',
        output_amount: '99000000000000000', output_asset_id: weth, output_chain_id: 'eip155:1',
        quote_id: 'q-7', quoted_input_amount: '250000000.0', quoted_output_amount: '99100000000000000',
      },
      { ...nothing, intent_id: 'ix-1', status: 'settled', settled_at: 1_772_440_100_000, input_amount: '250000000', input_asset_id: usdc, input_chain_id: 'eip155:1' },
      { ...nothing, rfq_id: 'rfq-2' },
    ];
    records.forEach((record, index) => {
      const row = rows[index] as IntentRow;
      expectFieldsExactly(row, intentFields, `line ${record.line}`);
      expect(withoutEventId(row), `line ${record.line}`).toStrictEqual({ ...envelopeOf(record), ...expected[index] });
    });
    expectDistinctEventIds(rows);
  });

  it('store no row for a multi-asset observation', () => {
    const multi = intent(5, 400, { intent_id: 'ix-2', inputs: [{ asset_id: usdc, chain_id: 'eip155:1', amount: '1' }, { asset_id: weth, chain_id: 'eip155:1', amount: '2' }], outputs: [] });
    expect(intentRowOf(exactnessContext, multi)).toBeNull();
  });
});

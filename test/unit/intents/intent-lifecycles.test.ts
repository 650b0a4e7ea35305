import { describe, expect, it } from 'vitest';
import { findLifecycle, groupIntentLifecycles } from '../../../shared/intents/intent-lifecycles.ts';
import { observation, usdcOut, wethIn } from './intent-fixtures.ts';

/** An RFQ, its submit, a repeat poll and a settle, as the demo venue writes them (settle rows name no assets). */
function settledLifecycle(t0: number, id: string) {
  return [
    observation(t0, { rfq_id: `rfq-${id}`, amount_kind: 'exact_input', ...wethIn, ...usdcOut, quote_id: `q-${id}`, quoted_output_amount: '4491000000' }),
    observation(t0 + 1500, { rfq_id: `rfq-${id}`, intent_id: `0x${id}`, amount_kind: 'exact_input', ...wethIn, ...usdcOut, status: 'submitted', expires_at: Math.floor((t0 + 1500) / 1000) + 120 }),
    observation(t0 + 7500, { intent_id: `0x${id}`, ...wethIn, ...usdcOut, status: 'submitted' }),
    observation(t0 + 21_000, { intent_id: `0x${id}`, status: 'settled', settled_at: t0 + 20_400 }),
  ];
}

describe('groupIntentLifecycles', () => {
  it('builds one lifecycle from RFQ to settle, with its status path, times and sides', () => {
    const [lifecycle, ...rest] = groupIntentLifecycles(settledLifecycle(1_700_000_000_000, 'a1'));
    expect(rest).toEqual([]);
    expect(lifecycle).toMatchObject({
      id: 'rfq:rfq-a1',
      keys: ['rfq:rfq-a1', 'intent:0xa1'],
      rfqIds: ['rfq-a1'],
      intentIds: ['0xa1'],
      statusPath: [null, 'submitted', 'settled'],
      currentStatus: 'settled',
      firstSeen: 1_700_000_000_000,
      lastSeen: 1_700_000_021_000,
      settledAt: 1_700_000_020_400,
      submitToSettleMs: 20_400,
      // expires_at arrives in seconds: (1_700_000_001_500 / 1000 rounded down) + 120 s.
      expiresAt: 1_700_000_121_000,
      amountKind: 'exact_input',
      input: { assetId: 'eip155:1/erc20:0xc02a', chainId: 'eip155:1', amount: '1500000000000000000' },
      output: { assetId: 'eip155:1/erc20:0xa0b8', chainId: 'eip155:1', amount: '4485000000' },
      quote: { quoteId: 'q-a1', inputAmount: null, outputAmount: '4491000000' },
    });
    // The RFQ, the submit and the settle are steps; the repeat poll folds into the submit (×2).
    expect(lifecycle?.steps.map((step) => [step.status, step.count])).toEqual([
      [null, 1],
      ['submitted', 2],
      ['settled', 1],
    ]);
  });

  it('orders observations by collector time even when they arrive out of order', () => {
    const rows = settledLifecycle(5_000_000, 'b2');
    const [lifecycle] = groupIntentLifecycles([rows[3], rows[1], rows[0], rows[2]].filter((row) => row !== undefined));
    expect(lifecycle?.observations.map((row) => row.collector_timestamp)).toEqual([5_000_000, 5_001_500, 5_007_500, 5_021_000]);
    expect(lifecycle?.firstSeen).toBe(5_000_000);
  });

  it('measures submit to settle to the first settled or filled observation when no settled_at is given', () => {
    const [lifecycle] = groupIntentLifecycles([
      observation(10_000, { intent_id: 'x', status: 'open' }),
      observation(12_000, { intent_id: 'x', status: 'executing' }),
      observation(14_250, { intent_id: 'x', status: 'filled' }),
      observation(20_000, { intent_id: 'x', status: 'settled' }),
    ]);
    expect(lifecycle?.settledAt).toBe(14_250);
    expect(lifecycle?.submitToSettleMs).toBe(4250);
  });

  it('has no submit-to-settle time for an intent that expired or failed', () => {
    const lifecycles = groupIntentLifecycles([
      observation(1000, { intent_id: 'e', status: 'submitted' }),
      observation(5000, { intent_id: 'e', status: 'expired' }),
      observation(2000, { intent_id: 'f', status: 'submitted' }),
      observation(3000, { intent_id: 'f', status: 'failed' }),
    ]);
    expect(lifecycles.map((lifecycle) => [lifecycle.id, lifecycle.currentStatus, lifecycle.settledAt, lifecycle.submitToSettleMs])).toEqual([
      ['intent:f', 'failed', null, null],
      ['intent:e', 'expired', null, null],
    ]);
  });

  it('has no submit-to-settle time when the settle precedes the first observation (the submit was not seen)', () => {
    const [lifecycle] = groupIntentLifecycles([observation(1_700_000_009_000, { intent_id: 's', status: 'settled', settled_at: 1_700_000_008_200 })]);
    expect(lifecycle?.settledAt).toBe(1_700_000_008_200);
    expect(lifecycle?.submitToSettleMs).toBeNull();
  });

  it('lists lifecycles newest first by first seen; a row with neither id is a lifecycle of its own', () => {
    const lifecycles = groupIntentLifecycles([
      ...settledLifecycle(1000, 'old'),
      observation(50_000, { status: 'unknown', event_id: 'lonely' }),
      ...settledLifecycle(30_000, 'new'),
    ]);
    expect(lifecycles.map((lifecycle) => lifecycle.id)).toEqual(['event:lonely', 'rfq:rfq-new', 'rfq:rfq-old']);
    expect(lifecycles.map((lifecycle) => lifecycle.observations.length)).toEqual([1, 4, 4]);
  });

  it('keeps the current status at the last status observed, ignoring later rows without one', () => {
    const [lifecycle] = groupIntentLifecycles([observation(1, { rfq_id: 'r', status: 'open' }), observation(2, { rfq_id: 'r', quote_id: 'late quote' })]);
    expect(lifecycle?.currentStatus).toBe('open');
    expect(lifecycle?.statusPath).toEqual(['open', null]);
  });

  it('never reads a missing amount as zero', () => {
    const [lifecycle] = groupIntentLifecycles([observation(1, { intent_id: 'm', status: 'submitted', input_asset_id: 'eip155:1/erc20:0xc02a' })]);
    expect(lifecycle?.input).toEqual({ assetId: 'eip155:1/erc20:0xc02a', chainId: null, amount: null });
    expect(lifecycle?.output).toEqual({ assetId: null, chainId: null, amount: null });
  });
});

describe('findLifecycle', () => {
  it('finds a lifecycle by its id or by any of its keys', () => {
    const lifecycles = groupIntentLifecycles([...settledLifecycle(1000, 'a'), ...settledLifecycle(90_000, 'b')]);
    expect(findLifecycle(lifecycles, 'rfq:rfq-a')?.id).toBe('rfq:rfq-a');
    expect(findLifecycle(lifecycles, 'intent:0xb')?.id).toBe('rfq:rfq-b');
    expect(findLifecycle(lifecycles, 'intent:0xzz')).toBeUndefined();
    expect(findLifecycle(lifecycles, undefined)).toBeUndefined();
  });
});

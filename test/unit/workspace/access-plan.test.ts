import { describe, expect, it } from 'vitest';
import { anonymousRefusal } from '../../../shared/access-windows.ts';
import { accessPlan, freshBounds } from '../../../renderer/src/views/workspace/access-plan.ts';
import { resolveRange } from '../../../renderer/src/navigation/time-range.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 0, 750);
const hour = 3_600_000;

describe('accessPlan', () => {
  it('sends every endpoint with the range bounds when a key is there', () => {
    const range = resolveRange({ span: '7d' }, now, '6h');
    const plan = accessPlan(range, true, now);
    expect(plan.candles).toEqual({ kind: 'send', bounds: { start: range.start, end: range.end } });
    expect(plan.funding).toEqual({ kind: 'send', bounds: { start: range.start, end: range.end } });
    expect(plan.trades).toEqual({ kind: 'send', bounds: { start: range.start, end: range.end } });
  });

  it('without a key, asks trades for the latest ten minutes with no bounds at all', () => {
    expect(accessPlan(resolveRange({ span: '6h' }, now, '6h'), false, now).trades).toEqual({ kind: 'latest' });
    expect(accessPlan(resolveRange({ span: '10m' }, now, '6h'), false, now).trades).toEqual({ kind: 'latest' });
  });

  it('without a key, refuses a latest-hour range older than the anonymous hour, with the reason', () => {
    const plan = accessPlan(resolveRange({ span: '6h' }, now, '6h'), false, now);
    expect(plan.candles.kind === 'refused' && plan.candles.reason).toContain('/ohlcv');
    expect(plan.funding.kind === 'refused' && plan.funding.reason).toContain('/funding-rates');
    const fixedOld = accessPlan(resolveRange({ start: now - 3 * hour, end: now - 2 * hour }, now, '6h'), false, now);
    expect(fixedOld.candles.kind).toBe('refused');
  });

  it('without a key, sends a span of at most an hour as fresh bounds, and a fixed range inside the hour as it is', () => {
    expect(accessPlan(resolveRange({ span: '1h' }, now, '6h'), false, now).candles).toEqual({ kind: 'fresh', span: '1h' });
    expect(accessPlan(resolveRange({ span: '10m' }, now, '6h'), false, now).funding).toEqual({ kind: 'fresh', span: '10m' });
    const inside = { start: now - 30 * 60_000, end: now - 60_000 };
    expect(accessPlan(resolveRange(inside, now, '6h'), false, now).candles).toEqual({ kind: 'send', bounds: inside });
  });

  it('takes fresh bounds that the service will still accept a little later', () => {
    const bounds = freshBounds('1h', now);
    expect(bounds.end).toBe(Math.floor(now / 1000) * 1000);
    expect(anonymousRefusal('latest-hour', '/ohlcv', bounds, now + 45_000)).toBeNull();
    expect(freshBounds('10m', now)).toEqual({ start: bounds.end - 10 * 60_000, end: bounds.end });
  });
});

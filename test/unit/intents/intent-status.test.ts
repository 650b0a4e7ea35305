import { describe, expect, it } from 'vitest';
import { intentStatusFamily, isSettledStatus } from '../../../shared/intents/intent-status.ts';
import { intentEpochMs } from '../../../shared/intents/intent-times.ts';
import { settleStats } from '../../../shared/intents/lifecycle-stats.ts';
import { countByStatus, filterByStatus, noStatus } from '../../../shared/intents/status-filter.ts';

describe('intentStatusFamily', () => {
  it('sorts the field notes statuses into live, done and ended, and anything else into other', () => {
    const statuses = ['submitted', 'open', 'partially_filled', 'executing', 'filled', 'settled', 'cancelled', 'expired', 'failed', 'unknown', 'weird', null];
    expect(statuses.map((status) => intentStatusFamily(status))).toEqual(['live', 'live', 'live', 'live', 'done', 'done', 'ended', 'ended', 'ended', 'other', 'other', 'other']);
  });

  it('counts only filled and settled as settled', () => {
    expect(['filled', 'settled', 'partially_filled', 'executing', null].map((status) => isSettledStatus(status))).toEqual([true, true, false, false, false]);
  });
});

describe('intentEpochMs', () => {
  it('reads seconds as seconds and ms as ms, and keeps null', () => {
    expect(intentEpochMs(1_700_000_120)).toBe(1_700_000_120_000);
    expect(intentEpochMs(1_700_000_120_456)).toBe(1_700_000_120_456);
    expect(intentEpochMs(99_999_999_999)).toBe(99_999_999_999_000);
    expect(intentEpochMs(100_000_000_000)).toBe(100_000_000_000);
    expect(intentEpochMs(null)).toBeNull();
    expect(intentEpochMs(undefined)).toBeNull();
  });
});

describe('status filter', () => {
  const lifecycles = [{ currentStatus: 'settled' }, { currentStatus: 'expired' }, { currentStatus: 'settled' }, { currentStatus: null }, { currentStatus: 'failed' }, { currentStatus: 'expired' }, { currentStatus: 'settled' }];

  it('counts lifecycles per current status, most common first, ties by name', () => {
    expect(countByStatus(lifecycles)).toEqual([
      { status: 'settled', count: 3 },
      { status: 'expired', count: 2 },
      { status: noStatus, count: 1 },
      { status: 'failed', count: 1 },
    ]);
  });

  it('keeps the lifecycles in the chosen statuses, and all of them with no choice', () => {
    expect(filterByStatus(lifecycles, new Set(['expired', noStatus])).map((l) => l.currentStatus)).toEqual(['expired', null, 'expired']);
    expect(filterByStatus(lifecycles, new Set())).toHaveLength(7);
  });
});

describe('settleStats', () => {
  it('counts the timed lifecycles and takes the median of their submit-to-settle times', () => {
    const times = [null, 9000, 1000, null, 4000];
    expect(settleStats(times.map((submitToSettleMs) => ({ submitToSettleMs })))).toEqual({ lifecycles: 5, timed: 3, medianMs: 4000 });
    expect(settleStats([1000, 4000, 9000, 2000].map((submitToSettleMs) => ({ submitToSettleMs }))).medianMs).toBe(3000);
    expect(settleStats([{ submitToSettleMs: null }])).toEqual({ lifecycles: 1, timed: 0, medianMs: null });
  });
});

import { describe, expect, it } from 'vitest';
import { groupIntentLifecycles } from '../../../shared/intents/intent-lifecycles.ts';
import { lifecycleSummary } from '../../../shared/intents/lifecycle-stats.ts';
import { countByStatus } from '../../../shared/intents/status-filter.ts';
import { lifecycleFigures } from '../../../renderer/src/views/intents/lifecycle-figures.ts';
import { observation, usdcOut, wethIn } from './intent-fixtures.ts';

// F14 point 7: the status chips and the summary line count the same lifecycles. The demo has
// lifecycles whose submit was before the range (only "settled" was observed): the chip counts
// them as settled, and so must the summary; only the median needs a submit-to-settle time.

const t0 = 1_700_000_000_000;
const rows = [
  // Submitted then settled: settled, with a submit-to-settle time of 20 s.
  observation(t0, { rfq_id: 'r1', ...wethIn, ...usdcOut, status: 'submitted' }),
  observation(t0 + 20_000, { rfq_id: 'r1', status: 'settled', settled_at: t0 + 20_000 }),
  // Only the settle was observed, and it settled before its first observation: settled, no time.
  observation(t0 + 5_000, { intent_id: 'i2', status: 'settled', settled_at: t0 + 1_000 }),
  // Submitted then filled (a settle-like status, with a time), but its status is "filled", not settled.
  observation(t0 + 1_000, { intent_id: 'i3', ...wethIn, ...usdcOut, status: 'submitted' }),
  observation(t0 + 9_000, { intent_id: 'i3', status: 'filled' }),
  // Another settle observed alone.
  observation(t0 + 6_000, { intent_id: 'i5', status: 'settled', settled_at: t0 + 5_500 }),
  // Expired.
  observation(t0 + 2_000, { intent_id: 'i4', status: 'submitted' }),
  observation(t0 + 62_000, { intent_id: 'i4', status: 'expired' }),
];

describe('the intents summary and the status chips', () => {
  const lifecycles = groupIntentLifecycles(rows);
  const chips = new Map(countByStatus(lifecycles).map(({ status, count }) => [status, count]));

  it('count the same settled lifecycles, and the median says over how many it was taken', () => {
    const summary = lifecycleSummary(lifecycles);
    expect(chips.get('settled')).toBe(3);
    expect(summary).toMatchObject({ lifecycles: 5, observations: 8, settled: 3, timed: 2, medianMs: 14_000 });
    expect(lifecycleFigures(summary)).toBe('5 lifecycles · 8 observations · 3 settled · median submit → settle 14.0 s (of 2 timed)');
  });

  it('agree for every filter: the summary of what a chip shows says the chip’s count', () => {
    for (const [status, count] of chips) {
      const shown = lifecycles.filter((lifecycle) => (lifecycle.currentStatus ?? '(none)') === status);
      expect(lifecycleSummary(shown).lifecycles).toBe(count);
      if (status === 'settled') expect(lifecycleSummary(shown).settled).toBe(count);
    }
  });
});

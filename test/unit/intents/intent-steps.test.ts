import { describe, expect, it } from 'vitest';
import { collapseRepeatPolls } from '../../../shared/intents/intent-steps.ts';
import { observation, usdcOut, wethIn } from './intent-fixtures.ts';

describe('collapseRepeatPolls', () => {
  it('collapses consecutive polls with the same status and amounts into one step with a count and first/last time', () => {
    const steps = collapseRepeatPolls([
      observation(1000, { ...wethIn, ...usdcOut, quote_id: 'q1', quoted_output_amount: '4490000000' }),
      observation(2000, { ...wethIn, ...usdcOut, status: 'submitted' }),
      observation(2500, { ...wethIn, ...usdcOut, status: 'submitted' }),
      observation(3100, { ...wethIn, ...usdcOut, status: 'submitted' }),
      observation(9000, { status: 'settled' }),
    ]);
    expect(steps.map((step) => [step.status, step.count, step.firstSeen, step.lastSeen])).toEqual([
      [null, 1, 1000, 1000],
      ['submitted', 3, 2000, 3100],
      ['settled', 1, 9000, 9000],
    ]);
  });

  it('starts a new step when an amount changes under the same status', () => {
    const steps = collapseRepeatPolls([
      observation(1, { status: 'partially_filled', ...wethIn, output_amount: '100' }),
      observation(2, { status: 'partially_filled', ...wethIn, output_amount: '250' }),
      observation(3, { status: 'partially_filled', ...wethIn, output_amount: '250' }),
    ]);
    expect(steps.map((step) => [step.observation.output_amount, step.count])).toEqual([
      ['100', 1],
      ['250', 2],
    ]);
  });

  it('keeps a return to an earlier state as its own step (only consecutive repeats collapse)', () => {
    const steps = collapseRepeatPolls([observation(1, { status: 'open' }), observation(2, { status: 'executing' }), observation(3, { status: 'open' })]);
    expect(steps.map((step) => step.status)).toEqual(['open', 'executing', 'open']);
  });

  it('treats a different quote id as a new step, and an absent field as equal to null', () => {
    const withoutField = observation(3, { status: 'open' });
    delete (withoutField as Partial<typeof withoutField>).quote_id;
    const steps = collapseRepeatPolls([observation(1, { status: 'open', quote_id: 'q1' }), observation(2, { status: 'open', quote_id: 'q2' }), observation(2, { status: 'open' }), withoutField]);
    expect(steps.map((step) => step.count)).toEqual([1, 1, 2]);
  });
});

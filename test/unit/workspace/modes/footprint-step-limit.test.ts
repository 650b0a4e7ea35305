import { describe, expect, it } from 'vitest';
import { readFieldNumber } from '../../../../renderer/src/hooks/use-committed-number.ts';
import { footprintStepProblem, footprintStepRule, steppedFootprintStep } from '../../../../renderer/src/views/workspace/modes/footprint-step.ts';

// A huge footprint step is refused with the limit in words (10,000,000), never quietly cut to it.

describe('the footprint step has a stated ceiling', () => {
  it('says the limit, with thousands separators, for a step past it', () => {
    expect(footprintStepRule).toBe('A price step above 0, at most 10,000,000');
    for (const typed of ['1e12', '20M', '10000000.5', '0', '-5']) {
      const value = readFieldNumber(typed);
      expect(typeof value === 'number' ? footprintStepProblem(value) : 'not a number').toBe(footprintStepRule);
    }
  });

  it('takes any step up to the limit, the limit itself included', () => {
    for (const typed of ['0.01', '5', '250k', '10M', '10,000,000']) {
      const value = readFieldNumber(typed);
      expect(typeof value === 'number' ? footprintStepProblem(value) : 'not a number').toBeNull();
    }
  });

  it('keeps + at the top of the ladder instead of passing the limit', () => {
    // Tick 1: 5,000,000 → 10,000,000 is on the ladder; the next, 20,000,000, is past the limit.
    expect(steppedFootprintStep(5_000_000, 1, 1)).toBe(10_000_000);
    expect(steppedFootprintStep(10_000_000, 1, 1)).toBe(10_000_000);
    expect(steppedFootprintStep(10_000_000, 1, -1)).toBe(5_000_000);
  });
});

import { describe, expect, it } from 'vitest';
import { niceAtOrAbove, timeStepFor } from '../../../electron/host/research/auto-steps.ts';
import { ResearchResults } from '../../../electron/host/research/research-results.ts';
import { numberColumn, tableOf } from '../../../electron/host/research/research-table.ts';

// The results kept for export are bounded by count and by bytes (oldest out first), and the
// automatic steps are the smallest listed step that keeps a range under its point budget.

const tableOfBytes = (bytes: number) => ({ t: tableOf([numberColumn('x', new Float64Array(bytes / 8))]) });

describe('ResearchResults', () => {
  it('drops the oldest result past its byte budget, and never keeps one larger than the budget', () => {
    const results = new ResearchResults({ results: 5, bytes: 1000 });
    const a = results.add(tableOfBytes(400));
    const b = results.add(tableOfBytes(400));
    expect(results.get(a)).toBeDefined();
    const c = results.add(tableOfBytes(400));
    // 1200 bytes would be over 1000: a (the oldest) goes.
    expect([results.get(a), results.get(b) !== undefined, results.get(c) !== undefined]).toEqual([undefined, true, true]);
    const huge = results.add(tableOfBytes(2000));
    expect(results.get(huge)).toBeUndefined();
    expect(results.get(b)).toBeDefined();
  });

  it('drops the oldest result past its count', () => {
    const results = new ResearchResults({ results: 2, bytes: 1_000_000 });
    const ids = [results.add(tableOfBytes(8)), results.add(tableOfBytes(8)), results.add(tableOfBytes(8))];
    expect(ids.map((id) => results.get(id) !== undefined)).toEqual([false, true, true]);
  });
});

describe('automatic steps', () => {
  it('takes the smallest listed step that cuts the span into at most the count, and no less than the floor', () => {
    expect(timeStepFor(600_000, 2000, 100)).toBe(500);
    expect(timeStepFor(3_600_000, 2000, 100)).toBe(2000);
    expect(timeStepFor(600_000, 300, 100)).toBe(2000);
    expect(timeStepFor(1000, 2000, 100)).toBe(100);
    expect(timeStepFor(1e12, 10)).toBe(86_400_000);
  });

  it('rounds up to 1, 2 or 5 × 10ᵏ', () => {
    expect([niceAtOrAbove(0.7), niceAtOrAbove(1), niceAtOrAbove(1.01), niceAtOrAbove(3), niceAtOrAbove(730), niceAtOrAbove(0.013)]).toEqual([1, 1, 2, 5, 1000, 0.02]);
    expect(niceAtOrAbove(0)).toBe(1);
  });
});

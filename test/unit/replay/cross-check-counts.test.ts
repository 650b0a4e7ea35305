import { describe, expect, it } from 'vitest';
import { countsText } from '../../../renderer/src/views/replay/cross-check-text.ts';

describe('the cross-check counts line', () => {
  it('prints every count with thousands separators (hand-written)', () => {
    const counts = { compared: 1_234_567, differing: 12_345, onlyA: 2_500, onlyB: 1_001, leadingA: 1_500, leadingB: 600 };
    expect(countsText(counts, null)).toBe("1,234,567 compared · 12,345 differing · 2,500 only in the service · 1,001 only local · 2,100 before the other side's first book");
    expect(countsText(counts, 10_000)).toBe("1,234,567 compared · 12,345 differing · 2,500 only in the service · 1,001 only local · 2,100 before the other side's first book · first 10,000 listed");
  });
});

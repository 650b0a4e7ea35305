import { describe, expect, it } from 'vitest';
import { layoutRows, rowAt, scrollToShow, visibleRows } from '../../../renderer/src/hooks/row-window.ts';
import { lifecycleHeight } from '../../../renderer/src/views/intents/lifecycle-height.ts';

// Rows of 29 px, the third one open with a 3-step timeline: 29 + 31 + 3 × 24 = 132 px.
const heights = [29, 29, 132, 29, 29, 29];
const layout = layoutRows(heights);

describe('row window', () => {
  it('stacks rows by their heights', () => {
    expect(layout.offsets).toEqual([0, 29, 58, 190, 219, 248, 277]);
    expect(lifecycleHeight(3, true)).toBe(132);
    expect(lifecycleHeight(3, false)).toBe(29);
  });

  it('finds the row under a y position, clamped to the list', () => {
    expect([0, 28, 29, 57, 58, 189, 190, 276, 5000, -5].map((y) => rowAt(layout, y))).toEqual([0, 0, 1, 1, 2, 2, 3, 5, 5, 0]);
    expect(rowAt(layoutRows([]), 10)).toBe(0);
  });

  it('renders the rows in view plus the overscan, and nothing for an empty list', () => {
    expect(visibleRows(layout, 60, 100, 0)).toEqual({ start: 2, end: 3 });
    expect(visibleRows(layout, 60, 140, 0)).toEqual({ start: 2, end: 4 });
    expect(visibleRows(layout, 60, 140, 1)).toEqual({ start: 1, end: 5 });
    expect(visibleRows(layout, 0, 1000, 3)).toEqual({ start: 0, end: 6 });
    expect(visibleRows(layoutRows([]), 0, 100, 3)).toEqual({ start: 0, end: 0 });
  });

  it('scrolls the least that shows a row whole', () => {
    expect(scrollToShow(layout, 1, 0, 100)).toBe(0);
    expect(scrollToShow(layout, 0, 40, 100)).toBe(0);
    expect(scrollToShow(layout, 3, 0, 100)).toBe(219 - 100);
    // A row taller than the viewport is shown from its top.
    expect(scrollToShow(layout, 2, 0, 100)).toBe(58);
    expect(scrollToShow(layout, 9, 33, 100)).toBe(33);
  });
});

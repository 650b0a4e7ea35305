import { describe, expect, it } from 'vitest';
import { fixedRowsWindow, scrollTopFor } from '../../renderer/src/hooks/use-fixed-rows.ts';

// The trades tape's windowing, against rows counted by hand: 20 px rows in a 100 px viewport.

describe('fixed-height rows', () => {
  it('renders the rows in view plus the overscan, clamped to the list', () => {
    // Scrolled 210 px: rows 10 (half hidden) to 15 (half shown) are in view.
    expect(fixedRowsWindow(210, 100, 1000, 20, 0)).toEqual({ first: 10, last: 16 });
    expect(fixedRowsWindow(210, 100, 1000, 20, 3)).toEqual({ first: 7, last: 19 });
    expect(fixedRowsWindow(0, 100, 3, 20, 12)).toEqual({ first: 0, last: 3 });
    // Past the end (the list just shrank): the last rows, not none.
    expect(fixedRowsWindow(5000, 100, 10, 20, 2)).toEqual({ first: 3, last: 10 });
    expect(fixedRowsWindow(0, 100, 0, 20, 2)).toEqual({ first: 0, last: 0 });
  });

  it('costs the rows shown whatever the count', () => {
    const window = fixedRowsWindow(20 * 400_000, 600, 1_000_000, 20, 12);
    expect(window.last - window.first).toBe(30 + 24);
  });

  it('scrolls a row into view by the least movement', () => {
    // Row 12 spans 240–260, below the view (100–200): its bottom edge comes to the view's bottom.
    expect(scrollTopFor(12, 100, 100, 20)).toBe(160);
    expect(scrollTopFor(2, 100, 100, 20)).toBe(40);
    expect(scrollTopFor(6, 100, 100, 20)).toBe(100);
  });
});

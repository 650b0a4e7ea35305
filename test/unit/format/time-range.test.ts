import { describe, expect, it } from 'vitest';
import { resolveRange } from '../../../renderer/src/navigation/time-range.ts';

const now = Date.UTC(2026, 10, 22, 12, 0, 30, 700);
const nowSecond = Date.UTC(2026, 10, 22, 12, 0, 30);

describe('a view range resolves against the clock', () => {
  it('uses fixed bounds when both are set', () => {
    expect(resolveRange({ start: 1000, end: 5000, span: '6h' }, now, '1h')).toEqual({ start: 1000, end: 5000, relative: false, span: null });
  });

  it('ends a span at the current second, so query keys stay stable within it', () => {
    expect(resolveRange({ span: '6h' }, now, '1h')).toEqual({ start: nowSecond - 6 * 3_600_000, end: nowSecond, relative: true, span: '6h' });
  });

  it('falls back to the view default for an unknown span or bounds that run backwards', () => {
    expect(resolveRange({ span: '13x' }, now, '10m')).toMatchObject({ start: nowSecond - 600_000, span: '10m' });
    expect(resolveRange({ start: 5000, end: 1000 }, now, '1h')).toMatchObject({ start: nowSecond - 3_600_000, relative: true });
  });
});

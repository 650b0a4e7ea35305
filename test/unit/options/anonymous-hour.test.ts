import { describe, expect, it } from 'vitest';
import { withinAnonymousHour } from '../../../renderer/src/views/options/anonymous-hour.ts';
import type { ResolvedRange } from '../../../renderer/src/navigation/time-range.ts';

const now = Date.UTC(2026, 10, 22, 19, 0, 0, 431);
const end = Date.UTC(2026, 10, 22, 19, 0, 0);

function relative(ms: number, span: string): ResolvedRange {
  return { start: end - ms, end, relative: true, span };
}

describe('withinAnonymousHour', () => {
  it('moves the start of a relative last hour a minute inside the anonymous hour', () => {
    expect(withinAnonymousHour(relative(3_600_000, '1h'), now)).toEqual({ range: { start: now - 3_540_000, end, relative: true, span: '1h' }, moved: true });
  });

  it('leaves a range already inside the hour alone', () => {
    const tenMinutes = relative(600_000, '10m');
    expect(withinAnonymousHour(tenMinutes, now)).toEqual({ range: tenMinutes, moved: false });
  });

  it('leaves longer spans and fixed bounds to be judged as chosen', () => {
    const sixHours = relative(6 * 3_600_000, '6h');
    expect(withinAnonymousHour(sixHours, now).moved).toBe(false);
    const fixed: ResolvedRange = { start: end - 3_600_000, end, relative: false, span: null };
    expect(withinAnonymousHour(fixed, now).moved).toBe(false);
  });
});

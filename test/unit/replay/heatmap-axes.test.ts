import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { niceStep, priceDecimals, priceTicks, stepDecimals, timeTicks } from '../../../renderer/src/views/replay/heatmap/heatmap-axes.ts';

const at = (h: number, m: number, s = 0, ms = 0): number => Date.UTC(2026, 10, 22, h, m, s, ms);

describe('the price axis', () => {
  it('steps by 1, 2 or 5 × 10^k', () => {
    expect([0.3, 1, 7, 0.013, 120].map(niceStep)).toEqual([0.5, 1, 10, 0.02, 200]);
    expect([0.5, 0.25, 10, 0.02, 1e-5].map(stepDecimals)).toEqual([1, 2, 0, 2, 5]);
  });

  it('places ticks on round prices with the decimals the step needs', () => {
    // 1.2 over 120 px with 36 px gaps: raw step 0.36 → 0.5.
    expect(priceTicks(99.9, 101.1, 120)).toEqual({ step: 0.5, decimals: 1, values: [100, 100.5, 101] });
    expect(priceTicks(60_000, 60_900, 360).values).toEqual([60_000, 60_100, 60_200, 60_300, 60_400, 60_500, 60_600, 60_700, 60_800, 60_900]);
    expect(priceTicks(1, 1, 100).values).toEqual([]);
  });

  it('finds the decimals that write prices exactly', () => {
    expect(priceDecimals([60_000.5, 60_001, Number.NaN])).toBe(1);
    expect(priceDecimals([0.00012, 1])).toBe(5);
  });
});

describe('the time axis in UTC', () => {
  it('ticks on round minutes labelled as times of day', () => {
    // Five minutes over 600 px with 84 px gaps: raw 42 s → one minute.
    expect(timeTicks(at(10, 0, 10), at(10, 5, 10), 600, 'utc')).toEqual(
      [1, 2, 3, 4, 5].map((m) => ({ ms: at(10, m), label: `10:0${m}` })),
    );
  });

  it('labels seconds, tenths, and a new day', () => {
    expect(timeTicks(at(10, 0, 0, 50), at(10, 0, 1), 800, 'utc').map((tick) => tick.label)).toEqual(['10:00:00.1', '10:00:00.2', '10:00:00.3', '10:00:00.4', '10:00:00.5', '10:00:00.6', '10:00:00.7', '10:00:00.8', '10:00:00.9', '10:00:01']);
    // Two hours over 200 px: raw 50.4 min → hourly, and midnight reads as the new day.
    expect(timeTicks(at(23, 0), at(23, 0) + 2 * 3_600_000, 200, 'utc').map((tick) => tick.label)).toEqual(['23:00', '23 Nov', '01:00']);
  });
});

describe('the time axis in local time (Asia/Kolkata, UTC+05:30)', () => {
  const saved = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });

  it('ticks on the local wall clock', () => {
    // Hour ticks fall on local hours, which are UTC half hours; 18:30 UTC is local midnight.
    const ticks = timeTicks(at(16, 0), at(19, 59), 600, 'local');
    expect(ticks.map((tick) => tick.ms)).toEqual([at(16, 30), at(17, 30), at(18, 30), at(19, 30)]);
    expect(ticks.map((tick) => tick.label)).toEqual(['22:00', '23:00', '23 Nov', '01:00']);
  });
});

describe('the time axis across a daylight-saving change (Europe/London, 29 Mar 2026)', () => {
  const saved = process.env['TZ'];
  beforeAll(() => {
    process.env['TZ'] = 'Europe/London';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env['TZ'];
    else process.env['TZ'] = saved;
  });

  it('skips the local hour that does not exist, without a repeated tick', () => {
    // At 01:00 UTC the clocks go from 01:00 GMT to 02:00 BST: local 01:00 never happens.
    const hour = (h: number): number => Date.UTC(2026, 2, 29, h);
    const ticks = timeTicks(hour(0) - 1_800_000, hour(3) + 1_800_000, 440, 'local');
    expect(ticks.map((tick) => tick.ms)).toEqual([hour(0), hour(1), hour(2), hour(3)]);
    expect(ticks.map((tick) => tick.label)).toEqual(['29 Mar', '02:00', '03:00', '04:00']);
  });
});

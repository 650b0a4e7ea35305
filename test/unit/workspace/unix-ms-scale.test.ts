import type { Mutable, TickMarkWeightValue, TimePointIndex, TimeScalePoint } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { calendarWeight } from '../../../renderer/src/components/chart/time-axis.ts';
import { UnixMsScale } from '../../../renderer/src/components/chart/unix-ms-scale.ts';

const at = (h: number, m: number, s = 0, ms = 0): number => Date.UTC(2026, 10, 22, h, m, s, ms);

function pointsAt(scale: UnixMsScale, times: number[]): Mutable<TimeScalePoint>[] {
  return times.map((ms) => ({ time: scale.convertHorzItemToInternal(ms), timeWeight: 0 as TickMarkWeightValue, originalTime: ms }));
}

describe('UnixMsScale', () => {
  it('keeps Unix ms exactly, 100 ms apart included', () => {
    const scale = new UnixMsScale('utc', 100);
    const item = scale.convertHorzItemToInternal(at(10, 0, 0, 100));
    expect(scale.key(item)).toBe(at(10, 0, 0, 100));
    expect(scale.cacheKey(item)).toBe(at(10, 0, 0, 100));
    expect(scale.key(at(10, 0, 0, 200))).toBe(at(10, 0, 0, 200));
    expect(scale.createConverterToInternalObj()(5)).toBe(5);
  });

  it('weighs each point by the boundary it crosses from the one before, and the first against one step back', () => {
    const scale = new UnixMsScale('utc', 60_000);
    const points = pointsAt(scale, [at(23, 58), at(23, 59), at(23, 59) + 60_000, at(23, 59) + 120_000]);
    scale.fillWeightsForPoints(points, 0);
    expect(points.map((p) => p.timeWeight)).toEqual([30, 30, calendarWeight.day, 30]);
  });

  it('weighs only the points from startIndex on when points are appended', () => {
    const scale = new UnixMsScale('utc', 1000);
    const points = pointsAt(scale, [at(10, 0, 58), at(10, 0, 59), at(10, 1, 0)]);
    const first = points[0];
    if (first !== undefined) first.timeWeight = 99 as TickMarkWeightValue;
    scale.fillWeightsForPoints(points, 2);
    expect(points.map((p) => p.timeWeight)).toEqual([99, 0, 30]);
  });

  it('names crosshair times and ticks in the chosen zone, as precisely as the bars are long', () => {
    const minute = new UnixMsScale('utc', 60_000);
    expect(minute.formatHorzItem(minute.convertHorzItemToInternal(at(10, 5)))).toBe('2026-11-22 10:05');
    const tenth = new UnixMsScale('utc', 100);
    expect(tenth.formatHorzItem(tenth.convertHorzItemToInternal(at(10, 5, 3, 300)))).toBe('2026-11-22 10:05:03.300');
    const tick = { index: 0 as TimePointIndex, time: tenth.convertHorzItemToInternal(at(10, 5, 3, 300)), weight: 10 as TickMarkWeightValue, originalTime: 0 };
    expect(tenth.formatTickmark(tick)).toBe('10:05:03.3');
    expect(tenth.maxTickMarkWeight([{ needAlignCoordinate: false, coord: 0, label: '', weight: 10 as TickMarkWeightValue }, { needAlignCoordinate: false, coord: 1, label: '', weight: 30 as TickMarkWeightValue }])).toBe(30);
  });
});

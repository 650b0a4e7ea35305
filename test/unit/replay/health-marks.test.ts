import { describe, expect, it } from 'vitest';
import { FrameMarkLog } from '../../../shared/book/replay/frame-marks.ts';
import { reportedFrameMarks, reportedHealth } from '../../../renderer/src/views/replay/health-marks.ts';
import { priceDecimals, tickChoices } from '../../../renderer/src/views/replay/ladder-format.ts';
import { differenceText, differingText } from '../../../renderer/src/views/replay/cross-check-text.ts';

describe('health marks read from frames (found as the replay reads)', () => {
  it('marks the start of each crossed or locked run, and each backward step of collector time', () => {
    // Frames: ok, crossed, crossed, locked, ok, crossed; times step back at frame 4 (35 after 40) and stay behind at 5 (38 < 40).
    const log = new FrameMarkLog();
    const times = [10, 20, 30, 40, 35, 38];
    const crossing = ['none', 'crossed', 'crossed', 'locked', 'none', 'crossed'] as const;
    let clock = 0;
    times.forEach((t, i) => {
      clock = Math.max(clock, t);
      log.frame(i, clock, t, crossing[i] ?? 'none');
    });
    const { marks, counts } = log.take();
    expect(marks.map((mark) => [mark.kind, mark.index, mark.clock, mark.stepBackMs])).toEqual([
      ['crossed', 1, 20, 0],
      ['locked', 3, 40, 0],
      ['backward-step', 4, 40, 5],
      ['crossed', 5, 40, 0],
      ['backward-step', 5, 40, 2],
    ]);
    expect(counts).toEqual({ crossed: 2, locked: 1, 'backward-step': 2 });
    expect(reportedFrameMarks(marks, (ms) => `t${ms}`)[2]?.text).toBe('Collector time steps back 5 ms at event 5 (t35)');
    // Nothing new until the next frame.
    expect(log.hasPending).toBe(false);
  });

  it('starts a new crossed run after the book is cleared, and stops keeping marks past its cap (still counting)', () => {
    const log = new FrameMarkLog(2);
    log.frame(0, 1, 1, 'crossed');
    log.cleared();
    log.frame(1, 2, 2, 'crossed');
    log.frame(2, 3, 3, 'none');
    log.frame(3, 4, 4, 'crossed');
    const taken = log.take();
    expect(taken.marks.map((mark) => mark.index)).toEqual([0, 1]);
    expect(taken.counts.crossed).toBe(3);
    expect(taken.capped).toBe(true);
  });
});

describe('health marks main reports', () => {
  it('reads coverage and page gaps as resets and dropped deltas as such, with what they say', () => {
    const marks = reportedHealth(
      [
        { kind: 'coverage-gap', collectorTimestamp: 3_600_000, endTimestamp: 3_600_000, count: 1, detail: 'no file for 01:00' },
        { kind: 'dropped-deltas', collectorTimestamp: 10, endTimestamp: 30, count: 3, detail: 'before the first snapshot' },
        { kind: 'page-gap', collectorTimestamp: 50, endTimestamp: 50, count: 1, detail: 'rows skip an hour' },
        { kind: 'session-restart', collectorTimestamp: 70, endTimestamp: 70, count: 1, detail: 'sequence fell back' },
      ],
      (ms) => `t${ms}`,
    );
    expect(marks.map((mark) => [mark.kind, mark.time])).toEqual([
      ['reset', 3_600_000],
      ['dropped-delta', 10],
      ['reset', 50],
      ['reset', 70],
    ]);
    expect(marks[3]?.text).toBe('Book reset (collector restart) at t70: sequence fell back');
    expect(marks[0]?.text).toBe('Book reset (coverage gap) at t3600000: no file for 01:00');
    expect(marks[1]?.text).toBe('3 deltas dropped before a first snapshot, t10 to t30: before the first snapshot');
    expect(marks[2]?.text).toContain('gap in the rows');
  });
});

describe('ladder formatting', () => {
  it('shows prices with the decimals they need, at most 8', () => {
    expect(priceDecimals([{ price: 92_000, size: 1, cumulative: 1 }, { price: 92_000.5, size: 1, cumulative: 2 }])).toBe(1);
    expect(priceDecimals([{ price: 0.00012345, size: 1, cumulative: 1 }])).toBe(8);
    expect(priceDecimals([{ price: 1 / 3, size: 1, cumulative: 1 }])).toBe(8);
    expect(priceDecimals([])).toBe(0);
  });

  it('offers ticks four digits below the price', () => {
    expect(tickChoices(92_345)).toEqual([1, 5, 10, 50, 100]);
    expect(tickChoices(3_456.7)).toEqual([0.1, 0.5, 1, 5, 10]);
    expect(tickChoices(null)).toEqual([]);
  });
});

describe('cross-check wording', () => {
  it('says where books differ and by how much, singular or plural', () => {
    const one = differenceText(
      { kind: 'levels', time: 5, indexA: 1, indexB: 1, levels: [{ side: 'bid', level: 0, a: { price: 100, size: 0.5 }, b: { price: 100, size: 1.5 } }], largest: { side: 'bid', price: 100, a: 0.5, b: 1.5, difference: 1 } },
      (ms) => `t${ms}`,
    );
    expect(one).toBe('t5: 1 level differs from bid level 1; largest size difference 1 at 100 (service 0.5, local 1.5)');
    expect(differenceTextOnly('only-a')).toBe('t7: only the service has this event');
    expect(differenceTextOnly('only-b')).toBe('t7: only the local reconstruction has this event');
    expect(differingText(1, 13_171)).toBe('1 event differs of 13,171 compared');
    expect(differingText(2, 10)).toBe('2 events differ of 10 compared');

    function differenceTextOnly(kind: 'only-a' | 'only-b'): string {
      return differenceText({ kind, time: 7, indexA: null, indexB: null, levels: [], largest: null }, (ms) => `t${ms}`);
    }
  });
});

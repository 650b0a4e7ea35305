import { describe, expect, it } from 'vitest';
import { HealthMarkLog } from '../../../shared/book/health-marks.ts';

describe('the health marks of one book', () => {
  it('makes one mark of a run of dropped deltas, closed by the first frame', () => {
    const log = new HealthMarkLog();
    log.droppedDelta(100);
    log.droppedDelta(110);
    log.droppedDelta(125);
    expect(log.hasPending).toBe(true);
    // Still running: nothing to hand over yet.
    expect(log.take().marks).toEqual([]);
    log.produced();
    log.produced();
    const batch = log.take();
    expect(batch.marks).toEqual([
      { kind: 'dropped-deltas', collectorTimestamp: 100, endTimestamp: 125, count: 3, detail: '3 deltas arrived before any snapshot of this book and were dropped.' },
    ]);
    expect(batch).toMatchObject({ counts: { resets: 0, droppedDeltas: 3 }, capped: false });
    expect(log.hasPending).toBe(false);
    expect(log.take().marks).toEqual([]);
  });

  it('marks a reset with its cause, after closing a run it interrupts, and counts it', () => {
    const log = new HealthMarkLog();
    log.droppedDelta(5);
    log.reset(3_600_000, 'coverage-gap');
    log.droppedDelta(3_600_010);
    log.reset(7_200_000, 'page-gap');
    log.reset(7_300_000, 'session-restart');
    const batch = log.take(true);
    expect(batch.marks.map((mark) => [mark.kind, mark.collectorTimestamp, mark.endTimestamp, mark.count])).toEqual([
      ['dropped-deltas', 5, 5, 1],
      ['coverage-gap', 3_600_000, 3_600_000, 1],
      ['dropped-deltas', 3_600_010, 3_600_010, 1],
      ['page-gap', 7_200_000, 7_200_000, 1],
      ['session-restart', 7_300_000, 7_300_000, 1],
    ]);
    expect(batch.marks[0]?.detail).toBe('1 delta arrived before any snapshot of this book and was dropped.');
    expect(batch.marks[1]?.detail).toMatch(/^An hour with no file/);
    expect(batch.marks[3]?.detail).toMatch(/^An hour with no rows between two pages/);
    expect(batch.marks[4]?.detail).toMatch(/^The collector restarted .*resumes at its next snapshot/);
    expect(batch.counts).toEqual({ resets: 3, droppedDeltas: 2 });
  });

  it('closes an unfinished run on the final take', () => {
    const log = new HealthMarkLog();
    log.droppedDelta(1);
    log.droppedDelta(2);
    expect(log.take(true).marks).toEqual([expect.objectContaining({ kind: 'dropped-deltas', count: 2, endTimestamp: 2 }) as unknown]);
    expect(log.hasPending).toBe(false);
  });

  it('keeps at most cap marks, then only counts, and says so', () => {
    const log = new HealthMarkLog(2);
    log.reset(10, 'page-gap');
    expect(log.take()).toEqual({ marks: [expect.objectContaining({ collectorTimestamp: 10 }) as unknown], counts: { resets: 1, droppedDeltas: 0 }, capped: false });
    log.reset(20, 'page-gap');
    log.reset(30, 'page-gap');
    log.droppedDelta(31);
    log.produced();
    log.reset(40, 'coverage-gap');
    const batch = log.take(true);
    expect(batch.marks.map((mark) => mark.collectorTimestamp)).toEqual([20]);
    expect(batch).toMatchObject({ counts: { resets: 4, droppedDeltas: 1 }, capped: true });
    // Counts past the cap still reach the view.
    log.droppedDelta(50);
    expect(log.hasPending).toBe(true);
    expect(log.take(true)).toEqual({ marks: [], counts: { resets: 4, droppedDeltas: 2 }, capped: true });
  });
});

import { frameFlags } from '../../../../shared/book/book-frames.ts';
import type { FrameIndex } from '../../../../shared/book/frame-index.ts';

/** What a mark on the data-health lane is. */
export type HealthMarkKind = 'crossed' | 'locked' | 'backward-step' | 'reset' | 'dropped-delta' | 'difference';

/** One mark on the health lane: where on the replay clock, what, and what it says on hover. */
export interface HealthMark {
  kind: HealthMarkKind;
  /** Replay-clock time to jump to. */
  time: number;
  /** Frame the mark belongs to, when it comes from a frame. */
  frame: number | null;
  text: string;
}

/** How many marks one derivation keeps; the rest are counted. */
export const maxHealthMarks = 5_000;

/** Marks read from the frames, with counts of each kind (including those beyond the cap). */
export interface FrameHealth {
  marks: HealthMark[];
  counts: Record<HealthMarkKind, number>;
}

/** Main's marks (`book.health`: coverage and page gaps reset the book; deltas dropped before a first snapshot) as lane marks. */
export function reportedHealth(reports: readonly { kind: 'coverage-gap' | 'page-gap' | 'dropped-deltas'; collectorTimestamp: number; endTimestamp: number; count: number; detail: string }[], describeTime: (ms: number) => string): HealthMark[] {
  return reports.map((report) => {
    const span = report.endTimestamp > report.collectorTimestamp ? ` to ${describeTime(report.endTimestamp)}` : '';
    if (report.kind === 'dropped-deltas') {
      return { kind: 'dropped-delta', time: report.collectorTimestamp, frame: null, text: `${report.count} delta${report.count === 1 ? '' : 's'} dropped before a first snapshot, ${describeTime(report.collectorTimestamp)}${span}: ${report.detail}` };
    }
    return { kind: 'reset', time: report.collectorTimestamp, frame: null, text: `Book reset (${report.kind === 'coverage-gap' ? 'coverage gap' : 'gap in the rows'}) at ${describeTime(report.collectorTimestamp)}: ${report.detail}` };
  });
}

/**
 * The health marks a book's frames show by themselves: the start of each run of crossed or
 * locked frames, and each event whose collector time steps back from the one before, over the
 * first `count` frames. `describeTime` renders a time for the hover text.
 */
export function frameHealth(frames: FrameIndex, describeTime: (ms: number) => string, count = frames.count): FrameHealth {
  const counts: Record<HealthMarkKind, number> = { crossed: 0, locked: 0, 'backward-step': 0, reset: 0, 'dropped-delta': 0, difference: 0 };
  const marks: HealthMark[] = [];
  const add = (mark: HealthMark): void => {
    counts[mark.kind]++;
    if (marks.length < maxHealthMarks) marks.push(mark);
  };
  let previousCrossing = 0;
  let previousTime = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < Math.min(count, frames.count); i++) {
    const flags = frames.flags(i);
    const crossing = flags & (frameFlags.crossed | frameFlags.locked);
    if (crossing !== 0 && crossing !== previousCrossing) {
      const kind = (crossing & frameFlags.crossed) !== 0 ? 'crossed' : 'locked';
      add({ kind, time: frames.clockAt(i), frame: i, text: `${kind === 'crossed' ? 'Crossed' : 'Locked'} book from ${describeTime(frames.clockAt(i))} (event ${i + 1})` });
    }
    previousCrossing = crossing;
    const time = frames.collectorTimeAt(i);
    if (time < previousTime) {
      add({ kind: 'backward-step', time: frames.clockAt(i), frame: i, text: `Collector time steps back ${previousTime - time} ms at event ${i + 1} (${describeTime(time)})` });
    }
    if (time > previousTime) previousTime = time;
  }
  return { marks, counts };
}

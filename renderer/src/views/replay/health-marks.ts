import type { HealthMarkKind as ReportedKind } from '../../../../shared/book/health-marks.ts';
import type { FrameMarkReport, HealthMarkReport } from './session/use-replay-session.ts';

/** What a mark on the data-health lane is. */
export type HealthMarkKind = 'crossed' | 'locked' | 'backward-step' | 'reset' | 'dropped-delta' | 'difference';

/** One mark on the health lane: where on the replay clock, what, and what it says on hover. */
export interface HealthMark {
  kind: HealthMarkKind;
  /** Replay-clock time to jump to. */
  time: number;
  /** Event (entry) index the mark belongs to, when it comes from a frame. */
  frame: number | null;
  text: string;
}

const resetWords: Record<Exclude<ReportedKind, 'dropped-deltas'>, string> = {
  'coverage-gap': 'coverage gap',
  'page-gap': 'gap in the rows',
  'session-restart': 'collector restart',
};

/** Main's reset and dropped-delta marks (`book.health`) as lane marks. */
export function reportedHealth(reports: readonly HealthMarkReport[], describeTime: (ms: number) => string): HealthMark[] {
  return reports.map((report) => {
    const span = report.endTimestamp > report.collectorTimestamp ? ` to ${describeTime(report.endTimestamp)}` : '';
    if (report.kind === 'dropped-deltas') {
      return { kind: 'dropped-delta', time: report.collectorTimestamp, frame: null, text: `${report.count} delta${report.count === 1 ? '' : 's'} dropped before a first snapshot, ${describeTime(report.collectorTimestamp)}${span}: ${report.detail}` };
    }
    return { kind: 'reset', time: report.collectorTimestamp, frame: null, text: `Book reset (${resetWords[report.kind]}) at ${describeTime(report.collectorTimestamp)}: ${report.detail}` };
  });
}

/** Main's frame marks (`book.marks`: the start of crossed or locked runs, backward steps of collector time) as lane marks. */
export function reportedFrameMarks(reports: readonly FrameMarkReport[], describeTime: (ms: number) => string): HealthMark[] {
  return reports.map((report) => {
    const event = report.index + 1;
    if (report.kind === 'backward-step') {
      return { kind: 'backward-step', time: report.clock, frame: report.index, text: `Collector time steps back ${report.stepBackMs} ms at event ${event.toLocaleString('en-US')} (${describeTime(report.collectorTimestamp)})` };
    }
    const word = report.kind === 'crossed' ? 'Crossed' : 'Locked';
    return { kind: report.kind, time: report.clock, frame: report.index, text: `${word} book in the data from ${describeTime(report.clock)} (event ${event.toLocaleString('en-US')})` };
  });
}

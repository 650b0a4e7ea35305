import type { BookChoice } from '../../../shared/research/chosen-book-replay.ts';
import { profileBucketLimit } from '../../../shared/research/volume-profile.ts';
import { ActivityStudy, type ActivityOutput, type ActivityStudyParams } from '../../host/research/activity-study.ts';
import type { ActivityTable } from '../../host/research/activity-tables.ts';
import { DepthStudy } from '../../host/research/depth-study.ts';
import { LatencyStudy, type LatencyOutput } from '../../host/research/latency-study.ts';
import { MarkoutStudy } from '../../host/research/markout-study.ts';
import type { ResearchStudy, StudyRange } from '../../host/research/research-study.ts';
import type { ResearchTableData } from '../../host/research/research-table.ts';
import type { MetricKind, MetricsRequest } from './metrics-args.ts';

// Which of the Research view's studies each kind of `mde metrics` runs, with which options, which
// table of its answer is printed, and what goes to stderr in the command's words.

/** One kind's study, ready to be fed. */
export interface MetricStudy {
  /** The study, fed the book inputs and trades it needs. */
  study: ResearchStudy<unknown>;
  /** The rows final so far, printed while reading goes on (depth); absent: all rows come at the end. */
  drain: (() => ResearchTableData) | undefined;
  /** Finishes the study: the table to print (the rows not drained), and the notes for the rows printed in all. */
  finish(): { table: ResearchTableData; notes: (rows: number) => string[] };
}

/** The latency series' interval when `--interval` is not given, ms. */
const latencyIntervalMs = 60_000;

/** A study whose table `table` is printed, with its notes from its output (and the rows printed). */
function metricStudy<Output>(study: ResearchStudy<Output>, table: string, notes: (output: Output, rows: number) => string[], drain?: () => ResearchTableData): MetricStudy {
  return {
    study,
    drain,
    finish: () => {
      const result = study.finish();
      const printed = result.tables[table];
      if (printed === undefined) throw new Error(`the study gave no ${table} table`);
      return { table: printed, notes: (rows) => notes(result.output, rows) };
    },
  };
}

/** The request's [from, to) as a study's inclusive range (times are whole ms); null when neither is given. */
function studyRange(request: MetricsRequest): StudyRange {
  if (request.from === null && request.to === null) return null;
  return { start: request.from ?? Number.NEGATIVE_INFINITY, end: request.to === null ? Number.POSITIVE_INFINITY : request.to - 1 };
}

/** The book the request follows: its source, market and instrument where given. */
function bookChoice(request: MetricsRequest): BookChoice {
  return {
    ...(request.source === undefined ? {} : { source: request.source }),
    ...(request.market === undefined ? {} : { market: request.market }),
    ...(request.instrument === undefined ? {} : { instrument: request.instrument }),
  };
}

/** A figure of a note: null stays null. */
function figure(value: number | null): string {
  return value === null ? 'null' : String(value);
}

function markouts(request: MetricsRequest, table: 'markouts' | 'markout-summary' | 'large-trades'): MetricStudy {
  const study = new MarkoutStudy({ choice: bookChoice(request), range: studyRange(request), horizonsMs: request.horizonsMs, sizeEdges: request.sizeEdges, top: request.top });
  return metricStudy(study, table, (output) => [
    ...(study.bookRead ? [] : ['no order book of that market was found: every markout is null']),
    ...(table === 'markout-summary' && output.unknownSide > 0 ? [`${output.unknownSide} trades of unknown side have no markout and are in no row`] : []),
  ]);
}

function activity(request: MetricsRequest, table: ActivityTable, params: Omit<ActivityStudyParams, 'range' | 'barKind' | 'tables'>, notes: (study: ActivityStudy, output: ActivityOutput) => string[] = () => []): MetricStudy {
  const study = new ActivityStudy({ range: studyRange(request), barKind: request.barKind ?? 'tick', tables: [table], ...params });
  return metricStudy(study, table, (output) => notes(study, output));
}

/** The note of trades every activity table leaves out. */
function unusableNote(study: ActivityStudy): string[] {
  return study.unusableTrades > 0 ? [`left out ${study.unusableTrades} trades with no usable price, quantity or time`] : [];
}

function profileNote(profile: ActivityOutput['profile']): string {
  if (profile.pocPrice === null) return 'no volume in that range';
  return `POC ${profile.pocPrice}, value area ${figure(profile.valueAreaLow)} to ${figure(profile.valueAreaHigh)} (${profile.valueAreaVolume} of ${profile.totalVolume})`;
}

function latencyNote({ summary }: LatencyOutput): string {
  return (
    `latency over ${summary.known} events with an exchange time (${summary.unknown} without, left out): p50 ${figure(summary.p50)} ms, p99 ${figure(summary.p99)} ms, ` +
    `min ${figure(summary.min)}, max ${figure(summary.max)}, ${summary.negative} negative, ${summary.outliers} outliers beyond ${figure(summary.lowFence)}..${figure(summary.highFence)} ms`
  );
}

/** Each one-market kind's study (venues reads several markets: `venues-run.ts`). */
export const metricStudies: Readonly<Record<Exclude<MetricKind, 'venues'>, (request: MetricsRequest) => MetricStudy>> = {
  depth: (request) => {
    const study = new DepthStudy({ choice: bookChoice(request), range: studyRange(request), bandPct: request.bandPct, notional: request.notional, stepMs: request.everyMs });
    const notes = (rows: number): string[] => (!study.bookRead ? ['no order book of that market was found'] : rows === 0 ? ['the book has no event in that range'] : []);
    return metricStudy(study, 'depth', (_output, rows) => notes(rows), () => study.drain());
  },
  markouts: (request) => markouts(request, 'markouts'),
  'markout-summary': (request) => markouts(request, 'markout-summary'),
  'large-trades': (request) => markouts(request, 'large-trades'),
  bars: (request) => activity(request, 'bars', { barSize: request.barSize ?? 1 }, unusableNote),
  footprint: (request) =>
    activity(request, 'footprint-delta', { priceStep: request.step ?? 1, footprintIntervalMs: request.intervalMs ?? undefined, imbalanceRatio: request.ratio }, unusableNote),
  profile: (request) => activity(request, 'profile', { priceStep: request.step ?? 1, valueAreaShare: request.valueArea, profileMaxBuckets: profileBucketLimit }, (_study, output) => [profileNote(output.profile)]),
  cvd: (request) => (request.intervalMs === null ? activity(request, 'trade-cvd', {}) : activity(request, 'cvd', { cvdIntervalMs: request.intervalMs })),
  latency: (request) => {
    const study = new LatencyStudy({ range: studyRange(request), intervalMs: request.intervalMs ?? latencyIntervalMs });
    return metricStudy(study, 'latency', (output) => [latencyNote(output)]);
  },
};

import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { WorkerCall } from '../../base/workers/worker-protocol.ts';
import { ActivityStudy, type ActivityOutput, type ActivityStudyParams } from './activity-study.ts';
import { DepthStudy, type DepthOutput, type DepthStudyParams } from './depth-study.ts';
import { LatencyStudy, type LatencyOutput, type LatencyStudyParams } from './latency-study.ts';
import { MarkoutStudy, type MarkoutOutput, type MarkoutStudyParams } from './markout-study.ts';
import type { ResearchStudy } from './research-study.ts';
import type { ResearchTableData } from './research-table.ts';
import { VenueStudy, type VenueOutput, type VenueStudyParams } from './venue-study.ts';

/** Each study's parameters, by kind. */
export interface StudyParams {
  markouts: MarkoutStudyParams;
  depth: DepthStudyParams;
  latency: LatencyStudyParams;
  activity: ActivityStudyParams;
  venues: VenueStudyParams;
}

/** Each study's output, by kind. */
export interface StudyOutputs {
  markouts: MarkoutOutput;
  depth: DepthOutput;
  latency: LatencyOutput;
  activity: ActivityOutput;
  venues: VenueOutput;
}

/** A kind of study. */
export type StudyKind = keyof StudyParams;

/** Which study a job runs, with its parameters. */
export type StudySpec<K extends StudyKind = StudyKind> = { [Kind in K]: { kind: Kind; params: StudyParams[Kind] } }[K];

/** The study of a spec. */
export function studyOf<K extends StudyKind>(spec: StudySpec<K>): ResearchStudy<StudyOutputs[K]>;
export function studyOf(spec: StudySpec): ResearchStudy<StudyOutputs[StudyKind]> {
  switch (spec.kind) {
    case 'markouts':
      return new MarkoutStudy(spec.params);
    case 'depth':
      return new DepthStudy(spec.params);
    case 'latency':
      return new LatencyStudy(spec.params);
    case 'activity':
      return new ActivityStudy(spec.params);
    case 'venues':
      return new VenueStudy(spec.params);
  }
}

/**
 * Where a job's inputs come from: pages of `/l2-orderbooks` rows and trade columns that main posts
 * as the client reads them (one stream per venue), or snapshot files the worker reads itself.
 */
export type JobInput = { kind: 'pages' } | { kind: 'files'; paths: string[]; source?: string | undefined; market?: string | undefined };

/** What a research worker is asked to run. */
export interface ResearchJob<K extends StudyKind = StudyKind> {
  study: StudySpec<K>;
  input: JobInput;
}

/** Trades of one page as columns (side codes 1, −1, 0; NaN for an unknown exchange time). */
export interface TradePage {
  time: Float64Array<ArrayBuffer>;
  price: Float64Array<ArrayBuffer>;
  quantity: Float64Array<ArrayBuffer>;
  side: Int8Array<ArrayBuffer>;
  exchangeTime: Float64Array<ArrayBuffer>;
}

/** What a job read. */
export interface JobRead {
  source: string | null;
  market: string | null;
  bookEvents: number;
  trades: number;
  otherMarketRecords: number;
}

/** A job's answer. */
export interface JobResult<Output> {
  output: Output;
  tables: Partial<Record<string, ResearchTableData>>;
  notes: string[];
  read: JobRead;
}

/** Why a job failed: bad data in the rows or files (`data`), or anything else. */
export interface JobFailure {
  kind: 'data' | 'internal';
  message: string;
}

/** A job that failed in the worker (its data, or the worker itself); `kind` crosses the thread with the message. */
export class ResearchJobError extends Error {
  override readonly name = 'ResearchJobError';

  constructor(readonly failure: JobFailure) {
    super(failure.message);
  }

  /** Whether the data or anything else failed. */
  get kind(): JobFailure['kind'] {
    return this.failure.kind;
  }
}

/**
 * The research worker's messages: the job, answered with its result once its inputs are read (a
 * files job) or ended (`end`, a pages job); pages of books and trades, each answered once applied
 * (main posts the next only then); the progress of a files job.
 */
export interface ResearchWorkerProtocol<K extends StudyKind = StudyKind> {
  calls: {
    run: WorkerCall<ResearchJob<K>, JobResult<StudyOutputs[K]>>;
    books: WorkerCall<{ stream: number; rows: readonly L2Row[] }, void>;
    trades: WorkerCall<TradePage, void>;
  };
  notes: { end: undefined };
  events: { progress: { bookEvents: number; trades: number } };
}

import type { ResearchDepth } from '../../../shared/contract/research-schemas.ts';
import { ChosenBookReplay, type BookChoice } from '../../../shared/research/chosen-book-replay.ts';
import { DepthMetricsRecorder, touchedSides, type DepthMetricsRows } from '../../../shared/research/depth-metrics.ts';
import type { BookInput } from '../book/book-input.ts';
import type { ResearchStudy, StudyRange, StudyResult } from './research-study.ts';
import { nullable, numberColumn, plain, tableOf, type ResearchTableData } from './research-table.ts';

/** What a depth study is asked. */
export interface DepthStudyParams {
  choice: BookChoice;
  range: StudyRange;
  bandPct: number;
  notional: number;
  /** Sampling step, ms; null: a row after every book event (`mde metrics depth` without --every; the output's `stepMs` is then 0). */
  stepMs: number | null;
}

/** A depth study's output without the fields main adds. */
export type DepthOutput = Omit<ResearchDepth, 'resultId' | 'read'>;

/**
 * Depth metrics of a market's book over time (`shared/research/depth-metrics.ts`), sampled every
 * `stepMs` on the replay clock (at step time g, the book as it stood after every event at or
 * before g), or after every book event; a cleared book gives nulls until its next snapshot. A
 * market's samples are kept inside its range. Rows come in replay-clock order, so those sampled so
 * far can be handed over while reading goes on (`drain`).
 */
export class DepthStudy implements ResearchStudy<DepthOutput> {
  readonly needs = { books: true, trades: false };
  private readonly recorder: DepthMetricsRecorder;
  private readonly replay: ChosenBookReplay;

  constructor(private readonly params: DepthStudyParams) {
    this.recorder = new DepthMetricsRecorder({ bandPct: params.bandPct, notional: params.notional, ...(params.stepMs === null ? {} : { stepMs: params.stepMs }) });
    this.replay = new ChosenBookReplay(params.choice, [{ before: (clock) => this.recorder.advance(clock), after: (book, clock, event) => this.recorder.record(book, clock, touchedSides(event)) }]);
  }

  /** Whether a book of the chosen market was read (without one, there is no row). */
  get bookRead(): boolean {
    return this.replay.key !== null;
  }

  book(_stream: number, input: BookInput): void {
    this.replay.apply(input);
  }

  trade(): void {
    // Depth reads books only.
  }

  /** The depth rows sampled so far inside the range, handed over and forgotten (so a long read streams out); `finish` gives the rest. */
  drain(): ResearchTableData {
    return depthTable(this.inRange(this.recorder.take()));
  }

  finish(): StudyResult<DepthOutput> {
    const range = this.params.range;
    this.recorder.finish(range === null ? undefined : Math.min(this.replay.clock, range.end));
    const rows = this.inRange(this.recorder.take());
    const notes = this.replay.key === null ? ['No order book of this market was read.'] : [];
    return {
      output: {
        stepMs: this.params.stepMs ?? 0,
        bandPct: this.params.bandPct,
        notional: this.params.notional,
        time: plain(rows.time),
        mid: nullable(rows.mid),
        spreadBps: nullable(rows.spreadBps),
        imbalance: nullable(rows.imbalance),
        buyCostBps: nullable(rows.buyCostBps),
        sellCostBps: nullable(rows.sellCostBps),
      },
      tables: { depth: depthTable(rows) },
      notes,
    };
  }

  /** The rows inside the range: they come in replay-clock order, so the range is one run of them. */
  private inRange(rows: DepthMetricsRows): DepthMetricsRows {
    const range = this.params.range;
    let start = 0;
    let end = rows.time.length;
    if (range !== null) {
      while (start < end && (rows.time[start] ?? 0) < range.start) start++;
      while (end > start && (rows.time[end - 1] ?? 0) > range.end) end--;
    }
    const cut = (values: Float64Array): Float64Array => values.subarray(start, end);
    return { time: cut(rows.time), mid: cut(rows.mid), spreadBps: cut(rows.spreadBps), imbalance: cut(rows.imbalance), buyCostBps: cut(rows.buyCostBps), sellCostBps: cut(rows.sellCostBps) };
  }
}

/** The exported depth table of some rows. */
function depthTable(rows: DepthMetricsRows): ResearchTableData {
  return tableOf([
    numberColumn('time', rows.time, 'timestamp'),
    numberColumn('mid', rows.mid),
    numberColumn('spread_bps', rows.spreadBps),
    numberColumn('imbalance', rows.imbalance),
    numberColumn('buy_cost_bps', rows.buyCostBps),
    numberColumn('sell_cost_bps', rows.sellCostBps),
  ]);
}

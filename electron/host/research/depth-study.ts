import type { ResearchDepth } from '../../../shared/contract/research-schemas.ts';
import { ChosenBookReplay, type BookChoice } from '../../../shared/research/chosen-book-replay.ts';
import { DepthMetricsRecorder } from '../../../shared/research/depth-metrics.ts';
import type { BookInput } from '../book/book-input.ts';
import type { ResearchStudy, StudyRange, StudyResult } from './research-study.ts';
import { nullable, numberColumn, plain, tableOf } from './research-table.ts';

/** What a depth study is asked. */
export interface DepthStudyParams {
  choice: BookChoice;
  range: StudyRange;
  bandPct: number;
  notional: number;
  stepMs: number;
}

/** A depth study's output without the fields main adds. */
export type DepthOutput = Omit<ResearchDepth, 'resultId' | 'read'>;

/**
 * Depth metrics of a market's book over time (`shared/research/depth-metrics.ts`), sampled every
 * `stepMs` on the replay clock: at step time g, the book as it stood after every event at or
 * before g; a cleared book gives nulls until its next snapshot. A market's samples are kept inside
 * its range.
 */
export class DepthStudy implements ResearchStudy<DepthOutput> {
  readonly needs = { books: true, trades: false };
  private readonly recorder: DepthMetricsRecorder;
  private readonly replay: ChosenBookReplay;

  constructor(private readonly params: DepthStudyParams) {
    this.recorder = new DepthMetricsRecorder({ bandPct: params.bandPct, notional: params.notional, stepMs: params.stepMs });
    this.replay = new ChosenBookReplay(params.choice, [{ before: (clock) => this.recorder.advance(clock), after: (book, clock) => this.recorder.record(book, clock) }]);
  }

  book(_stream: number, input: BookInput): void {
    this.replay.apply(input);
  }

  trade(): void {
    // Depth reads books only.
  }

  finish(): StudyResult<DepthOutput> {
    const range = this.params.range;
    this.recorder.finish(range === null ? undefined : Math.min(this.replay.clock, range.end));
    const rows = this.recorder.take();
    let start = 0;
    let end = rows.time.length;
    if (range !== null) {
      while (start < end && (rows.time[start] ?? 0) < range.start) start++;
      while (end > start && (rows.time[end - 1] ?? 0) > range.end) end--;
    }
    const cut = (values: Float64Array): Float64Array => values.slice(start, end);
    const time = cut(rows.time);
    const mid = cut(rows.mid);
    const spreadBps = cut(rows.spreadBps);
    const imbalance = cut(rows.imbalance);
    const buyCostBps = cut(rows.buyCostBps);
    const sellCostBps = cut(rows.sellCostBps);
    const notes = this.replay.key === null ? ['No order book of this market was read.'] : [];
    return {
      output: {
        stepMs: this.params.stepMs,
        bandPct: this.params.bandPct,
        notional: this.params.notional,
        time: plain(time),
        mid: nullable(mid),
        spreadBps: nullable(spreadBps),
        imbalance: nullable(imbalance),
        buyCostBps: nullable(buyCostBps),
        sellCostBps: nullable(sellCostBps),
      },
      tables: {
        depth: tableOf([
          numberColumn('time', time, 'timestamp'),
          numberColumn('mid', mid),
          numberColumn('spread_bps', spreadBps),
          numberColumn('imbalance', imbalance),
          numberColumn('buy_cost_bps', buyCostBps),
          numberColumn('sell_cost_bps', sellCostBps),
        ]),
      },
      notes,
    };
  }
}

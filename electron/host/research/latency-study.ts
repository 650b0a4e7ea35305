import type { ResearchLatency } from '../../../shared/contract/research-schemas.ts';
import { Float64Column } from '../../../shared/research/growable-column.ts';
import { eventLatencies, latencyByInterval, latencySummary } from '../../../shared/research/latency.ts';
import { isBookReset, type BookInput } from '../book/book-input.ts';
import { timeStepFor } from './auto-steps.ts';
import { inStudyRange, studySpan, type ResearchStudy, type StudyRange, type StudyResult } from './research-study.ts';
import { finiteOrNull, nullable, numberColumn, plain, tableOf, textColumn } from './research-table.ts';

/** What a latency study is asked. */
export interface LatencyStudyParams {
  range: StudyRange;
  /** Interval of the series over time; absent: about 300 intervals over the events' span. */
  intervalMs?: number | undefined;
}

/** A latency study's output without the fields main adds. */
export type LatencyOutput = Omit<ResearchLatency, 'resultId' | 'read'>;

/** Outliers listed at most. */
const outlierLimit = 50;

/**
 * Collector time − exchange time of every book event and trade of the market in the range
 * (`shared/research/latency.ts`): p50, p99, min, max, Tukey's far-fence outliers, and the same per
 * interval over time. An event without an exchange time is counted as unknown, apart, never as 0.
 */
export class LatencyStudy implements ResearchStudy<LatencyOutput> {
  readonly needs = { books: true, trades: true };
  private readonly collector = new Float64Column(4096);
  private readonly exchange = new Float64Column(4096);
  /** 0 book event, 1 trade. */
  private readonly kind = new Float64Column(4096);

  constructor(private readonly params: LatencyStudyParams) {}

  book(_stream: number, input: BookInput): void {
    if (!isBookReset(input)) this.take(input.collectorTimestamp, input.exchangeTimestamp ?? Number.NaN, 0);
  }

  trade(time: number, _price: number, _quantity: number, _side: number, exchangeTime: number): void {
    this.take(time, exchangeTime, 1);
  }

  finish(): StudyResult<LatencyOutput> {
    const times = this.collector.values();
    const exchange = this.exchange.values();
    const kinds = this.kind.values();
    const latency = eventLatencies(times, exchange);
    const summary = latencySummary(latency, outlierLimit);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const t of times) {
      if (t < first) first = t;
      if (t > last) last = t;
    }
    const intervalMs = this.params.intervalMs ?? timeStepFor(studySpan(this.params.range, first, last), 300, 100);
    const series = latencyByInterval(times, latency, intervalMs);
    const outliers = Array.from(summary.outlierIndices);
    const kindWords = (code: number): 'book' | 'trade' => (code === 1 ? 'trade' : 'book');
    return {
      output: {
        summary: {
          known: summary.known,
          unknown: summary.unknown,
          min: finiteOrNull(summary.min),
          p50: finiteOrNull(summary.p50),
          p99: finiteOrNull(summary.p99),
          max: finiteOrNull(summary.max),
          mean: finiteOrNull(summary.mean),
          negative: summary.negative,
          lowFence: finiteOrNull(summary.lowFence),
          highFence: finiteOrNull(summary.highFence),
          outliers: summary.outliers,
        },
        intervalMs,
        intervals: { openTime: plain(series.openTime), known: plain(series.known), unknown: plain(series.unknown), p50: nullable(series.p50), p99: nullable(series.p99), max: nullable(series.max) },
        outliers: { time: outliers.map((i) => times[i] ?? 0), latencyMs: outliers.map((i) => latency[i] ?? 0), kind: outliers.map((i) => kindWords(kinds[i] ?? 0)) },
      },
      tables: {
        latency: tableOf([
          numberColumn('open_time', series.openTime, 'timestamp'),
          numberColumn('known', series.known, 'int64'),
          numberColumn('unknown', series.unknown, 'int64'),
          numberColumn('p50_ms', series.p50),
          numberColumn('p99_ms', series.p99),
          numberColumn('max_ms', series.max),
        ]),
        'latency-events': tableOf([
          numberColumn('collector_time', times, 'timestamp'),
          numberColumn('exchange_time', exchange, 'timestamp'),
          numberColumn('latency_ms', latency),
          textColumn('kind', Array.from(kinds, kindWords)),
        ]),
      },
      notes: summary.unknown > 0 ? [`${summary.unknown.toLocaleString('en-US')} events have no exchange time: counted as unknown, left out of every figure.`] : [],
    };
  }

  private take(time: number, exchangeTime: number, kind: number): void {
    if (!inStudyRange(this.params.range, time)) return;
    this.collector.push(time);
    this.exchange.push(exchangeTime);
    this.kind.push(kind);
  }
}

import type { ResearchVenues } from '../../../shared/contract/research-schemas.ts';
import { ChosenBookReplay } from '../../../shared/research/chosen-book-replay.ts';
import { MidSeriesRecorder, type MidSeries } from '../../../shared/research/mid-series.ts';
import { alignOnGrid, compareVenues, gridReturns, leadLag, timeGrid, type TimeGrid } from '../../../shared/research/venues.ts';
import type { BookInput } from '../book/book-input.ts';
import { timeStepFor } from './auto-steps.ts';
import type { ResearchStudy, StudyResult } from './research-study.ts';
import { nullable, numberColumn, plain, tableOf, type ResearchColumn } from './research-table.ts';

/** What a venue study is asked: the venues (stream i is venue i), the range, the reference and the lead–lag grid. */
export interface VenueStudyParams {
  venues: readonly { source: string; market: string }[];
  /** The grid's range, both inclusive; null (files read whole): from the first whole step at or after the first book time read, to the last. */
  start: number | null;
  end: number | null;
  reference: number;
  lagStepMs: number;
  /** The display grid's step, ms; absent: chosen so the range gives at most 2,000 points. */
  stepMs?: number;
}

/** A venue study's output without the fields main adds. */
export type VenueOutput = Omit<ResearchVenues, 'resultId' | 'reads'>;

/** The largest lag of the lead–lag, ms. */
export const maxLagMs = 2000;

/** Points of the display grid at most. */
const displayPoints = 2000;

/**
 * Points of the lead–lag grid at most (each venue's returns on it are a column of this length):
 * 2,000,000 is 5.5 hours of books at a 10 ms step, 5.8 days at the default 250 ms.
 */
export const maxLagGridPoints = 2_000_000;

/**
 * The lead–lag grid of a study, sized by the books read: from the last grid point at or before the
 * first book any venue recorded (earlier points hold no mid, so they add no pair) to `end`. Throws
 * a `RangeError` naming the limit when it would hold more than `maxPoints` points.
 */
export function leadLagGrid(start: number, end: number, firstBook: number, lagStepMs: number, maxPoints = maxLagGridPoints): TimeGrid {
  const from = firstBook > start ? start + Math.floor((firstBook - start) / lagStepMs) * lagStepMs : start;
  const to = Math.max(from, end);
  const points = Math.floor((to - from) / lagStepMs) + 1;
  if (points > maxPoints) {
    const hours = ((to - from) / 3_600_000).toLocaleString('en-US', { maximumFractionDigits: 1 });
    const step = Math.ceil((to - from) / (maxPoints - 1));
    throw new RangeError(
      `the lead–lag grid of ${lagStepMs} ms over the ${hours} h the venues' books span would hold ${points.toLocaleString('en-US')} points, more than the ${maxPoints.toLocaleString('en-US')} a study keeps: choose a lag step of at least ${step.toLocaleString('en-US')} ms, or a shorter range`,
    );
  }
  return timeGrid(from, to, lagStepMs);
}

/** From the first to the last time any venue recorded (0..0 when none did). */
function spanOf(series: readonly MidSeries[]): { start: number; end: number } {
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const mids of series) {
    if (mids.time.length === 0) continue;
    start = Math.min(start, mids.time[0] ?? start);
    end = Math.max(end, mids.time[mids.time.length - 1] ?? end);
  }
  return Number.isFinite(start) ? { start, end } : { start: 0, end: 0 };
}

/**
 * One asset across venues (`shared/research/venues.ts`): each venue's book is replayed from its
 * own stream and its mid and spread recorded; they are aligned on a display grid (last value at
 * or before each grid time) with each one's basis against the reference, and the lead–lag of mid
 * log returns against the reference on a fine grid of `lagStepMs`, at lags −2 s..+2 s.
 */
export class VenueStudy implements ResearchStudy<VenueOutput> {
  readonly needs = { books: true, trades: false };
  private readonly mids: MidSeriesRecorder[];
  private readonly replays: ChosenBookReplay[];

  constructor(private readonly params: VenueStudyParams) {
    this.mids = params.venues.map(() => new MidSeriesRecorder());
    this.replays = params.venues.map((venue, i) => new ChosenBookReplay({ source: venue.source, market: venue.market }, [{ after: (book, clock) => this.mids[i]?.pushBook(book, clock) }]));
  }

  book(stream: number, input: BookInput): void {
    this.replays[stream]?.apply(input);
  }

  trade(): void {
    // Venues read books only.
  }

  finish(): StudyResult<VenueOutput> {
    const { venues, reference, lagStepMs } = this.params;
    const names = venues.map((venue) => `${venue.source}/${venue.market}`);
    const series = this.mids.map((recorder, i) => ({ name: names[i] ?? '', mids: recorder.build() }));
    const read = spanOf(series.map((venue) => venue.mids));
    const stepMs = this.params.stepMs ?? timeStepFor((this.params.end ?? read.end) - (this.params.start ?? read.start), displayPoints, lagStepMs);
    // Without a range the grid starts at the first whole step at or after the first book read.
    const start = this.params.start ?? Math.min(read.end, Math.ceil(read.start / stepMs) * stepMs);
    const end = Math.max(start, this.params.end ?? read.end);
    const shown = compareVenues(series, timeGrid(start, end, stepMs), reference);
    const anyBook = series.some((venue) => venue.mids.time.length > 0);
    const fine = leadLagGrid(start, end, anyBook ? read.start : end, lagStepMs);
    const returns = series.map((venue) => gridReturns(alignOnGrid(venue.mids.time, venue.mids.mid, fine)));
    const base = returns[reference] ?? new Float64Array(0);
    const lags = returns.map((venueReturns) => leadLag(base, venueReturns, Math.round(maxLagMs / lagStepMs), lagStepMs));
    const notes = this.replays.flatMap((replay, i) => (replay.key === null ? [`No order book of ${names[i] ?? ''} was read in this range.`] : []));
    const venueColumns: ResearchColumn[] = names.flatMap((name, i) => [
      numberColumn(`${name}_mid`, shown.mid[i] ?? new Float64Array(0)),
      numberColumn(`${name}_basis_bps`, shown.basisBps[i] ?? new Float64Array(0)),
      numberColumn(`${name}_spread_bps`, shown.spreadBps[i] ?? new Float64Array(0)),
    ]);
    const lagMs = lags[0]?.lagMs ?? new Float64Array(0);
    return {
      output: {
        names,
        reference,
        stepMs,
        time: plain(shown.time),
        mid: shown.mid.map(nullable),
        basisBps: shown.basisBps.map(nullable),
        spreadBps: shown.spreadBps.map(nullable),
        leadLag: { stepMs: lagStepMs, lagMs: plain(lagMs), correlation: lags.map((lag) => nullable(lag.correlation)), pairs: lags.map((lag) => plain(lag.pairs)) },
      },
      tables: {
        venues: tableOf([numberColumn('time', shown.time, 'timestamp'), ...venueColumns]),
        'lead-lag': tableOf([
          numberColumn('lag_ms', lagMs),
          ...names.flatMap((name, i) => [numberColumn(`${name}_correlation`, lags[i]?.correlation ?? new Float64Array(0)), numberColumn(`${name}_pairs`, lags[i]?.pairs ?? new Float64Array(0), 'int64')]),
        ]),
      },
      notes,
    };
  }
}

import type { ResearchActivity } from '../../../shared/contract/research-schemas.ts';
import { activityBars, type ActivityBarKind } from '../../../shared/research/activity-bars.ts';
import { footprint } from '../../../shared/research/footprint.ts';
import { TradeSeriesBuilder, isUsableTrade, type TradeSeries } from '../../../shared/research/trade-series.ts';
import { volumeDeltaByInterval } from '../../../shared/research/volume-delta.ts';
import { volumeProfile } from '../../../shared/research/volume-profile.ts';
import { barsTable, cvdTable, footprintTables, profileTable, tradeCvdTable, type ActivityTable } from './activity-tables.ts';
import { niceAtOrAbove, timeStepFor } from './auto-steps.ts';
import { inStudyRange, studySpan, type ResearchStudy, type StudyRange, type StudyResult } from './research-study.ts';
import { finiteOrNull, plain, type ResearchTableData } from './research-table.ts';

/** What an activity study is asked. */
export interface ActivityStudyParams {
  range: StudyRange;
  barKind: ActivityBarKind;
  /** Trades, base volume or notional per bar; absent: about 200 bars over the trades. */
  barSize?: number | undefined;
  /** Price bucket of the profile; absent: about 60 buckets over the traded prices. */
  priceStep?: number | undefined;
  /** CVD interval; absent: about 300 intervals over the range. */
  cvdIntervalMs?: number | undefined;
  /** Share of the volume in the profile's value area; absent: 70 %. */
  valueAreaShare?: number | undefined;
  /** The most buckets the profile may span (a finer step is refused); absent: `shownProfileBuckets`. */
  profileMaxBuckets?: number | undefined;
  /** Candle length of the footprint; absent: `footprintIntervalMs`. */
  footprintIntervalMs?: number | undefined;
  /** The footprint's diagonal imbalance ratio; absent: 3. */
  imbalanceRatio?: number | undefined;
  /** The tables to build; absent: the view's (`viewTables`). A part no table is asked of comes out empty. */
  tables?: readonly ActivityTable[] | undefined;
}

/** An activity study's output without the fields main adds. */
export type ActivityOutput = Omit<ResearchActivity, 'resultId' | 'read'>;

/** The footprint the activity study exports unless told: 1-minute candles, in the profile's price buckets. */
export const footprintIntervalMs = 60_000;

/** Bars sent to the view at most (the export holds them all). */
export const shownBarsLimit = 5000;

/** The most buckets the view's profile spans unless told. */
export const shownProfileBuckets = 20_000;

/** The tables the Research view's activity panel exports. */
export const viewTables: readonly ActivityTable[] = ['bars', 'cvd', 'profile', 'footprint'];

/** No trades: what a part no table is asked of is built from. */
const noTrades: TradeSeries = { time: new Float64Array(0), price: new Float64Array(0), quantity: new Float64Array(0), side: new Int8Array(0) };

/** Totals of the usable trades: count, Σ quantity, Σ notional, price span and time span. */
function totals(trades: TradeSeries): { count: number; volume: number; notional: number; low: number; high: number; first: number; last: number } {
  const out = { count: 0, volume: 0, notional: 0, low: Number.POSITIVE_INFINITY, high: Number.NEGATIVE_INFINITY, first: Number.POSITIVE_INFINITY, last: Number.NEGATIVE_INFINITY };
  for (let i = 0; i < trades.time.length; i++) {
    const t = trades.time[i] ?? Number.NaN;
    const p = trades.price[i] ?? Number.NaN;
    const q = trades.quantity[i] ?? Number.NaN;
    if (!isUsableTrade(t, p, q)) continue;
    out.count++;
    out.volume += q;
    out.notional += p * q;
    if (p < out.low) out.low = p;
    if (p > out.high) out.high = p;
    if (t < out.first) out.first = t;
    if (t > out.last) out.last = t;
  }
  return out;
}

/** A bar size that gives about 200 bars: whole trades for tick bars, a nice number otherwise. */
function autoBarSize(kind: ActivityBarKind, sum: ReturnType<typeof totals>): number {
  const bars = 200;
  if (kind === 'tick') return Math.max(1, Math.ceil(sum.count / bars));
  const total = kind === 'volume' ? sum.volume : sum.notional;
  return niceAtOrAbove(total / bars);
}

/**
 * Activity bars (tick, volume or dollar: `shared/research/activity-bars.ts`), the CVD per interval
 * (`volume-delta.ts`), the session volume profile with its POC and value area
 * (`volume-profile.ts`), and for export the footprint of 1-minute candles in the profile's buckets
 * (`footprint.ts`) of the trades in the range; on request (`tables`) also the footprint with each
 * cell's delta and the CVD after each trade (`activity-tables.ts`). Unknown-side volume is kept
 * apart throughout.
 */
export class ActivityStudy implements ResearchStudy<ActivityOutput> {
  readonly needs = { books: false, trades: true };
  private readonly trades = new TradeSeriesBuilder();
  private unusable = 0;

  constructor(private readonly params: ActivityStudyParams) {}

  /** Trades in the range with no usable price, quantity or time: every part leaves them out. */
  get unusableTrades(): number {
    return this.unusable;
  }

  book(): void {
    // Activity reads trades only.
  }

  trade(time: number, price: number, quantity: number, side: number): void {
    if (!inStudyRange(this.params.range, time)) return;
    this.trades.push(time, price, quantity, side);
    if (!isUsableTrade(time, price, quantity)) this.unusable++;
  }

  finish(): StudyResult<ActivityOutput> {
    const params = this.params;
    const trades = this.trades.build();
    const sum = totals(trades);
    const asked = new Set(params.tables ?? viewTables);
    /** The trades of a part: all of them when one of its tables is asked for, none otherwise. */
    const tradesOf = (...tables: ActivityTable[]): TradeSeries => (tables.some((table) => asked.has(table)) ? trades : noTrades);
    const kind = params.barKind;
    const size = params.barSize ?? autoBarSize(kind, sum);
    const bars = activityBars(tradesOf('bars'), { kind, size });
    const intervalMs = params.cvdIntervalMs ?? timeStepFor(studySpan(params.range, sum.first, sum.last), 300, 1000);
    const cvd = volumeDeltaByInterval(tradesOf('cvd'), intervalMs);
    const priceStep = params.priceStep ?? (sum.high > sum.low ? niceAtOrAbove((sum.high - sum.low) / 60) : niceAtOrAbove(sum.low / 1000));
    const profile = volumeProfile(tradesOf('profile'), {
      priceStep,
      maxBuckets: params.profileMaxBuckets ?? shownProfileBuckets,
      ...(params.valueAreaShare === undefined ? {} : { valueAreaShare: params.valueAreaShare }),
    });
    const cells = footprint(tradesOf('footprint', 'footprint-delta'), {
      intervalMs: params.footprintIntervalMs ?? footprintIntervalMs,
      priceStep,
      ...(params.imbalanceRatio === undefined ? {} : { imbalanceRatio: params.imbalanceRatio }),
    });
    const shown = Math.min(bars.openTime.length, shownBarsLimit);
    const head = (values: Float64Array | Uint32Array | Uint8Array): number[] => plain(values.subarray(0, shown));
    const notes: string[] = [];
    if (bars.openTime.length > shown) notes.push(`${bars.openTime.length.toLocaleString('en-US')} bars: the first ${shown.toLocaleString('en-US')} are drawn, the export holds them all. Choose a larger bar size to see the whole range.`);
    if (bars.skipped > 0) notes.push(`${bars.skipped} trades with no usable price, quantity or time were left out.`);
    const built: Record<ActivityTable, ResearchTableData> = {
      bars: barsTable(bars),
      cvd: cvdTable(cvd),
      profile: profileTable(profile),
      ...footprintTables(cells),
      'trade-cvd': tradeCvdTable(tradesOf('trade-cvd')),
    };
    return {
      output: {
        bars: {
          kind,
          size,
          openTime: head(bars.openTime),
          closeTime: head(bars.closeTime),
          open: head(bars.open),
          high: head(bars.high),
          low: head(bars.low),
          close: head(bars.close),
          volume: head(bars.volume),
          buyVolume: head(bars.buyVolume),
          sellVolume: head(bars.sellVolume),
          unknownVolume: head(bars.unknownVolume),
          tradeCount: head(bars.tradeCount),
          complete: head(bars.complete),
        },
        cvd: { intervalMs, openTime: plain(cvd.openTime), delta: plain(cvd.delta), cvd: plain(cvd.cvd), unknownVolume: plain(cvd.unknownVolume) },
        profile: {
          priceStep,
          price: plain(profile.price),
          volume: plain(profile.volume),
          buyVolume: plain(profile.buyVolume),
          sellVolume: plain(profile.sellVolume),
          unknownVolume: plain(profile.unknownVolume),
          pocPrice: finiteOrNull(profile.pocPrice),
          valueAreaLow: finiteOrNull(profile.valueAreaLow),
          valueAreaHigh: finiteOrNull(profile.valueAreaHigh),
          totalVolume: profile.totalVolume,
          valueAreaVolume: profile.valueAreaVolume,
        },
      },
      tables: Object.fromEntries([...asked].map((table) => [table, built[table]])),
      notes,
    };
  }
}

import type { ResearchActivity } from '../../../shared/contract/research-schemas.ts';
import { activityBars, type ActivityBarKind } from '../../../shared/research/activity-bars.ts';
import { TradeSeriesBuilder, isUsableTrade, type TradeSeries } from '../../../shared/research/trade-series.ts';
import { volumeDeltaByInterval } from '../../../shared/research/volume-delta.ts';
import { volumeProfile } from '../../../shared/research/volume-profile.ts';
import { footprint, imbalanceFlag } from '../../../shared/research/footprint.ts';
import { niceAtOrAbove, timeStepFor } from './auto-steps.ts';
import { inStudyRange, type ResearchStudy, type StudyRange, type StudyResult } from './research-study.ts';
import { finiteOrNull, numberColumn, plain, tableOf } from './research-table.ts';

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
}

/** An activity study's output without the fields main adds. */
export type ActivityOutput = Omit<ResearchActivity, 'resultId' | 'read'>;

/** The footprint the activity study exports: 1-minute candles, in the profile's price buckets. */
export const footprintIntervalMs = 60_000;

/** Bars sent to the view at most (the export holds them all). */
export const shownBarsLimit = 5000;

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
 * (`volume-delta.ts`), the session volume profile with its POC and 70 % value area
 * (`volume-profile.ts`), and for export the footprint of 1-minute candles in the profile's buckets
 * (`footprint.ts`) of the trades in the range. Unknown-side volume is kept apart throughout.
 */
export class ActivityStudy implements ResearchStudy<ActivityOutput> {
  readonly needs = { books: false, trades: true };
  private readonly trades = new TradeSeriesBuilder();

  constructor(private readonly params: ActivityStudyParams) {}

  book(): void {
    // Activity reads trades only.
  }

  trade(time: number, price: number, quantity: number, side: number): void {
    if (inStudyRange(this.params.range, time)) this.trades.push(time, price, quantity, side);
  }

  finish(): StudyResult<ActivityOutput> {
    const trades = this.trades.build();
    const sum = totals(trades);
    const kind = this.params.barKind;
    const size = this.params.barSize ?? autoBarSize(kind, sum);
    const bars = activityBars(trades, { kind, size });
    const range = this.params.range;
    const span = range === null ? (sum.last > sum.first ? sum.last - sum.first : 0) : range.end - range.start;
    const intervalMs = this.params.cvdIntervalMs ?? timeStepFor(span, 300, 1000);
    const cvd = volumeDeltaByInterval(trades, intervalMs);
    const priceStep = this.params.priceStep ?? (sum.high > sum.low ? niceAtOrAbove((sum.high - sum.low) / 60) : niceAtOrAbove(sum.low / 1000));
    const profile = volumeProfile(trades, { priceStep, maxBuckets: 20_000 });
    const shown = Math.min(bars.openTime.length, shownBarsLimit);
    const head = (values: Float64Array | Uint32Array | Uint8Array): number[] => plain(values.subarray(0, shown));
    const notes: string[] = [];
    if (bars.openTime.length > shown) notes.push(`${bars.openTime.length.toLocaleString('en-US')} bars: the first ${shown.toLocaleString('en-US')} are drawn, the export holds them all. Choose a larger bar size to see the whole range.`);
    if (bars.skipped > 0) notes.push(`${bars.skipped} trades with no usable price, quantity or time were left out.`);
    const n = profile.price.length;
    const cells = footprint(trades, { intervalMs: footprintIntervalMs, priceStep });
    // One row per (candle, bucket): each cell carries its candle's open time and whether it is the POC.
    const cellCandle = new Float64Array(cells.cells.price.length);
    const cellPoc = new Float64Array(cells.cells.price.length);
    for (let c = 0; c < cells.candles.openTime.length; c++) {
      for (let i = cells.candles.cellStart[c] ?? 0; i < (cells.candles.cellStart[c + 1] ?? 0); i++) {
        cellCandle[i] = cells.candles.openTime[c] ?? Number.NaN;
        cellPoc[i] = cells.cells.price[i] === cells.candles.pocPrice[c] ? 1 : 0;
      }
    }
    const flagged = (flag: number): Float64Array => Float64Array.from(cells.cells.imbalance, (bits) => ((bits & flag) !== 0 ? 1 : 0));
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
      tables: {
        bars: tableOf([
          numberColumn('open_time', bars.openTime, 'timestamp'),
          numberColumn('close_time', bars.closeTime, 'timestamp'),
          numberColumn('open', bars.open),
          numberColumn('high', bars.high),
          numberColumn('low', bars.low),
          numberColumn('close', bars.close),
          numberColumn('volume', bars.volume),
          numberColumn('notional', bars.notional),
          numberColumn('buy_volume', bars.buyVolume),
          numberColumn('sell_volume', bars.sellVolume),
          numberColumn('unknown_volume', bars.unknownVolume),
          numberColumn('trades', bars.tradeCount, 'int64'),
          numberColumn('complete', bars.complete, 'int64'),
        ]),
        cvd: tableOf([
          numberColumn('open_time', cvd.openTime, 'timestamp'),
          numberColumn('delta', cvd.delta),
          numberColumn('cvd', cvd.cvd),
          numberColumn('unknown_volume', cvd.unknownVolume),
        ]),
        profile: tableOf([
          numberColumn('price', profile.price),
          numberColumn('volume', profile.volume),
          numberColumn('buy_volume', profile.buyVolume),
          numberColumn('sell_volume', profile.sellVolume),
          numberColumn('unknown_volume', profile.unknownVolume),
          numberColumn('poc', Float64Array.from({ length: n }, (_, i) => (i === profile.pocIndex ? 1 : 0)), 'int64'),
          numberColumn('value_area', Float64Array.from({ length: n }, (_, i) => (profile.pocIndex !== -1 && i >= profile.valueAreaLowIndex && i <= profile.valueAreaHighIndex ? 1 : 0)), 'int64'),
        ]),
        footprint: tableOf([
          numberColumn('open_time', cellCandle, 'timestamp'),
          numberColumn('price', cells.cells.price),
          numberColumn('bid_volume', cells.cells.bidVolume),
          numberColumn('ask_volume', cells.cells.askVolume),
          numberColumn('unknown_volume', cells.cells.unknownVolume),
          numberColumn('trades', cells.cells.tradeCount, 'int64'),
          numberColumn('buy_imbalance', flagged(imbalanceFlag.buy), 'int64'),
          numberColumn('sell_imbalance', flagged(imbalanceFlag.sell), 'int64'),
          numberColumn('poc', cellPoc, 'int64'),
        ]),
      },
      notes,
    };
  }
}

import { useMemo } from 'react';
import type { TradeColumns } from '../../../../../shared/contract/market-schemas.ts';
import { activityBars, type ActivityBarKind, type ActivityBars } from '../../../../../shared/research/activity-bars.ts';
import { tradeSeriesOf } from '../../../../../shared/research/trade-series.ts';
import { cumulativeVolumeDelta } from '../../../../../shared/research/volume-delta.ts';
import { volumeProfile, type VolumeProfile } from '../../../../../shared/research/volume-profile.ts';
import { autoBarSize, autoProfileStep, cvdAtBarCloses, tradeTotals } from './activity-steps.ts';

/** What activity bars are built from. */
export interface ActivityBarsInput {
  /** Null outside the activity-bar modes: nothing is computed. */
  kind: ActivityBarKind | null;
  trades: TradeColumns | null;
  /** The size the user set, or null for about 200 bars. */
  size: number | null;
  tickSize: number | null | undefined;
}

/** Activity bars with their CVD and the session's volume profile. */
export interface ActivityBarsView {
  kind: ActivityBarKind;
  size: number;
  bars: ActivityBars;
  /** CVD at each bar's close. */
  cvd: Float64Array;
  profile: VolumeProfile;
  profileStep: number;
}

/** The bars, or why there are none. */
export interface ActivityBarsResult {
  view: ActivityBarsView | null;
  /** The size in use (set or automatic), null before trades. */
  sizeInUse: number | null;
  problem: string | null;
}

/** Most buckets the session profile may have. */
const maxProfileBuckets = 20_000;
/** Most bars drawn: a size typed so small it would make more is refused, named, before building them. */
export const maxActivityBars = 100_000;

/**
 * Tick, volume or dollar bars of the loaded trades (`shared/research/activity-bars.ts`, in the
 * order the trades were collected), the CVD at each bar's close (`volume-delta.ts`) and the session
 * volume profile with its POC and 70 % value area (`volume-profile.ts`).
 */
export function useActivityBars({ kind, trades, size, tickSize }: ActivityBarsInput): ActivityBarsResult {
  const active = kind !== null;
  const series = useMemo(() => (active && trades !== null ? tradeSeriesOf(trades) : null), [active, trades]);
  const totals = useMemo(() => (series === null ? null : tradeTotals(series)), [series]);
  const sizeInUse = kind === null || totals === null ? null : (size ?? autoBarSize(kind, totals));
  const cvd = useMemo(() => (series === null ? null : cumulativeVolumeDelta(series)), [series]);
  const profile = useMemo(() => {
    if (series === null || totals === null) return null;
    const step = autoProfileStep(tickSize, totals);
    return { step, profile: volumeProfile(series, { priceStep: step, maxBuckets: maxProfileBuckets }) };
  }, [series, totals, tickSize]);
  return useMemo((): ActivityBarsResult => {
    if (kind === null || series === null || sizeInUse === null || cvd === null || profile === null) return { view: null, sizeInUse, problem: null };
    const measure = kind === 'tick' ? totals?.count : kind === 'volume' ? totals?.volume : totals?.notional;
    if (measure !== undefined && measure / sizeInUse > maxActivityBars) {
      return { view: null, sizeInUse, problem: `A bar size of ${sizeInUse} makes over ${maxActivityBars.toLocaleString('en-US')} bars of these trades: choose a larger size, or empty the field for about 200 bars.` };
    }
    try {
      const bars = activityBars(series, { kind, size: sizeInUse });
      return { view: { kind, size: sizeInUse, bars, cvd: cvdAtBarCloses(cvd.cvd, bars.tradeCount), profile: profile.profile, profileStep: profile.step }, sizeInUse, problem: null };
    } catch (error) {
      return { view: null, sizeInUse, problem: error instanceof Error ? error.message : String(error) };
    }
  }, [kind, series, totals, sizeInUse, cvd, profile]);
}

import type { AssetModel } from './asset-path.ts';
import { dayMs } from '../../../shared/time/time-units.ts';

const hoursPerYear = 24 * 365;

/**
 * The at-the-money implied vol of an asset at a time: the simulator's own realized vol of its
 * price path (hourly vol × √(hours a year): BTC ~56 %, ETH ~75 %), wobbling ±10 % over days.
 */
export function atmVolAt(model: AssetModel, time: number): number {
  return model.hourlyVol * Math.sqrt(hoursPerYear) * (1 + 0.1 * Math.sin(time / (3 * dayMs)));
}

/**
 * The implied vol at a strike: a smile in standardized moneyness z = ln(K/F) / (σ_atm √T), so
 * its width follows the expiry. Both wings rise (curvature, saturating at +30 %) and puts carry a
 * skew (±6 %), so the minimum sits just above the money (z ≈ 0.2); whatever z, the vol stays
 * within [0.94, 1.36] × σ_atm.
 */
export function smileVol(atmVol: number, forward: number, strike: number, years: number): number {
  const z = Math.log(strike / forward) / (atmVol * Math.sqrt(Math.max(years, 1 / hoursPerYear)));
  const wings = 0.3 * (1 - 1 / Math.sqrt(1 + (z * z) / 2));
  const skew = -0.06 * Math.tanh(z / 2);
  return atmVol * (1 + wings + skew);
}

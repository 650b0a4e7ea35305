import type { ExactRatio } from './exact-ratio.ts';
import { ladderOf } from './quote-ladder.ts';
import { pairKeyOf, type QuoteObservation } from './quote-observations.ts';

/** The impact of one size in one observation, for a chart of impact over time. */
export interface ImpactSample {
  observationId: string;
  collectorTime: number;
  blockNumber: number;
  /** Null when the observation quoted the size but its impact cannot be computed (no price). */
  impactBps: ExactRatio | null;
}

/**
 * The price impact of one size across the observations of one pair (same assets in and out and
 * amount kind as `pairKey`), in collector-time order. An observation that did not quote exactly
 * this size is left out, not shown as zero.
 */
export function impactOverTime(observations: readonly QuoteObservation[], pairKey: string, size: bigint): ImpactSample[] {
  const samples: ImpactSample[] = [];
  for (const observation of observations) {
    if (pairKeyOf(observation) !== pairKey) continue;
    const rung = ladderOf(observation.points).find((point) => point.size === size);
    if (rung === undefined) continue;
    samples.push({ observationId: observation.observationId, collectorTime: observation.collectorTime, blockNumber: observation.blockNumber, impactBps: rung.impactBps });
  }
  return samples.sort((a, b) => a.collectorTime - b.collectorTime);
}

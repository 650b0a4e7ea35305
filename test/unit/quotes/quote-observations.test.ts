import { describe, expect, it } from 'vitest';
import { toFixedPlaces } from '../../../shared/quotes/exact-ratio.ts';
import { impactOverTime } from '../../../shared/quotes/impact-over-time.ts';
import { groupQuoteObservations, pairKeyOf, wholeObservations } from '../../../shared/quotes/quote-observations.ts';
import { point, usdc, weth } from './quote-fixtures.ts';

const wei = 10n ** 18n;

describe('groupQuoteObservations', () => {
  it('groups points by observation_id in arrival order and reads what they share from the first point', () => {
    const observations = groupQuoteObservations([
      point('a', '1', '1', { collector_timestamp: 100, block_number: 7, pool: '0xpool', oracle: '0xoracle' }),
      point('b', '1', '1', { collector_timestamp: 101, input_asset_id: usdc, output_asset_id: weth }),
      point('a', '2', '2', { collector_timestamp: 100 }),
    ]);
    expect(observations.map((observation) => [observation.observationId, observation.points.length, observation.collectorTime])).toEqual([
      ['a', 2, 100],
      ['b', 1, 101],
    ]);
    expect(observations[0]).toMatchObject({ blockNumber: 7, pool: '0xpool', oracle: '0xoracle', inputDecimals: 18, outputDecimals: 6 });
    expect(observations[1]?.pool).toBeNull();
    expect(pairKeyOf(observations[0] ?? { amountKind: '', inputAssetId: '', outputAssetId: '' })).not.toBe(pairKeyOf(observations[1] ?? { amountKind: '', inputAssetId: '', outputAssetId: '' }));
  });
});

describe('wholeObservations', () => {
  it('leaves out the last observation of a load the cap cut short, and keeps all of a whole load', () => {
    const observations = groupQuoteObservations([point('a', '1', '1'), point('a', '2', '2'), point('b', '1', '1')]);
    expect(wholeObservations(observations, true).map((observation) => observation.observationId)).toEqual(['a']);
    expect(wholeObservations(observations, false).map((observation) => observation.observationId)).toEqual(['a', 'b']);
  });
});

describe('impactOverTime', () => {
  it('follows one size of one pair across observations, in time order, leaving out observations without that size', () => {
    const observations = groupQuoteObservations([
      // t=300: 1 WETH at 2994 against 3000 at 0.1 → 20 bps.
      point('late', (wei / 10n).toString(), '300000000', { collector_timestamp: 300, block_number: 3 }),
      point('late', wei.toString(), '2994000000', { collector_timestamp: 300, block_number: 3 }),
      // t=100: 1 WETH at 2997 → 10 bps.
      point('early', (wei / 10n).toString(), '300000000', { collector_timestamp: 100, block_number: 1 }),
      point('early', wei.toString(), '2997000000', { collector_timestamp: 100, block_number: 1 }),
      // t=200: the other direction; same sizes in its own units, a different pair.
      point('reverse', (wei / 10n).toString(), '1', { collector_timestamp: 200, input_asset_id: usdc, output_asset_id: weth }),
      point('reverse', wei.toString(), '2', { collector_timestamp: 200, input_asset_id: usdc, output_asset_id: weth }),
      // t=250: the same pair, but 1 WETH was not quoted.
      point('sparse', (wei / 10n).toString(), '300000000', { collector_timestamp: 250 }),
    ]);
    const pair = pairKeyOf(observations[0] ?? { amountKind: '', inputAssetId: '', outputAssetId: '' });
    const samples = impactOverTime(observations, pair, wei);
    expect(samples.map((sample) => [sample.observationId, sample.blockNumber, sample.impactBps === null ? null : toFixedPlaces(sample.impactBps, 2)])).toEqual([
      ['early', 1, '10.00'],
      ['late', 3, '20.00'],
    ]);
  });
});

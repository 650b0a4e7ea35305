import type { ActivityBars } from '../../../shared/research/activity-bars.ts';
import { imbalanceFlag, type Footprint } from '../../../shared/research/footprint.ts';
import type { TradeSeries } from '../../../shared/research/trade-series.ts';
import { cumulativeVolumeDelta, type IntervalVolumeDelta } from '../../../shared/research/volume-delta.ts';
import type { VolumeProfile } from '../../../shared/research/volume-profile.ts';
import { numberColumn, sideColumn, tableOf, type ResearchTableData } from './research-table.ts';

// The tables the activity study exports (and `mde metrics` prints): one function a table, so
// each layout (column names, order and kinds) is written once.

/** The tables an activity study can build. */
export const activityTables = ['bars', 'cvd', 'profile', 'footprint', 'footprint-delta', 'trade-cvd'] as const;

/** One table an activity study can build. */
export type ActivityTable = (typeof activityTables)[number];

/** Activity bars, one row a bar. */
export function barsTable(bars: ActivityBars): ResearchTableData {
  return tableOf([
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
  ]);
}

/** The volume delta per interval and the CVD at each interval's close. */
export function cvdTable(cvd: IntervalVolumeDelta): ResearchTableData {
  return tableOf([
    numberColumn('open_time', cvd.openTime, 'timestamp'),
    numberColumn('delta', cvd.delta),
    numberColumn('cvd', cvd.cvd),
    numberColumn('unknown_volume', cvd.unknownVolume),
  ]);
}

/** The CVD after each trade: the trade, then the running delta and unknown-side volume (null at a trade left out). */
export function tradeCvdTable(trades: TradeSeries): ResearchTableData {
  const { cvd, unknownVolume } = cumulativeVolumeDelta(trades);
  return tableOf([
    numberColumn('time', trades.time, 'timestamp'),
    numberColumn('price', trades.price),
    numberColumn('quantity', trades.quantity),
    sideColumn(trades.side),
    numberColumn('cvd', cvd),
    numberColumn('unknown_volume', unknownVolume),
  ]);
}

/** The volume profile, one row a bucket, its POC and value area marked. */
export function profileTable(profile: VolumeProfile): ResearchTableData {
  const n = profile.price.length;
  const found = profile.pocIndex !== -1;
  return tableOf([
    numberColumn('price', profile.price),
    numberColumn('volume', profile.volume),
    numberColumn('buy_volume', profile.buyVolume),
    numberColumn('sell_volume', profile.sellVolume),
    numberColumn('unknown_volume', profile.unknownVolume),
    numberColumn('poc', Float64Array.from({ length: n }, (_, i) => (i === profile.pocIndex ? 1 : 0)), 'int64'),
    numberColumn('value_area', Float64Array.from({ length: n }, (_, i) => (found && i >= profile.valueAreaLowIndex && i <= profile.valueAreaHighIndex ? 1 : 0)), 'int64'),
  ]);
}

/**
 * The footprint, one row a (candle, bucket) cell, each with its candle's open time and whether it is
 * the candle's POC: as the view exports it (`footprint`), and with each cell's delta, ask − bid
 * volume (`footprint-delta`, what `mde metrics footprint` prints).
 */
export function footprintTables(result: Footprint): Record<'footprint' | 'footprint-delta', ResearchTableData> {
  const { candles, cells } = result;
  const n = cells.price.length;
  const open = new Float64Array(n);
  const poc = new Float64Array(n);
  for (let c = 0; c < candles.openTime.length; c++) {
    for (let i = candles.cellStart[c] ?? 0; i < (candles.cellStart[c + 1] ?? 0); i++) {
      open[i] = candles.openTime[c] ?? Number.NaN;
      poc[i] = cells.price[i] === candles.pocPrice[c] ? 1 : 0;
    }
  }
  const flagged = (flag: number): Float64Array => Float64Array.from(cells.imbalance, (bits) => ((bits & flag) !== 0 ? 1 : 0));
  const volumes = [numberColumn('price', cells.price), numberColumn('bid_volume', cells.bidVolume), numberColumn('ask_volume', cells.askVolume), numberColumn('unknown_volume', cells.unknownVolume)];
  const marks = [
    numberColumn('trades', cells.tradeCount, 'int64'),
    numberColumn('buy_imbalance', flagged(imbalanceFlag.buy), 'int64'),
    numberColumn('sell_imbalance', flagged(imbalanceFlag.sell), 'int64'),
    numberColumn('poc', poc, 'int64'),
  ];
  const delta = Float64Array.from(cells.askVolume, (ask, i) => ask - (cells.bidVolume[i] ?? 0));
  return {
    footprint: tableOf([numberColumn('open_time', open, 'timestamp'), ...volumes, ...marks]),
    'footprint-delta': tableOf([numberColumn('candle_open_time', open, 'timestamp'), ...volumes, numberColumn('delta', delta), ...marks]),
  };
}

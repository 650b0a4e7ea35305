import type { IChartApiBase, IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesApi, ISeriesPrimitive, SeriesAttachedParameter, SeriesType } from 'lightweight-charts';
import type { VolumeProfile } from '../../../../../shared/research/volume-profile.ts';
import { chartColours } from '../../../components/chart/chart-theme.ts';

type PaneTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** The share of the pane's width the profile's longest row takes, at its right edge. */
export const profileWidthShare = 0.22;

/** One row of the profile in pane pixels. */
export interface ProfileRow {
  index: number;
  top: number;
  bottom: number;
  /** The row's length (px) from the right edge: buy, sell and unknown parts. */
  buy: number;
  sell: number;
  unknown: number;
  inValueArea: boolean;
}

/**
 * The profile's rows for a pane `width` wide: row i spans y(price + step) to y(price); its length
 * is its volume against the POC's, times 22 % of the width.
 */
export function profileRows(profile: VolumeProfile, step: number, yOf: (price: number) => number | null, width: number): ProfileRow[] {
  const rows: ProfileRow[] = [];
  const pocVolume = profile.pocIndex < 0 ? 0 : (profile.volume[profile.pocIndex] ?? 0);
  if (pocVolume <= 0) return rows;
  const scale = (width * profileWidthShare) / pocVolume;
  for (let i = 0; i < profile.price.length; i++) {
    const volume = profile.volume[i] ?? 0;
    if (volume <= 0) continue;
    const price = profile.price[i] ?? Number.NaN;
    const bottom = yOf(price);
    const top = yOf(price + step);
    if (bottom === null || top === null) continue;
    rows.push({
      index: i,
      top,
      bottom,
      buy: (profile.buyVolume[i] ?? 0) * scale,
      sell: (profile.sellVolume[i] ?? 0) * scale,
      unknown: (profile.unknownVolume[i] ?? 0) * scale,
      inValueArea: i >= profile.valueAreaLowIndex && i <= profile.valueAreaHighIndex,
    });
  }
  return rows;
}

/**
 * The session volume profile drawn at the right of the bars' pane, on the bar series' price
 * scale: rows split buy (green) | sell (red) | unknown (grey), the 70 % value area stronger than
 * the rest, its edges and the POC as lines across the pane.
 */
export class ProfilePrimitive implements ISeriesPrimitive<number> {
  #chart: IChartApiBase<number> | null = null;
  #series: ISeriesApi<SeriesType, number> | null = null;
  readonly #profile: VolumeProfile;
  readonly #step: number;
  readonly #views: readonly IPrimitivePaneView[];

  constructor(profile: VolumeProfile, step: number) {
    this.#profile = profile;
    this.#step = step;
    const renderer: IPrimitivePaneRenderer = { draw: () => {}, drawBackground: (target: PaneTarget) => this.#draw(target) };
    this.#views = [{ zOrder: () => 'bottom', renderer: () => renderer }];
  }

  attached(param: SeriesAttachedParameter<number>): void {
    this.#chart = param.chart;
    this.#series = param.series;
  }

  detached(): void {
    this.#chart = null;
    this.#series = null;
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.#views;
  }

  #draw(target: PaneTarget): void {
    const series = this.#series;
    const chart = this.#chart;
    if (series === null || chart === null) return;
    const profile = this.#profile;
    const step = this.#step;
    const yOf = (price: number): number | null => series.priceToCoordinate(price);
    target.useMediaCoordinateSpace(({ context, mediaSize }) => {
      const width = mediaSize.width;
      const rows = profileRows(profile, step, yOf, width);
      for (const row of rows) {
        const height = Math.max(1, row.bottom - row.top - 1);
        const alpha = row.inValueArea ? 0.5 : 0.2;
        let x = width;
        x -= row.buy;
        context.fillStyle = `rgba(38, 166, 154, ${alpha})`;
        context.fillRect(x, row.top, row.buy, height);
        x -= row.sell;
        context.fillStyle = `rgba(239, 83, 80, ${alpha})`;
        context.fillRect(x, row.top, row.sell, height);
        x -= row.unknown;
        context.fillStyle = `rgba(127, 138, 153, ${alpha})`;
        context.fillRect(x, row.top, row.unknown, height);
      }
      const line = (price: number, colour: string, label: string, dashed: boolean): void => {
        const y = yOf(price);
        if (y === null) return;
        context.strokeStyle = colour;
        context.setLineDash(dashed ? [4, 4] : []);
        context.beginPath();
        context.moveTo(0, Math.round(y) + 0.5);
        context.lineTo(width, Math.round(y) + 0.5);
        context.stroke();
        context.setLineDash([]);
        context.fillStyle = colour;
        context.font = "10px 'JetBrains Mono', ui-monospace, Menlo, Consolas, monospace";
        context.textAlign = 'right';
        context.textBaseline = 'bottom';
        context.fillText(label, width - 4, Math.round(y) - 2);
      };
      if (profile.pocIndex >= 0) {
        // Lines at the middle of the POC's row and at the value area's outer edges.
        line(profile.pocPrice + step / 2, chartColours.warn, 'POC', false);
        line(profile.valueAreaHigh + step, 'rgba(76, 141, 255, 0.8)', 'VAH', true);
        line(profile.valueAreaLow, 'rgba(76, 141, 255, 0.8)', 'VAL', true);
      }
    });
  }
}

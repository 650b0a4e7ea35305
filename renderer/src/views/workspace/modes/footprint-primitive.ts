import type { IChartApiBase, IPrimitivePaneRenderer, IPrimitivePaneView, ISeriesApi, ISeriesPrimitive, SeriesAttachedParameter, SeriesType } from 'lightweight-charts';
import { layoutFootprint, type FootprintLayout, type FootprintModel } from './footprint-layout.ts';
import { paintFootprint, type CandlePrices } from './footprint-paint.ts';

/** What the primitive draws: the footprint, its candles' prices, and the bar length (for the visible window's margin). */
export interface FootprintDrawing extends FootprintModel {
  barMs: number;
  /** The diagonal imbalance ratio the footprint was cut with. */
  ratio: number;
  pricesOf: (openTime: number) => CandlePrices | null;
}

/** The drawing target lightweight-charts hands a pane renderer. */
type PaneTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

const emptyLayout: FootprintLayout = { candles: [], cells: [], numbers: false };

/**
 * The footprint as a series primitive of the candle series: lightweight-charts calls
 * `updateAllViews` whenever the view changes (pan, zoom, resize, new data), and the layout is
 * taken then from its own time scale (`timeToCoordinate`, the bar spacing between two logical
 * indices) and the series' `priceToCoordinate`, so the cells move with the candles in the same
 * frame. `onLayout` hears every new layout (hover, the chart's data attributes).
 */
export class FootprintPrimitive implements ISeriesPrimitive<number> {
  #chart: IChartApiBase<number> | null = null;
  #series: ISeriesApi<SeriesType, number> | null = null;
  #requestUpdate: (() => void) | null = null;
  #drawing: FootprintDrawing | null = null;
  #layout: FootprintLayout = emptyLayout;
  readonly #onLayout: (layout: FootprintLayout) => void;
  readonly #views: readonly IPrimitivePaneView[];

  constructor(onLayout: (layout: FootprintLayout) => void) {
    this.#onLayout = onLayout;
    const renderer: IPrimitivePaneRenderer = { draw: (target: PaneTarget) => this.#draw(target) };
    this.#views = [{ zOrder: () => 'normal', renderer: () => renderer }];
  }

  /** The layout last drawn. */
  get layout(): FootprintLayout {
    return this.#layout;
  }

  attached(param: SeriesAttachedParameter<number>): void {
    this.#chart = param.chart;
    this.#series = param.series;
    this.#requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.#chart = null;
    this.#series = null;
    this.#requestUpdate = null;
  }

  /** Sets what is drawn (null: nothing) and asks for a redraw. */
  setDrawing(drawing: FootprintDrawing | null): void {
    this.#drawing = drawing;
    this.#requestUpdate?.();
  }

  updateAllViews(): void {
    const chart = this.#chart;
    const series = this.#series;
    const drawing = this.#drawing;
    if (chart === null || series === null || drawing === null) {
      this.#setLayout(emptyLayout);
      return;
    }
    const timeScale = chart.timeScale();
    const visible = timeScale.getVisibleRange();
    const zero = timeScale.logicalToCoordinate(0 as Parameters<typeof timeScale.logicalToCoordinate>[0]);
    const one = timeScale.logicalToCoordinate(1 as Parameters<typeof timeScale.logicalToCoordinate>[0]);
    if (visible === null || zero === null || one === null) {
      this.#setLayout(emptyLayout);
      return;
    }
    const layout = layoutFootprint(
      drawing,
      {
        xOf: (time) => timeScale.timeToCoordinate(time),
        yOf: (price) => series.priceToCoordinate(price),
        barSpacing: one - zero,
        width: timeScale.width(),
      },
      visible.from - drawing.barMs,
      visible.to + drawing.barMs,
    );
    this.#setLayout(layout);
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.#views;
  }

  #setLayout(layout: FootprintLayout): void {
    this.#layout = layout;
    this.#onLayout(layout);
  }

  #draw(target: PaneTarget): void {
    const drawing = this.#drawing;
    const series = this.#series;
    if (drawing === null || series === null) return;
    target.useMediaCoordinateSpace(({ context }) => {
      paintFootprint(context, { footprint: drawing.footprint, layout: this.#layout, pricesOf: drawing.pricesOf, yOf: (price) => series.priceToCoordinate(price) });
    });
  }
}

// The heatmap's window on the data: a time range (Unix ms, left to right) and a price range (low
// at the bottom, high at the top), mapped onto a plot of `width` × `height` CSS pixels. Zoom and
// pan return new windows; nothing here touches the DOM.

/** The time and price ranges the plot shows. */
export interface HeatmapViewport {
  /** Left edge, Unix ms. */
  t0: number;
  /** Right edge, Unix ms (> t0). */
  t1: number;
  /** Bottom edge, price. */
  p0: number;
  /** Top edge, price (> p0). */
  p1: number;
}

/** The plot's size in CSS pixels. */
export interface PlotSize {
  width: number;
  height: number;
}

/** The narrowest time window zoom allows, ms. */
export const minTimeSpanMs = 20;

/** The x pixel of time t. */
export function timeToX(view: HeatmapViewport, size: PlotSize, t: number): number {
  return ((t - view.t0) / (view.t1 - view.t0)) * size.width;
}

/** The time at x pixel (the inverse of `timeToX`). */
export function xToTime(view: HeatmapViewport, size: PlotSize, x: number): number {
  return view.t0 + (x / size.width) * (view.t1 - view.t0);
}

/** The y pixel of price p (high prices at the top, y = 0). */
export function priceToY(view: HeatmapViewport, size: PlotSize, p: number): number {
  return ((view.p1 - p) / (view.p1 - view.p0)) * size.height;
}

/** The price at y pixel (the inverse of `priceToY`). */
export function yToPrice(view: HeatmapViewport, size: PlotSize, y: number): number {
  return view.p1 - (y / size.height) * (view.p1 - view.p0);
}

/** The smallest price window zoom allows around prices near p. */
function minPriceSpan(p: number): number {
  return Math.max(Math.abs(p) * 1e-7, 1e-9);
}

/** Zooms the time axis by `factor` (< 1 narrows) keeping time `anchor` where it is on screen. */
export function zoomTime(view: HeatmapViewport, anchor: number, factor: number): HeatmapViewport {
  const span = Math.max((view.t1 - view.t0) * factor, minTimeSpanMs);
  const share = (anchor - view.t0) / (view.t1 - view.t0);
  const t0 = anchor - share * span;
  return { ...view, t0, t1: t0 + span };
}

/** Zooms the price axis by `factor` (< 1 narrows) keeping price `anchor` where it is on screen. */
export function zoomPrice(view: HeatmapViewport, anchor: number, factor: number): HeatmapViewport {
  const span = Math.max((view.p1 - view.p0) * factor, minPriceSpan(anchor));
  const share = (anchor - view.p0) / (view.p1 - view.p0);
  const p0 = anchor - share * span;
  return { ...view, p0, p1: p0 + span };
}

/** Moves the window by a drag of (dx, dy) pixels: content follows the pointer. */
export function panBy(view: HeatmapViewport, size: PlotSize, dx: number, dy: number): HeatmapViewport {
  const dt = (dx / size.width) * (view.t1 - view.t0);
  const dp = (dy / size.height) * (view.p1 - view.p0);
  return { t0: view.t0 - dt, t1: view.t1 - dt, p0: view.p0 + dp, p1: view.p1 + dp };
}

/** Share of the window left empty after the cursor in follow mode, so the newest liquidity is not on the edge. */
export const followGap = 0.04;

/**
 * The window that follows the playback cursor, as Bookmap's: time runs up to the cursor, which
 * stands just short of the right edge, over `span` ms; prices are centred on `mid` with
 * `halfPrice` above and below (the last window's prices when the mid is unknown).
 */
export function followWindow(cursor: number, span: number, mid: number, halfPrice: number, previous: HeatmapViewport | null): HeatmapViewport {
  const t1 = cursor + span * followGap;
  const centre = Number.isFinite(mid) ? mid : previous === null ? Number.NaN : (previous.p0 + previous.p1) / 2;
  const half = halfPrice > 0 ? halfPrice : previous === null ? Number.NaN : (previous.p1 - previous.p0) / 2;
  return { t0: t1 - span, t1, p0: centre - half, p1: centre + half };
}

/**
 * Prices that show a window's book: from the lowest best bid to the highest best ask seen in it,
 * padded by a quarter of that range and at least `minPad` (a dozen price steps), so the resting
 * levels around the touch show too. Null when nothing was seen.
 */
export function fitPrices(low: number, high: number, minPad: number): { p0: number; p1: number } | null {
  if (!Number.isFinite(low) || !Number.isFinite(high)) return null;
  const lo = Math.min(low, high);
  const hi = Math.max(low, high);
  const pad = Math.max((hi - lo) * 0.25, minPad, Math.abs(hi) * 1e-6);
  return { p0: lo - pad, p1: hi + pad };
}

import type { FrameIndex } from '../../../../../shared/book/frame-index.ts';

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

/** The value at quantile q (0…1) of a sorted list, NaN when empty. */
function quantileOfSorted(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))] ?? Number.NaN;
}

/** Frames `fitViewport` reads at most (evenly spaced) to find the price range. */
const fitSamples = 2000;

/**
 * The window that shows every frame: the replay clock's full range (a one-frame or instant book
 * gets a minute around it), and the prices of the deepest levels, robustly (the 1st percentile of
 * the deepest bids to the 99th of the deepest asks, so one stray level does not squash the rest),
 * padded by 4%. Null before the first frame or when no frame has a level.
 */
export function fitViewport(frames: FrameIndex): HeatmapViewport | null {
  const count = frames.count;
  if (count === 0) return null;
  const lows: number[] = [];
  const highs: number[] = [];
  const step = Math.max(1, Math.floor(count / fitSamples));
  for (let i = 0; i < count; i += step) sampleFrame(frames, i, lows, highs);
  if (count > 1 && (count - 1) % step !== 0) sampleFrame(frames, count - 1, lows, highs);
  if (lows.length === 0) return null;
  lows.sort((a, b) => a - b);
  highs.sort((a, b) => a - b);
  let p0 = quantileOfSorted(lows, 0.01);
  let p1 = quantileOfSorted(highs, 0.99);
  if (p1 <= p0) {
    const half = Math.max(Math.abs(p0) * 1e-4, 1e-6);
    p0 -= half;
    p1 += half;
  }
  const pad = (p1 - p0) * 0.04;
  const first = frames.clockAt(0);
  const last = frames.clockAt(count - 1);
  const instant = last - first < minTimeSpanMs;
  return { t0: instant ? first - 30_000 : first, t1: instant ? last + 30_000 : last, p0: p0 - pad, p1: p1 + pad };
}

/** Adds frame i's lowest and highest level prices (either side) to the lists. */
function sampleFrame(frames: FrameIndex, i: number, lows: number[], highs: number[]): void {
  const at = frames.locate(i);
  if (at === null) return;
  const { views, f, depth } = at;
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < depth; k++) {
    const bid = views.bidPrices[f * depth + k] ?? Number.NaN;
    const ask = views.askPrices[f * depth + k] ?? Number.NaN;
    if (bid < low) low = bid;
    if (bid > high) high = bid;
    if (ask < low) low = ask;
    if (ask > high) high = ask;
  }
  if (low <= high) {
    lows.push(low);
    highs.push(high);
  }
}

/**
 * The window after the playback cursor moved from `previous` to `cursor`: when it leaves a window
 * it was inside, the window turns a page (same spans) so the cursor lands a quarter in from the
 * side it entered; otherwise null (no change: a cursor the user panned away from stays away).
 */
export function followCursor(view: HeatmapViewport, previous: number | null, cursor: number | null): HeatmapViewport | null {
  if (previous === null || cursor === null || previous < view.t0 || previous > view.t1) return null;
  const span = view.t1 - view.t0;
  if (cursor > view.t1) return { ...view, t0: cursor - span / 4, t1: cursor + (span * 3) / 4 };
  if (cursor < view.t0) return { ...view, t0: cursor - (span * 3) / 4, t1: cursor + span / 4 };
  return null;
}

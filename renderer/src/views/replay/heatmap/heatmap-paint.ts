import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { priceTicks, timeTicks } from './heatmap-axes.ts';
import type { Box, HeatmapLayout } from './heatmap-layout.ts';
import { compactSize } from './heatmap-scale.ts';
import { priceToY, timeToX, type HeatmapViewport, type PlotSize } from './heatmap-viewport.ts';
import type { TradeDot } from './trade-dots.ts';
import { bandOf, countAtOrBefore, type TradeFlowColumns, type VolumeProfile } from './trade-flow.ts';

// Paints the heatmap anchored at "now", as Bookmap does: liquidity tiles, best bid and ask lines
// and trade bubbles run from the left edge up to the playback cursor and nothing after it; beside
// the plot a volume profile of the visible window (its point of control marked), under it the
// cumulative volume delta, and on the price axis the best bid, best ask and last trade at the
// cursor. The cursor line and the crosshair are on the overlay (`heatmap-overlay.ts`).

/** Colours of the heatmap (the app's tokens, as canvas needs literal values). */
export const heatmapColours = {
  background: '#0b0e13',
  gutter: '#10141b',
  border: '#222a36',
  grid: 'rgba(211, 218, 227, 0.06)',
  text: '#d3dae3',
  muted: '#7f8a99',
  bid: '#26a69a',
  ask: '#ef5350',
  unknownSide: '#a7b0bd',
  warn: '#f0b429',
  accent: '#4c8dff',
} as const;

/** One tile image to draw and where its cells lie in time and price. */
export interface DrawnTile {
  image: CanvasImageSource;
  t0: number;
  /** Time the tile spans (columns × bucket). */
  span: number;
  columns: number;
  rows: number;
  /** Band of row 0 (the lowest price). */
  rowBase: number;
  rowShift: number;
  priceStep: number;
}

/** One bucket's best prices at its end (the heatmap's tile bests at the drawn level). */
export interface BestColumn {
  t0: number;
  t1: number;
  bid: number;
  ask: number;
}

/** Everything one paint draws. */
export interface HeatmapScene {
  view: HeatmapViewport;
  layout: HeatmapLayout;
  zone: TimeZoneChoice;
  priceDecimals: number;
  /** The playback clock: nothing after it is drawn; null draws the whole window. */
  cursor: number | null;
  /** Tiles in drawing order (stand-ins first, the right ones over them). */
  tiles: readonly DrawnTile[];
  bests: readonly BestColumn[];
  /** The best bid and ask at the cursor (NaN for an empty side or no book). */
  now: { bid: number; ask: number };
  trades: TradeFlowColumns | null;
  /** The trade bubbles up to the cursor, placed by the view's own mapping (`tradeDots`). */
  bubbles: readonly TradeDot[];
  /** Cumulative delta after each trade, or null to leave the pane empty. */
  delta: Float64Array | null;
  profile: { profile: VolumeProfile; priceStep: number; rowShift: number } | null;
  lastTrade: { price: number; side: number } | null;
}

const font = '10px "JetBrains Mono", ui-monospace, Menlo, Consolas, monospace';

function plotSize(box: Box): PlotSize {
  return { width: box.width, height: box.height };
}

/** Paints the whole scene on a context scaled to CSS pixels. */
export function paintHeatmap(ctx: CanvasRenderingContext2D, width: number, height: number, scene: HeatmapScene): void {
  const { layout } = scene;
  ctx.fillStyle = heatmapColours.background;
  ctx.fillRect(0, 0, width, height);
  const plot = layout.plot;
  if (plot.width <= 0 || plot.height <= 0) return;
  const size = plotSize(plot);
  const until = scene.cursor ?? scene.view.t1;
  const cutX = Math.min(plot.width, Math.max(0, timeToX(scene.view, size, until)));
  paintGridLines(ctx, plot, scene);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, cutX, plot.height);
  ctx.clip();
  paintTiles(ctx, size, scene);
  paintBestLines(ctx, size, scene, until);
  paintBubbles(ctx, scene.bubbles);
  ctx.restore();
  paintProfile(ctx, scene);
  paintCvd(ctx, scene, until);
  paintAxes(ctx, width, height, scene);
}

function paintTiles(ctx: CanvasRenderingContext2D, size: PlotSize, scene: HeatmapScene): void {
  ctx.imageSmoothingEnabled = false;
  for (const tile of scene.tiles) {
    if (tile.rows === 0) continue;
    const x0 = timeToX(scene.view, size, tile.t0);
    const x1 = timeToX(scene.view, size, tile.t0 + tile.span);
    if (x1 < 0 || x0 > size.width) continue;
    const band = 2 ** tile.rowShift;
    const top = priceToY(scene.view, size, ((tile.rowBase + tile.rows) * band - 0.5) * tile.priceStep);
    const bottom = priceToY(scene.view, size, (tile.rowBase * band - 0.5) * tile.priceStep);
    // Only the cells in view: a coarse tile drawn at a fine zoom would otherwise be scaled to a
    // canvas thousands of times the plot's size.
    const perColumn = (x1 - x0) / tile.columns;
    const perRow = (bottom - top) / tile.rows;
    if (!(perColumn > 0) || !(perRow > 0)) continue;
    const c0 = Math.max(0, Math.floor(-x0 / perColumn));
    const c1 = Math.min(tile.columns, Math.ceil((size.width - x0) / perColumn));
    const r0 = Math.max(0, Math.floor(-top / perRow));
    const r1 = Math.min(tile.rows, Math.ceil((size.height - top) / perRow));
    if (c1 <= c0 || r1 <= r0) continue;
    ctx.drawImage(tile.image, c0, r0, c1 - c0, r1 - r0, x0 + c0 * perColumn, top + r0 * perRow, (c1 - c0) * perColumn, (r1 - r0) * perRow);
  }
}

function paintGridLines(ctx: CanvasRenderingContext2D, plot: Box, scene: HeatmapScene): void {
  const size = plotSize(plot);
  ctx.strokeStyle = heatmapColours.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const price of priceTicks(scene.view.p0, scene.view.p1, plot.height).values) {
    const y = Math.round(priceToY(scene.view, size, price)) + 0.5;
    ctx.moveTo(0, y);
    ctx.lineTo(plot.width, y);
  }
  const bottom = scene.layout.cvd.height > 0 ? scene.layout.cvd.y + scene.layout.cvd.height : plot.height;
  for (const tick of timeTicks(scene.view.t0, scene.view.t1, plot.width, scene.zone)) {
    const x = Math.round(timeToX(scene.view, size, tick.ms)) + 0.5;
    ctx.moveTo(x, 0);
    ctx.lineTo(x, bottom);
  }
  ctx.stroke();
}

/** Step lines through each bucket's best bid and ask up to the cursor; the bucket at the cursor ends on the book shown. Gaps where a side was empty. */
function paintBestLines(ctx: CanvasRenderingContext2D, size: PlotSize, scene: HeatmapScene, until: number): void {
  for (const side of ['bid', 'ask'] as const) {
    ctx.strokeStyle = side === 'bid' ? heatmapColours.bid : heatmapColours.ask;
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    let drawing = false;
    const segment = (from: number, to: number, price: number): void => {
      if (Number.isNaN(price)) {
        drawing = false;
        return;
      }
      const y = priceToY(scene.view, size, price);
      const x0 = timeToX(scene.view, size, from);
      if (drawing) ctx.lineTo(x0, y);
      else ctx.moveTo(x0, y);
      ctx.lineTo(timeToX(scene.view, size, to), y);
      drawing = true;
    };
    for (const column of scene.bests) {
      if (column.t1 <= scene.view.t0 || column.t0 >= until) continue;
      if (column.t1 > until) segment(column.t0, until, scene.now[side]);
      else segment(column.t0, column.t1, column[side]);
    }
    ctx.stroke();
  }
}

function paintBubbles(ctx: CanvasRenderingContext2D, dots: readonly TradeDot[]): void {
  const dense = dots.length > 600;
  ctx.lineWidth = 1;
  for (const side of [0, -1, 1]) {
    ctx.fillStyle = sideColour(side);
    ctx.strokeStyle = side === 1 ? 'rgba(170, 255, 240, 0.85)' : side === -1 ? 'rgba(255, 200, 200, 0.85)' : 'rgba(230, 235, 240, 0.7)';
    ctx.globalAlpha = dense ? 0.5 : 0.7;
    ctx.beginPath();
    for (const dot of dots) {
      if (dot.side !== side) continue;
      ctx.moveTo(dot.x + dot.radius, dot.y);
      ctx.arc(dot.x, dot.y, dot.radius, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.globalAlpha = 1;
    if (!dense) ctx.stroke();
  }
}

/** The colour of a trade's side: buy and sell as the book's sides, unknown neutral. */
export function sideColour(side: number): string {
  if (side === 1) return heatmapColours.bid;
  if (side === -1) return heatmapColours.ask;
  return heatmapColours.unknownSide;
}

function paintProfile(ctx: CanvasRenderingContext2D, scene: HeatmapScene): void {
  const box = scene.layout.profile;
  if (box.width <= 0) return;
  ctx.fillStyle = heatmapColours.gutter;
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.strokeStyle = heatmapColours.border;
  ctx.beginPath();
  ctx.moveTo(box.x + 0.5, 0);
  ctx.lineTo(box.x + 0.5, box.height);
  ctx.stroke();
  const shown = scene.profile;
  if (shown === null || shown.profile.max <= 0) {
    ctx.fillStyle = heatmapColours.muted;
    ctx.font = font;
    ctx.textBaseline = 'top';
    ctx.fillText('no trades', box.x + 6, 6);
    return;
  }
  const { profile, priceStep, rowShift } = shown;
  const size = plotSize(scene.layout.plot);
  const band = 2 ** rowShift;
  const full = box.width - 10;
  const yOf = (row: number): number => priceToY(scene.view, size, (row * band - 0.5) * priceStep);
  // One path per side, filled once: a rect per band and side costs a state change each, and a
  // busy window has hundreds of bands.
  const sides = [
    { values: profile.buy, colour: heatmapColours.bid },
    { values: profile.sell, colour: heatmapColours.ask },
    { values: profile.unknown, colour: heatmapColours.unknownSide },
  ] as const;
  const paths = sides.map(() => new Path2D());
  for (let at = 0; at < profile.buy.length; at++) {
    const row = profile.base + at;
    const top = yOf(row + 1);
    const bottom = yOf(row);
    if (bottom < 0 || top > box.height) continue;
    const height = Math.max(1, bottom - top - (bottom - top > 3 ? 1 : 0));
    let x = box.x + 4;
    sides.forEach((side, k) => {
      const width = ((side.values[at] ?? 0) / profile.max) * full;
      if (!(width > 0)) return;
      paths[k]?.rect(x, top, width, height);
      x += width;
    });
  }
  ctx.globalAlpha = 0.75;
  sides.forEach((side, k) => {
    const path = paths[k];
    if (path === undefined) return;
    ctx.fillStyle = side.colour;
    ctx.fill(path);
  });
  ctx.globalAlpha = 1;
  if (profile.poc !== null) {
    const top = yOf(profile.poc + 1);
    const bottom = yOf(profile.poc);
    if (bottom >= 0 && top <= box.height) {
      ctx.strokeStyle = heatmapColours.warn;
      ctx.lineWidth = 1;
      ctx.strokeRect(box.x + 3.5, Math.round(top) + 0.5, full + 1, Math.max(1, Math.round(bottom - top) - 1));
    }
  }
  if (profile.poc !== null) {
    const y = (yOf(profile.poc) + yOf(profile.poc + 1)) / 2;
    ctx.fillStyle = heatmapColours.warn;
    ctx.font = font;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'right';
    if (y > 6 && y < box.height - 6) ctx.fillText('POC', box.x + box.width - 3, y);
    ctx.textAlign = 'left';
  }
}

function paintCvd(ctx: CanvasRenderingContext2D, scene: HeatmapScene, until: number): void {
  const box = scene.layout.cvd;
  if (box.height <= 0) return;
  ctx.fillStyle = '#0d1117';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.strokeStyle = heatmapColours.border;
  ctx.strokeRect(box.x + 0.5, box.y + 0.5, box.width - 1, box.height - 1);
  ctx.font = font;
  ctx.textBaseline = 'top';
  const trades = scene.trades;
  const delta = scene.delta;
  if (trades === null || delta === null || delta.length === 0) {
    ctx.fillStyle = heatmapColours.muted;
    ctx.fillText('CVD · no trades to sum', box.x + 6, box.y + 4);
    return;
  }
  const size = plotSize(scene.layout.plot);
  const untilX = Math.min(box.width, timeToX(scene.view, size, until));
  const lastX = Math.floor(untilX);
  // One point per pixel column, and the last exactly at the cursor: the figure shown is the delta at the instant drawn.
  const points: { x: number; value: number }[] = [];
  let low = 0;
  let high = 0;
  const sample = (x: number, t: number): void => {
    const count = countAtOrBefore(trades.time, t);
    const value = count === 0 ? 0 : (delta[count - 1] ?? 0);
    points.push({ x, value });
    if (value < low) low = value;
    if (value > high) high = value;
  };
  for (let x = 0; x <= lastX; x++) sample(x, scene.view.t0 + (x / box.width) * (scene.view.t1 - scene.view.t0));
  if (untilX >= 0 && untilX > lastX) sample(untilX, until);
  if (high === low) high = low + 1;
  const yOf = (value: number): number => box.y + 4 + (1 - (value - low) / (high - low)) * (box.height - 8);
  ctx.strokeStyle = 'rgba(211, 218, 227, 0.25)';
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(box.x, Math.round(yOf(0)) + 0.5);
  ctx.lineTo(box.x + box.width, Math.round(yOf(0)) + 0.5);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.strokeStyle = heatmapColours.accent;
  ctx.lineWidth = 1.25;
  ctx.beginPath();
  points.forEach((point, k) => (k === 0 ? ctx.moveTo(box.x + point.x, yOf(point.value)) : ctx.lineTo(box.x + point.x, yOf(point.value))));
  ctx.stroke();
  const now = points[points.length - 1]?.value ?? 0;
  ctx.fillStyle = heatmapColours.muted;
  ctx.fillText(`CVD ${now >= 0 ? '+' : ''}${compactSize(now)}`, box.x + 6, box.y + 4);
  ctx.textAlign = 'right';
  ctx.fillText(`${compactSize(high)} … ${compactSize(low)}`, box.x + box.width - 6, box.y + 4);
  ctx.textAlign = 'left';
}

function paintAxes(ctx: CanvasRenderingContext2D, width: number, height: number, scene: HeatmapScene): void {
  const { layout, view } = scene;
  const axis = layout.priceAxis;
  const size = plotSize(layout.plot);
  ctx.fillStyle = heatmapColours.gutter;
  ctx.fillRect(axis.x, 0, width - axis.x, height);
  ctx.fillRect(0, layout.timeAxis.y, axis.x, height - layout.timeAxis.y);
  ctx.strokeStyle = heatmapColours.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(axis.x + 0.5, 0);
  ctx.lineTo(axis.x + 0.5, layout.plot.height + 0.5);
  ctx.moveTo(0, layout.plot.height + 0.5);
  ctx.lineTo(layout.plot.width, layout.plot.height + 0.5);
  ctx.stroke();
  ctx.font = font;
  ctx.fillStyle = heatmapColours.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const prices = priceTicks(view.p0, view.p1, layout.plot.height);
  for (const price of prices.values) {
    const y = priceToY(view, size, price);
    if (y < 6 || y > layout.plot.height - 6) continue;
    ctx.fillText(price.toLocaleString('en-US', { minimumFractionDigits: prices.decimals, maximumFractionDigits: prices.decimals }), axis.x + 6, y);
  }
  ctx.textAlign = 'center';
  for (const tick of timeTicks(view.t0, view.t1, layout.plot.width, scene.zone)) {
    const x = timeToX(view, size, tick.ms);
    if (x < 24 || x > layout.plot.width - 24) continue;
    ctx.fillText(tick.label, x, layout.timeAxis.y + layout.timeAxis.height / 2 + 1);
  }
  ctx.textAlign = 'left';
  paintMarkers(ctx, scene);
}

/** Tags on the price axis are this tall; two closer than this are pushed apart. */
const tagHeight = 15;

/** The best ask, best bid and last trade at the cursor as tags on the price axis, pushed apart so none hides another. */
function paintMarkers(ctx: CanvasRenderingContext2D, scene: HeatmapScene): void {
  const size = plotSize(scene.layout.plot);
  const text = (price: number): string => price.toLocaleString('en-US', { minimumFractionDigits: scene.priceDecimals, maximumFractionDigits: scene.priceDecimals });
  const tags: { price: number; fill: string; ink: string; label: string }[] = [];
  if (!Number.isNaN(scene.now.ask)) tags.push({ price: scene.now.ask, fill: heatmapColours.ask, ink: '#fff', label: text(scene.now.ask) });
  if (scene.lastTrade !== null && Number.isFinite(scene.lastTrade.price)) tags.push({ price: scene.lastTrade.price, fill: '#2f3a4a', ink: sideColour(scene.lastTrade.side), label: text(scene.lastTrade.price) });
  if (!Number.isNaN(scene.now.bid)) tags.push({ price: scene.now.bid, fill: heatmapColours.bid, ink: '#fff', label: text(scene.now.bid) });
  // Highest price first; each tag at least a tag's height below the one above it.
  tags.sort((a, b) => b.price - a.price);
  let previous = Number.NEGATIVE_INFINITY;
  const placed = tags.map((tag) => {
    const y = Math.max(priceToY(scene.view, size, tag.price), previous + tagHeight);
    previous = y;
    return { ...tag, y };
  });
  for (const tag of placed) {
    if (tag.y < -tagHeight || tag.y > scene.layout.plot.height + tagHeight) continue;
    const y = Math.min(scene.layout.plot.height - tagHeight / 2, Math.max(tagHeight / 2, tag.y));
    axisTag(ctx, scene.layout.priceAxis.x + 1, y, tag.label, tag.fill, tag.ink, scene.layout.priceAxis.width - 1);
  }
}

/** A filled label on the price axis centred at y. */
export function axisTag(ctx: CanvasRenderingContext2D, x: number, y: number, text: string, fill: string, ink: string, width: number): void {
  ctx.font = font;
  ctx.fillStyle = fill;
  ctx.fillRect(x, Math.round(y) - tagHeight / 2, width, tagHeight);
  ctx.fillStyle = ink;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, x + 5, Math.round(y));
}

/** The band a price falls in on the heatmap's rows (re-exported for the overlay's readout). */
export { bandOf };

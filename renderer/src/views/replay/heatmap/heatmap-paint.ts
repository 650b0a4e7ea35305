import { frameFlags } from '../../../../../shared/book/book-frames.ts';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { priceTicks, timeTicks } from './heatmap-axes.ts';
import type { HeatmapGrid } from './heatmap-grid.ts';
import { paintCells, type IntensityScale } from './heatmap-scale.ts';
import { priceToY, timeToX, type HeatmapViewport, type PlotSize } from './heatmap-viewport.ts';
import type { TradeDot } from './trade-dots.ts';

// Draws the heatmap's base layer on a 2D canvas: the binned grid as one image (putImageData on a
// scratch canvas, scaled onto the plot), the crossing strip, best bid and ask lines, trade dots
// and both axes. The playback cursor and the crosshair live on the overlay (`heatmap-overlay.ts`)
// so moving them never repaints this.

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

/** Width of the price axis on the right and height of the time axis below, CSS px. */
export const gutters = { price: 72, time: 22 } as const;

/** The plot's size inside a canvas of the given CSS size. */
export function plotSizeOf(width: number, height: number): PlotSize {
  return { width: Math.max(0, width - gutters.price), height: Math.max(0, height - gutters.time) };
}

/** A reusable scratch canvas and pixel buffer for the grid image. */
export interface GridImage {
  canvas: HTMLCanvasElement;
  image: ImageData | null;
}

/** Everything the base layer draws. */
export interface BaseLayer {
  view: HeatmapViewport;
  grid: HeatmapGrid;
  ceiling: number;
  scale: IntensityScale;
  palette: Uint8ClampedArray;
  dots: readonly TradeDot[];
  zone: TimeZoneChoice;
  /** Replay clock of the last frame: past it, the last frame's book is carried, so it is marked. */
  lastFrameAt: number;
  /** Decimals of price labels on the best bid and ask tags. */
  priceDecimals: number;
}

const font = '10px "JetBrains Mono", ui-monospace, Menlo, Consolas, monospace';

/** Paints the base layer onto a canvas whose context is already scaled to CSS pixels. */
export function paintBase(ctx: CanvasRenderingContext2D, width: number, height: number, layer: BaseLayer, scratch: GridImage): void {
  const plot = plotSizeOf(width, height);
  ctx.fillStyle = heatmapColours.background;
  ctx.fillRect(0, 0, width, height);
  if (plot.width <= 0 || plot.height <= 0) return;
  paintGridImage(ctx, plot, layer, scratch);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, plot.width, plot.height);
  ctx.clip();
  paintGridLines(ctx, plot, layer);
  paintCarriedBook(ctx, plot, layer);
  paintCrossings(ctx, plot, layer.grid);
  paintBestLine(ctx, plot, layer, layer.grid.bestBid, heatmapColours.bid);
  paintBestLine(ctx, plot, layer, layer.grid.bestAsk, heatmapColours.ask);
  paintDots(ctx, layer.dots);
  ctx.restore();
  paintAxes(ctx, plot, width, height, layer);
}

function paintGridImage(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: BaseLayer, scratch: GridImage): void {
  const { grid } = layer;
  if (grid.cols <= 0 || grid.rows <= 0) return;
  if (scratch.image === null || scratch.image.width !== grid.cols || scratch.image.height !== grid.rows) {
    scratch.canvas.width = grid.cols;
    scratch.canvas.height = grid.rows;
    scratch.image = new ImageData(grid.cols, grid.rows);
  }
  paintCells(grid.cells, layer.ceiling, layer.scale, layer.palette, scratch.image.data);
  scratch.canvas.getContext('2d')?.putImageData(scratch.image, 0, 0);
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(scratch.canvas, 0, 0, grid.cols, grid.rows, 0, 0, plot.width, plot.height);
}

function paintGridLines(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: BaseLayer): void {
  ctx.strokeStyle = heatmapColours.grid;
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const price of priceTicks(layer.view.p0, layer.view.p1, plot.height).values) {
    const y = Math.round(priceToY(layer.view, plot, price)) + 0.5;
    ctx.moveTo(0, y);
    ctx.lineTo(plot.width, y);
  }
  for (const tick of timeTicks(layer.view.t0, layer.view.t1, plot.width, layer.zone)) {
    const x = Math.round(timeToX(layer.view, plot, tick.ms)) + 0.5;
    ctx.moveTo(x, 0);
    ctx.lineTo(x, plot.height);
  }
  ctx.stroke();
}

/** Past the last frame the book is carried forward: a dashed edge and a veil say so. */
function paintCarriedBook(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: BaseLayer): void {
  const x = timeToX(layer.view, plot, layer.lastFrameAt);
  if (!(x < plot.width)) return;
  const from = Math.max(0, x);
  ctx.fillStyle = 'rgba(11, 14, 19, 0.3)';
  ctx.fillRect(from, 0, plot.width - from, plot.height);
  if (x < 0) return;
  ctx.strokeStyle = heatmapColours.muted;
  ctx.setLineDash([3, 3]);
  ctx.beginPath();
  ctx.moveTo(Math.round(x) + 0.5, 0);
  ctx.lineTo(Math.round(x) + 0.5, plot.height);
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = heatmapColours.muted;
  ctx.font = font;
  ctx.textBaseline = 'top';
  if (plot.width - x > 70) ctx.fillText('last frame', x + 4, 6);
}

/** A strip along the top marks columns where the book stood crossed (amber) or locked (dim amber). */
function paintCrossings(ctx: CanvasRenderingContext2D, plot: PlotSize, grid: HeatmapGrid): void {
  const scaleX = plot.width / grid.cols;
  for (let c = 0; c < grid.cols; c++) {
    const flags = grid.flags[c] ?? 0;
    if (flags === 0) continue;
    ctx.fillStyle = (flags & frameFlags.crossed) !== 0 ? heatmapColours.warn : 'rgba(240, 180, 41, 0.45)';
    ctx.fillRect(c * scaleX, 0, Math.max(1, scaleX), 3);
  }
}

/** A step line through each column's best price; gaps where the side was empty. */
function paintBestLine(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: BaseLayer, values: Float64Array, colour: string): void {
  const scaleX = plot.width / layer.grid.cols;
  ctx.strokeStyle = colour;
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  let drawing = false;
  for (let c = 0; c < values.length; c++) {
    const value = values[c] ?? Number.NaN;
    if (Number.isNaN(value)) {
      drawing = false;
      continue;
    }
    const y = priceToY(layer.view, plot, value);
    if (drawing) ctx.lineTo(c * scaleX, y);
    else ctx.moveTo(c * scaleX, y);
    ctx.lineTo((c + 1) * scaleX, y);
    drawing = true;
  }
  ctx.stroke();
}

/** The colour of a trade's side: buy and sell as the book's sides, unknown neutral. */
export function sideColour(side: number): string {
  if (side === 1) return heatmapColours.bid;
  if (side === -1) return heatmapColours.ask;
  return heatmapColours.unknownSide;
}

/** Dots beyond this many in view are drawn smaller, fainter and without outlines, so the liquidity under them stays readable. */
const denseDots = 400;

function paintDots(ctx: CanvasRenderingContext2D, dots: readonly TradeDot[]): void {
  const dense = dots.length > denseDots;
  ctx.lineWidth = 1;
  ctx.strokeStyle = 'rgba(11, 14, 19, 0.9)';
  for (const side of [0, -1, 1]) {
    ctx.fillStyle = sideColour(side);
    ctx.globalAlpha = dense ? 0.45 : 0.75;
    ctx.beginPath();
    for (const dot of dots) {
      if (dot.side !== side) continue;
      const radius = dense ? Math.max(1, dot.radius * 0.55) : dot.radius;
      ctx.moveTo(dot.x + radius, dot.y);
      ctx.arc(dot.x, dot.y, radius, 0, Math.PI * 2);
    }
    ctx.fill();
    ctx.globalAlpha = 1;
    if (!dense) ctx.stroke();
  }
}

function paintAxes(ctx: CanvasRenderingContext2D, plot: PlotSize, width: number, height: number, layer: BaseLayer): void {
  const { view } = layer;
  ctx.fillStyle = heatmapColours.gutter;
  ctx.fillRect(plot.width, 0, width - plot.width, height);
  ctx.fillRect(0, plot.height, plot.width, height - plot.height);
  ctx.strokeStyle = heatmapColours.border;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(plot.width + 0.5, 0);
  ctx.lineTo(plot.width + 0.5, plot.height + 0.5);
  ctx.lineTo(0, plot.height + 0.5);
  ctx.stroke();
  ctx.font = font;
  ctx.fillStyle = heatmapColours.muted;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const prices = priceTicks(view.p0, view.p1, plot.height);
  for (const price of prices.values) {
    const y = priceToY(view, plot, price);
    if (y < 6 || y > plot.height - 6) continue;
    ctx.fillText(price.toLocaleString('en-US', { minimumFractionDigits: prices.decimals, maximumFractionDigits: prices.decimals }), plot.width + 6, y);
  }
  ctx.textAlign = 'center';
  for (const tick of timeTicks(view.t0, view.t1, plot.width, layer.zone)) {
    const x = timeToX(view, plot, tick.ms);
    if (x < 20 || x > plot.width - 20) continue;
    ctx.fillText(tick.label, x, plot.height + gutters.time / 2 + 1);
  }
  ctx.textAlign = 'left';
  paintBestTags(ctx, plot, layer);
}

/** Tags on the price axis are this tall; two closer than this are pushed apart. */
const tagHeight = 16;

/**
 * The best bid and ask in force at the window's last column with a book, as coloured tags on the
 * price axis (a side empty there gets none), pushed apart when they would overlap: the ask above.
 */
function paintBestTags(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: BaseLayer): void {
  const { bestBid, bestAsk } = layer.grid;
  let c = bestBid.length - 1;
  while (c >= 0 && Number.isNaN(bestBid[c] ?? Number.NaN) && Number.isNaN(bestAsk[c] ?? Number.NaN)) c--;
  const bid = bestBid[c] ?? Number.NaN;
  const ask = bestAsk[c] ?? Number.NaN;
  let bidY = priceToY(layer.view, plot, bid);
  let askY = priceToY(layer.view, plot, ask);
  if (!Number.isNaN(bid) && !Number.isNaN(ask) && Math.abs(bidY - askY) < tagHeight) {
    const middle = (bidY + askY) / 2;
    askY = middle - tagHeight / 2;
    bidY = middle + tagHeight / 2;
  }
  const text = (price: number): string => price.toLocaleString('en-US', { minimumFractionDigits: layer.priceDecimals, maximumFractionDigits: layer.priceDecimals });
  if (!Number.isNaN(ask) && askY >= 0 && askY <= plot.height) axisTag(ctx, plot.width + 1, askY, text(ask), heatmapColours.ask, '#fff');
  if (!Number.isNaN(bid) && bidY >= 0 && bidY <= plot.height) axisTag(ctx, plot.width + 1, bidY, text(bid), heatmapColours.bid, '#fff');
}

/** A filled label on the price axis centred at y. */
export function axisTag(ctx: CanvasRenderingContext2D, x: number, y: number, text: string, fill: string, ink: string): void {
  ctx.font = font;
  ctx.fillStyle = fill;
  ctx.fillRect(x, Math.round(y) - tagHeight / 2, gutters.price - 1, tagHeight);
  ctx.fillStyle = ink;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, x + 5, Math.round(y));
}

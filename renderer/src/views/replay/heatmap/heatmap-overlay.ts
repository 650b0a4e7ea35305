import { formatTimeOfDay, type TimeZoneChoice } from '../../../format/market-values.ts';
import type { HeatmapGrid } from './heatmap-grid.ts';
import { axisTag, gutters, heatmapColours, plotSizeOf } from './heatmap-paint.ts';
import { compactSize } from './heatmap-scale.ts';
import { timeToX, xToTime, yToPrice, type HeatmapViewport, type PlotSize } from './heatmap-viewport.ts';

// The overlay layer: the playback cursor and the pointer's crosshair with its readout. It is a
// second canvas above the base, cleared and redrawn on every cursor or pointer move; the base
// (and the grid behind it) is left alone.

/** What the overlay draws. */
export interface OverlayLayer {
  view: HeatmapViewport;
  grid: HeatmapGrid | null;
  zone: TimeZoneChoice;
  /** Playback clock, Unix ms, or null when there is none. */
  cursor: number | null;
  /** The pointer in CSS px over the canvas, or null when it is away. */
  pointer: { x: number; y: number } | null;
  priceDecimals: number;
}

const font = '10px "JetBrains Mono", ui-monospace, Menlo, Consolas, monospace';

/** Clears and redraws the overlay on a canvas whose context is scaled to CSS pixels. */
export function paintOverlay(ctx: CanvasRenderingContext2D, width: number, height: number, layer: OverlayLayer): void {
  ctx.clearRect(0, 0, width, height);
  const plot = plotSizeOf(width, height);
  if (plot.width <= 0 || plot.height <= 0) return;
  if (layer.pointer !== null && layer.pointer.x < plot.width && layer.pointer.y < plot.height) paintCrosshair(ctx, plot, layer, layer.pointer);
  if (layer.cursor !== null) paintCursor(ctx, plot, layer, layer.cursor);
}

function paintCursor(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: OverlayLayer, cursor: number): void {
  const x = timeToX(layer.view, plot, cursor);
  if (x < 0 || x > plot.width) return;
  const line = Math.round(x) + 0.5;
  ctx.strokeStyle = heatmapColours.accent;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(line, 0);
  ctx.lineTo(line, plot.height);
  ctx.stroke();
  timeTag(ctx, plot, x, formatTimeOfDay(cursor, layer.zone, 'ms'), heatmapColours.accent, '#fff');
}

function paintCrosshair(ctx: CanvasRenderingContext2D, plot: PlotSize, layer: OverlayLayer, pointer: { x: number; y: number }): void {
  ctx.strokeStyle = 'rgba(211, 218, 227, 0.45)';
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(Math.round(pointer.x) + 0.5, 0);
  ctx.lineTo(Math.round(pointer.x) + 0.5, plot.height);
  ctx.moveTo(0, Math.round(pointer.y) + 0.5);
  ctx.lineTo(plot.width, Math.round(pointer.y) + 0.5);
  ctx.stroke();
  ctx.setLineDash([]);
  const time = xToTime(layer.view, plot, pointer.x);
  const price = yToPrice(layer.view, plot, pointer.y);
  const priceText = price.toLocaleString('en-US', { minimumFractionDigits: layer.priceDecimals, maximumFractionDigits: layer.priceDecimals });
  axisTag(ctx, plot.width + 1, pointer.y, priceText, '#2f3a4a', heatmapColours.text);
  timeTag(ctx, plot, pointer.x, formatTimeOfDay(time, layer.zone, 'ms'), '#2f3a4a', heatmapColours.text);
  const size = restingSizeAt(layer.grid, plot, pointer);
  if (size === null) return;
  const text = `resting ${compactSize(size)}`;
  ctx.font = font;
  const boxWidth = ctx.measureText(text).width + 10;
  const left = pointer.x + 12 + boxWidth > plot.width ? pointer.x - 12 - boxWidth : pointer.x + 12;
  const top = Math.max(0, pointer.y - 22);
  ctx.fillStyle = 'rgba(16, 20, 27, 0.92)';
  ctx.fillRect(left, top, boxWidth, 16);
  ctx.fillStyle = heatmapColours.text;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, left + 5, top + 8);
}

/** The grid cell's time-weighted resting size under the pointer, null off the grid. */
export function restingSizeAt(grid: HeatmapGrid | null, plot: PlotSize, pointer: { x: number; y: number }): number | null {
  if (grid === null || grid.cols === 0 || grid.rows === 0) return null;
  const col = Math.floor((pointer.x / plot.width) * grid.cols);
  const row = Math.floor((pointer.y / plot.height) * grid.rows);
  if (col < 0 || col >= grid.cols || row < 0 || row >= grid.rows) return null;
  return grid.cells[row * grid.cols + col] ?? null;
}

/** A filled label on the time axis centred at x, kept inside the plot's width. */
function timeTag(ctx: CanvasRenderingContext2D, plot: PlotSize, x: number, text: string, fill: string, ink: string): void {
  ctx.font = font;
  const width = ctx.measureText(text).width + 10;
  const left = Math.min(Math.max(0, x - width / 2), plot.width - width);
  ctx.fillStyle = fill;
  ctx.fillRect(left, plot.height + 1, width, gutters.time - 2);
  ctx.fillStyle = ink;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, left + 5, plot.height + gutters.time / 2);
}

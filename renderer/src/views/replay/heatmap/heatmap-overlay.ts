import { formatTimeOfDay, type TimeZoneChoice } from '../../../format/market-values.ts';
import type { HeatmapLayout } from './heatmap-layout.ts';
import { axisTag, heatmapColours } from './heatmap-paint.ts';
import { compactSize } from './heatmap-scale.ts';
import { timeToX, xToTime, yToPrice, type HeatmapViewport, type PlotSize } from './heatmap-viewport.ts';

// The marks drawn over the heatmap: the playback cursor ("now") and the pointer's crosshair with
// its readout. They are drawn last on the one canvas each paint: the heatmap repaints every frame
// while it follows the cursor anyway, and one canvas changing per frame is half the compositing
// of two.

/** What the overlay draws. */
export interface OverlayLayer {
  view: HeatmapViewport;
  layout: HeatmapLayout;
  zone: TimeZoneChoice;
  /** Playback clock, Unix ms, or null when there is none. */
  cursor: number | null;
  /** The pointer in CSS px over the canvas, or null when it is away. */
  pointer: { x: number; y: number } | null;
  priceDecimals: number;
  /** The time-weighted resting size drawn at a time and price, or null where nothing is drawn. */
  restingAt: (time: number, price: number) => number | null;
}

const font = '10px "JetBrains Mono", ui-monospace, Menlo, Consolas, monospace';

/** Draws the cursor and the crosshair over what is on the canvas (a context scaled to CSS pixels). */
export function paintOverlay(ctx: CanvasRenderingContext2D, layer: OverlayLayer): void {
  const plot = layer.layout.plot;
  if (plot.width <= 0 || plot.height <= 0) return;
  const size: PlotSize = { width: plot.width, height: plot.height };
  if (layer.cursor !== null) paintCursor(ctx, size, layer, layer.cursor);
  const pointer = layer.pointer;
  if (pointer !== null && pointer.x < plot.width && pointer.y < plot.height) paintCrosshair(ctx, size, layer, pointer);
}

function paintCursor(ctx: CanvasRenderingContext2D, size: PlotSize, layer: OverlayLayer, cursor: number): void {
  const x = timeToX(layer.view, size, cursor);
  if (x < 0 || x > size.width) return;
  const line = Math.round(x) + 0.5;
  const bottom = layer.layout.cvd.height > 0 ? layer.layout.cvd.y + layer.layout.cvd.height : size.height;
  ctx.strokeStyle = heatmapColours.accent;
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(line, 0);
  ctx.lineTo(line, bottom);
  ctx.stroke();
  timeTag(ctx, layer, x, formatTimeOfDay(cursor, layer.zone, 'ms'), heatmapColours.accent, '#fff');
}

function paintCrosshair(ctx: CanvasRenderingContext2D, size: PlotSize, layer: OverlayLayer, pointer: { x: number; y: number }): void {
  ctx.strokeStyle = 'rgba(211, 218, 227, 0.45)';
  ctx.lineWidth = 1;
  ctx.setLineDash([4, 3]);
  ctx.beginPath();
  ctx.moveTo(Math.round(pointer.x) + 0.5, 0);
  ctx.lineTo(Math.round(pointer.x) + 0.5, size.height);
  ctx.moveTo(0, Math.round(pointer.y) + 0.5);
  ctx.lineTo(size.width, Math.round(pointer.y) + 0.5);
  ctx.stroke();
  ctx.setLineDash([]);
  const time = xToTime(layer.view, size, pointer.x);
  const price = yToPrice(layer.view, size, pointer.y);
  const priceText = price.toLocaleString('en-US', { minimumFractionDigits: layer.priceDecimals, maximumFractionDigits: layer.priceDecimals });
  axisTag(ctx, layer.layout.priceAxis.x + 1, pointer.y, priceText, '#2f3a4a', heatmapColours.text, layer.layout.priceAxis.width - 1);
  timeTag(ctx, layer, pointer.x, formatTimeOfDay(time, layer.zone, 'ms'), '#2f3a4a', heatmapColours.text);
  const size0 = layer.cursor !== null && time > layer.cursor ? null : layer.restingAt(time, price);
  if (size0 === null) return;
  const text = `resting ${compactSize(size0)}`;
  ctx.font = font;
  const boxWidth = ctx.measureText(text).width + 10;
  const left = pointer.x + 12 + boxWidth > size.width ? pointer.x - 12 - boxWidth : pointer.x + 12;
  const top = Math.max(0, pointer.y - 22);
  ctx.fillStyle = 'rgba(16, 20, 27, 0.92)';
  ctx.fillRect(left, top, boxWidth, 16);
  ctx.fillStyle = heatmapColours.text;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, left + 5, top + 8);
}

/** A filled label on the time axis centred at x, kept inside the plot's width. */
function timeTag(ctx: CanvasRenderingContext2D, layer: OverlayLayer, x: number, text: string, fill: string, ink: string): void {
  const axis = layer.layout.timeAxis;
  ctx.font = font;
  const width = ctx.measureText(text).width + 10;
  const left = Math.min(Math.max(0, x - width / 2), axis.width - width);
  ctx.fillStyle = fill;
  ctx.fillRect(left, axis.y + 1, width, axis.height - 2);
  ctx.fillStyle = ink;
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  ctx.fillText(text, left + 5, axis.y + axis.height / 2);
}

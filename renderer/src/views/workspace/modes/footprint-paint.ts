import { imbalanceFlag, type Footprint } from '../../../../../shared/research/footprint.ts';
import { chartColours } from '../../../components/chart/chart-theme.ts';
import type { FootprintLayout } from './footprint-layout.ts';

/** A candle's prices, for the thin candle drawn at the left of its footprint column. */
export interface CandlePrices {
  open: number;
  high: number;
  low: number;
  close: number;
}

/** What a paint needs besides the layout. */
export interface FootprintPaintInput {
  footprint: Footprint;
  layout: FootprintLayout;
  /** A candle's prices by open time (null: none), and the y of a price. */
  pricesOf: (openTime: number) => CandlePrices | null;
  yOf: (price: number) => number | null;
}

const sellRgb = '239, 83, 80';
const buyRgb = '38, 166, 154';
const font = "10px 'JetBrains Mono', ui-monospace, Menlo, Consolas, monospace";
const boldFont = `bold ${font}`;

/** A volume in about 5 characters: 12.3k, 1.2M, 842, 12.4, 3.25, .0340 (and <.0001 for what rounds to nothing). */
export function compactVolume(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${(value / 1e6).toFixed(abs >= 1e7 ? 0 : 1)}M`;
  if (abs >= 1e3) return `${(value / 1e3).toFixed(abs >= 1e4 ? 0 : 1)}k`;
  if (abs >= 100) return value.toFixed(0);
  if (abs >= 10) return value.toFixed(1);
  if (abs >= 1) return value.toFixed(2);
  // Below 1: four decimals without the leading zero (.0042); what rounds to nothing says so.
  if (abs < 0.00005) return value > 0 ? '<.0001' : '>-.0001';
  return value.toFixed(4).replace(/^0\./, '.').replace(/^-0\./, '-.');
}

/**
 * Paints a footprint layout on a pane's 2D context (CSS pixels): per cell a bid half (sells,
 * red) and an ask half (buys, green) shaded by volume, or "bid × ask" when the layout has room
 * for numbers; diagonal imbalances as a bright edge (and bold numbers); the POC row outlined in
 * amber; and a thin candle (wick and body) at the left of each complete candle's column.
 */
export function paintFootprint(context: CanvasRenderingContext2D, input: FootprintPaintInput): void {
  const { footprint, layout, pricesOf, yOf } = input;
  const { cells: columns } = footprint;
  context.save();
  for (const cell of layout.cells) {
    const height = Math.max(1, cell.bottom - cell.top - (layout.numbers ? 1 : 0));
    const bidAlpha = layout.numbers ? 0.08 + 0.35 * cell.bidShade : 0.12 + 0.78 * cell.bidShade;
    const askAlpha = layout.numbers ? 0.08 + 0.35 * cell.askShade : 0.12 + 0.78 * cell.askShade;
    context.fillStyle = `rgba(${sellRgb}, ${bidAlpha.toFixed(3)})`;
    context.fillRect(cell.left, cell.top, cell.mid - cell.left, height);
    context.fillStyle = `rgba(${buyRgb}, ${askAlpha.toFixed(3)})`;
    context.fillRect(cell.mid, cell.top, cell.right - cell.mid, height);
    const flags = columns.imbalance[cell.cell] ?? 0;
    if ((flags & imbalanceFlag.sell) !== 0) {
      context.fillStyle = chartColours.ask;
      context.fillRect(cell.left, cell.top, 2, height);
    }
    if ((flags & imbalanceFlag.buy) !== 0) {
      context.fillStyle = chartColours.bid;
      context.fillRect(cell.right - 2, cell.top, 2, height);
    }
  }
  if (layout.numbers) {
    context.textBaseline = 'middle';
    for (const cell of layout.cells) {
      const y = (cell.top + cell.bottom) / 2;
      const flags = columns.imbalance[cell.cell] ?? 0;
      const sellHeavy = (flags & imbalanceFlag.sell) !== 0;
      const buyHeavy = (flags & imbalanceFlag.buy) !== 0;
      context.font = sellHeavy ? boldFont : font;
      context.textAlign = 'right';
      context.fillStyle = sellHeavy ? '#ff8a80' : '#d7dce4';
      context.fillText(compactVolume(columns.bidVolume[cell.cell] ?? 0), cell.mid - 5, y);
      context.font = buyHeavy ? boldFont : font;
      context.textAlign = 'left';
      context.fillStyle = buyHeavy ? '#64ffda' : '#d7dce4';
      context.fillText(compactVolume(columns.askVolume[cell.cell] ?? 0), cell.mid + 5, y);
      context.font = font;
      context.textAlign = 'center';
      context.fillStyle = chartColours.muted;
      context.fillText('×', cell.mid, y);
    }
  }
  context.lineWidth = 1;
  for (const candle of layout.candles) {
    if (!candle.complete) continue;
    if (candle.pocTop !== null && candle.pocBottom !== null) {
      context.strokeStyle = chartColours.warn;
      context.strokeRect(Math.round(candle.left) + 0.5, Math.round(candle.pocTop) + 0.5, Math.max(1, Math.round(candle.right - candle.left) - 1), Math.max(1, Math.round(candle.pocBottom - candle.pocTop) - 1));
    }
    // The gap between columns holds the thin candle only from ~40 px a bar; below, the cells are the shape.
    const prices = candle.right - candle.left >= 36 ? pricesOf(candle.openTime) : null;
    if (prices === null) continue;
    const high = yOf(prices.high);
    const low = yOf(prices.low);
    const open = yOf(prices.open);
    const close = yOf(prices.close);
    if (high === null || low === null || open === null || close === null) continue;
    const colour = prices.close >= prices.open ? chartColours.bid : chartColours.ask;
    const x = Math.round(candle.left) - 3;
    context.fillStyle = colour;
    context.fillRect(x, high, 1, Math.max(1, low - high));
    context.fillRect(x - 1, Math.min(open, close), 3, Math.max(1, Math.abs(close - open)));
  }
  context.restore();
}

import { imbalanceFlag } from '../../../../../shared/research/footprint.ts';
import { bucketPrice, stepDecimals } from '../../../../../shared/research/price-buckets.ts';
import { formatNumber } from '../../../format/market-values.ts';
import type { LaidCell } from './footprint-layout.ts';
import type { FootprintDrawing } from './footprint-primitive.ts';

/** Props of the footprint's hover card. */
export interface FootprintHoverProps {
  drawing: FootprintDrawing;
  cell: LaidCell;
  /** Decimals of the market's prices. */
  precision: number;
}

/** A volume with up to 6 decimals, trailing zeros dropped. */
function volumeText(value: number): string {
  const text = formatNumber(value, 6);
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

function imbalanceWords(flags: number, ratio: string): string {
  const words: string[] = [];
  if ((flags & imbalanceFlag.buy) !== 0) words.push(`buy: ask ≥ ${ratio}× bid below`);
  if ((flags & imbalanceFlag.sell) !== 0) words.push(`sell: bid ≥ ${ratio}× ask above`);
  return words.length === 0 ? 'none' : words.join(', ');
}

/**
 * The cell under the pointer: its price bucket, bid (sells) and ask (buys) volume, delta, trades,
 * the volume of unknown side (counted in neither), and its diagonal imbalance; beside the cell,
 * flipped left near the right edge.
 */
export function FootprintHover({ drawing, cell, precision }: FootprintHoverProps) {
  const { cells } = drawing.footprint;
  const i = cell.cell;
  const price = cells.price[i] ?? Number.NaN;
  const decimals = Math.max(precision, stepDecimals(drawing.step));
  const upper = bucketPrice(Math.round(price / drawing.step) + 1, drawing.step);
  const bid = cells.bidVolume[i] ?? 0;
  const ask = cells.askVolume[i] ?? 0;
  const unknown = cells.unknownVolume[i] ?? 0;
  const ratio = String(drawing.ratio);
  const style = cell.right > 420 ? { right: `calc(100% - ${Math.round(cell.left) - 6}px)`, top: Math.round(cell.top) } : { left: Math.round(cell.right) + 6, top: Math.round(cell.top) };
  return (
    <div className="footprint-hover" style={style} role="status" data-testid="footprint-hover" data-price={price} data-bid={bid} data-ask={ask}>
      <div className="footprint-hover-title">
        {formatNumber(price, decimals)} – {formatNumber(upper, decimals)}
      </div>
      <dl>
        <dt>Bid (sells)</dt>
        <dd className="sell">{volumeText(bid)}</dd>
        <dt>Ask (buys)</dt>
        <dd className="buy">{volumeText(ask)}</dd>
        <dt>Delta</dt>
        <dd className={ask - bid >= 0 ? 'buy' : 'sell'}>{volumeText(ask - bid)}</dd>
        <dt>Unknown side</dt>
        <dd>{unknown > 0 ? volumeText(unknown) : '0'}</dd>
        <dt>Trades</dt>
        <dd>{(cells.tradeCount[i] ?? 0).toLocaleString('en-US')}</dd>
        <dt>Imbalance</dt>
        <dd>{imbalanceWords(cells.imbalance[i] ?? 0, ratio)}</dd>
      </dl>
    </div>
  );
}

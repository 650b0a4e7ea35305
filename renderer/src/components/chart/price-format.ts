import type { PriceFormat, PriceFormatBuiltIn, PriceFormatCustom } from 'lightweight-charts';

/** A price format with its decimals always set. */
export type TickPriceFormat = PriceFormatBuiltIn & { type: 'price'; precision: number; minMove: number };

/**
 * The price format of a market's candles from its catalog tick size: as many decimals as the tick
 * has, moving by the tick (`'0.1'` → 1 decimal, min move 0.1). Without a usable tick, two decimals.
 */
export function priceFormatOfTick(tick: string | number | null | undefined): TickPriceFormat {
  const text = tick === null || tick === undefined ? '' : String(tick).trim();
  const value = Number(text);
  if (text === '' || !Number.isFinite(value) || value <= 0) return { type: 'price', precision: 2, minMove: 0.01 };
  const [mantissa = '', exponent] = text.toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  const decimals = Math.max(0, fraction - Number(exponent ?? '0'));
  return { type: 'price', precision: Math.min(decimals, 12), minMove: value };
}

/** A price with the format's decimals and thousands separators, as the price axis and its labels print it: `98,439.9`. */
export function groupedPrice(price: number, precision: number): string {
  return price.toLocaleString('en-US', { minimumFractionDigits: precision, maximumFractionDigits: precision });
}

/**
 * The candle series' format: a price format's decimals and move, printed with thousands separators
 * (`98,800.0`, never `98800.0`); any other format as it is.
 */
export function axisPriceFormat(format: PriceFormat): PriceFormat {
  if (format.type !== 'price') return format;
  const { precision, minMove } = format;
  const custom: PriceFormatCustom = { type: 'custom', minMove, formatter: (price: number) => groupedPrice(price, precision) };
  return custom;
}

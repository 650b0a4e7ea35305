import type { BarPrice } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { axisPriceFormat, groupedPrice, priceFormatOfTick } from '../../../renderer/src/components/chart/price-format.ts';

describe('priceFormatOfTick', () => {
  it('takes the decimals and the min move from the tick size', () => {
    expect(priceFormatOfTick('1')).toEqual({ type: 'price', precision: 0, minMove: 1 });
    expect(priceFormatOfTick('0.1')).toEqual({ type: 'price', precision: 1, minMove: 0.1 });
    expect(priceFormatOfTick('0.00001')).toEqual({ type: 'price', precision: 5, minMove: 0.00001 });
    expect(priceFormatOfTick('0.0100')).toEqual({ type: 'price', precision: 2, minMove: 0.01 });
    expect(priceFormatOfTick(0.0005)).toEqual({ type: 'price', precision: 4, minMove: 0.0005 });
    expect(priceFormatOfTick('2.5e-7')).toEqual({ type: 'price', precision: 8, minMove: 2.5e-7 });
  });

  it('falls back to two decimals without a usable tick', () => {
    for (const tick of [null, undefined, '', 'n/a', '0', '-1']) expect(priceFormatOfTick(tick)).toEqual({ type: 'price', precision: 2, minMove: 0.01 });
  });
});

describe('the price axis format', () => {
  it('prints the tick\'s decimals with thousands separators (hand-written)', () => {
    expect(groupedPrice(100_000, 1)).toBe('100,000.0');
    expect(groupedPrice(98_439.94, 1)).toBe('98,439.9');
    expect(groupedPrice(0.35912, 5)).toBe('0.35912');
    expect(groupedPrice(-1_234.5, 0)).toBe('-1,235');
    const format = axisPriceFormat(priceFormatOfTick('0.1'));
    expect(format.type).toBe('custom');
    if (format.type !== 'custom') return;
    expect(format.minMove).toBe(0.1);
    expect(format.formatter(98_800 as BarPrice)).toBe('98,800.0');
    expect(axisPriceFormat({ type: 'volume', precision: 0, minMove: 1 })).toEqual({ type: 'volume', precision: 0, minMove: 1 });
  });
});

import { describe, expect, it } from 'vitest';
import { priceFormatOfTick } from '../../../renderer/src/components/chart/price-format.ts';

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

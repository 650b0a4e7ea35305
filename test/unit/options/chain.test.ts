import { describe, expect, it } from 'vitest';
import { buildOptionChain, isInTheMoney, nearestStrike } from '../../../shared/options/chain.ts';
import { smileOf } from '../../../shared/options/smile.ts';
import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import { observedAt, oneYearLater, ticker } from './ticker-fixture.ts';

const near = Date.UTC(2026, 0, 30, 8);

function contract(strike: number, type: 'call' | 'put', expiry: number, fields: Partial<OptionTickerRow> = {}): OptionTickerRow {
  return ticker(`BTC-${String(expiry)}-${String(strike)}-${type === 'call' ? 'C' : 'P'}`, { expiry_timestamp: expiry, strike: String(strike), option_type: type, ...fields });
}

describe('buildOptionChain', () => {
  it('groups tickers into expiries and strikes, both ascending, with calls and puts side by side', () => {
    const chain = buildOptionChain([
      contract(110, 'put', oneYearLater),
      contract(90, 'call', near),
      contract(100, 'call', oneYearLater),
      contract(110, 'call', oneYearLater),
      contract(90, 'put', near),
    ]);
    expect(chain.expiries.map((expiry) => expiry.expiry)).toEqual([near, oneYearLater]);
    const far = chain.expiries[1];
    expect(far?.strikes.map((slot) => [slot.strike, slot.call !== null, slot.put !== null])).toEqual([
      [100, true, false],
      [110, true, true],
    ]);
    expect(far?.contracts).toBe(3);
    expect(chain.expiries[0]?.strikes[0]?.put?.row.instrument).toBe(`BTC-${String(near)}-90-P`);
  });

  it('keeps the later of two tickers for one contract slot', () => {
    const chain = buildOptionChain([contract(100, 'call', near, { mark_price: '0.02', collector_timestamp: observedAt + 5 }), contract(100, 'call', near, { mark_price: '0.01' })]);
    expect(chain.expiries[0]?.strikes[0]?.call?.row.mark_price).toBe('0.02');
  });

  it('finds the at-the-money strike from the freshest price of the expiry', () => {
    const chain = buildOptionChain([
      contract(90, 'call', near, { underlying_price: '96', collector_timestamp: observedAt }),
      contract(100, 'call', near, { index_price: '104.9', collector_timestamp: observedAt + 10 }),
      contract(110, 'call', near),
    ]);
    const expiry = chain.expiries[0];
    expect(expiry?.reference).toEqual({ price: 104.9, field: 'index_price', observedAt: observedAt + 10 });
    expect(expiry?.atmStrike).toBe(100);
  });

  it('fills a null greek (flagged computed), keeps a published one, and leaves a row without IV unfilled', () => {
    const chain = buildOptionChain([
      contract(100, 'call', oneYearLater, { mark_iv: '0.20', underlying_price: '100', delta: '0.5400' }),
      contract(100, 'put', oneYearLater, { underlying_price: '100' }),
    ]);
    const slot = chain.expiries[0]?.strikes[0];
    expect(slot?.call?.greeks.delta).toEqual({ computed: false, text: '0.5400', value: 0.54 });
    expect(slot?.call?.greeks.gamma?.computed).toBe(true);
    expect(slot?.call?.greeks.gamma?.value).toBeCloseTo(0.01984763, 7);
    expect(slot?.put?.greeks).toEqual({ delta: null, gamma: null, vega: null, theta: null });
    expect(slot?.put?.unfilledBecause).toMatch(/no mark IV/);
  });

  it('places a ticker without terms by its name and sets aside one it cannot place', () => {
    const chain = buildOptionChain([ticker('BTC-29MAR24-50000-C'), ticker('BTC-PERPETUAL')]);
    expect(chain.expiries[0]?.expiry).toBe(Date.UTC(2024, 2, 29, 8));
    expect(chain.expiries[0]?.strikes[0]?.call?.termsOrigin).toBe('name');
    expect(chain.unplaced.map((row) => row.instrument)).toEqual(['BTC-PERPETUAL']);
  });
});

describe('nearestStrike and isInTheMoney', () => {
  it('takes the nearest strike, the lower on a tie', () => {
    expect(nearestStrike([90, 100, 110], 104)).toBe(100);
    expect(nearestStrike([90, 100, 110], 106)).toBe(110);
    expect(nearestStrike([90, 100, 110], 105)).toBe(100);
    expect(nearestStrike([], 105)).toBeNull();
  });

  it('puts calls below the price and puts above it in the money', () => {
    expect(isInTheMoney('call', 90, 100)).toBe(true);
    expect(isInTheMoney('call', 110, 100)).toBe(false);
    expect(isInTheMoney('put', 110, 100)).toBe(true);
    expect(isInTheMoney('put', 100, 100)).toBe(false);
  });
});

describe('smileOf', () => {
  it('reads the out-of-the-money side at each strike, the other side where it has no IV, and skips strikes without IV', () => {
    const chain = buildOptionChain([
      contract(90, 'put', near, { mark_iv: '0.60', underlying_price: '100' }),
      contract(90, 'call', near, { mark_iv: '0.70' }),
      contract(100, 'call', near, { mark_iv: '0.50' }),
      contract(100, 'put', near, { mark_iv: '0.55' }),
      contract(110, 'call', near, { mark_iv: null }),
      contract(110, 'put', near, { mark_iv: '0.52' }),
      contract(120, 'call', near, { mark_iv: '0' }),
    ]);
    const expiry = chain.expiries[0];
    if (expiry === undefined) throw new Error('no expiry');
    expect(smileOf(expiry)).toEqual([
      { strike: 90, iv: 0.6, side: 'put' },
      { strike: 100, iv: 0.5, side: 'call' },
      { strike: 110, iv: 0.52, side: 'put' },
    ]);
  });
});

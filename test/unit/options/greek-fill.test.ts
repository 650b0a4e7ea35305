import { describe, expect, it } from 'vitest';
import { fillGreeks } from '../../../shared/options/greek-fill.ts';
import type { ContractTerms } from '../../../shared/options/contract-terms.ts';
import { oneYearLater, ticker } from './ticker-fixture.ts';

// Hand-computed oracle for F = K = 100, T = 1 year, σ = 0.20, r = 0 (Black-76):
//   d1 = (ln(F/K) + σ²T/2) / (σ√T) = (0 + 0.02) / 0.2 = 0.1
//   N(0.1) = 0.5398278, φ(0.1) = e^(−0.005)/√(2π) = 0.3969525
//   call delta = N(d1) = 0.5398278; put delta = N(d1) − 1 = −0.4601722
//   gamma = φ(d1) / (F σ √T) = 0.3969525 / 20 = 0.01984763
//   vega per vol point = F φ(d1) √T / 100 = 0.3969525
//   theta per day = −F φ(d1) σ / (2√T) / 365 = −3.969525 / 365 = −0.01087541
const atTheMoney: ContractTerms = { expiry: oneYearLater, strikeText: '100', strike: 100, type: 'call' };
const inputs = { mark_iv: '0.20', underlying_price: '100' };

describe('fillGreeks', () => {
  it('fills every null greek of a call from the row’s own IV, price, strike and expiry, flagged as computed', () => {
    const { greeks, unfilledBecause } = fillGreeks(ticker('BTC-1JAN27-100-C', inputs), atTheMoney);
    expect(unfilledBecause).toBeNull();
    expect(greeks.delta).toEqual({ computed: true, value: expect.closeTo(0.5398278, 6) as number });
    expect(greeks.gamma).toEqual({ computed: true, value: expect.closeTo(0.01984763, 7) as number });
    expect(greeks.vega).toEqual({ computed: true, value: expect.closeTo(0.3969525, 6) as number });
    expect(greeks.theta).toEqual({ computed: true, value: expect.closeTo(-0.01087541, 7) as number });
  });

  it('gives a put its own (negative) delta', () => {
    const { greeks } = fillGreeks(ticker('BTC-1JAN27-100-P', inputs), { ...atTheMoney, type: 'put' });
    expect(greeks.delta?.value).toBeCloseTo(-0.4601722, 6);
    expect(greeks.gamma?.value).toBeCloseTo(0.01984763, 7);
  });

  it('keeps a published greek exactly as sent and fills only the null ones', () => {
    const { greeks } = fillGreeks(ticker('BTC-1JAN27-100-C', { ...inputs, delta: '0.5100', vega: '-0' }), atTheMoney);
    expect(greeks.delta).toEqual({ computed: false, text: '0.5100', value: 0.51 });
    expect(greeks.vega).toEqual({ computed: false, text: '-0', value: -0 });
    expect(greeks.gamma?.computed).toBe(true);
    expect(greeks.theta?.computed).toBe(true);
  });

  it('leaves null greeks null, and says why, when the row has no mark IV', () => {
    const { greeks, unfilledBecause } = fillGreeks(ticker('BTC-1JAN27-100-C', { underlying_price: '100', delta: '0.5' }), atTheMoney);
    expect(greeks).toEqual({ delta: { computed: false, text: '0.5', value: 0.5 }, gamma: null, vega: null, theta: null });
    expect(unfilledBecause).toMatch(/no mark IV/);
  });

  it('prefers the forward, then the underlying, then the index as the price', () => {
    const withForward = fillGreeks(ticker('x', { mark_iv: '0.2', forward_price: '100', underlying_price: '50', index_price: '50' }), atTheMoney);
    const withIndexOnly = fillGreeks(ticker('x', { mark_iv: '0.2', index_price: '100' }), atTheMoney);
    expect(withForward.greeks.delta?.value).toBeCloseTo(0.5398278, 6);
    expect(withIndexOnly.greeks.delta?.value).toBeCloseTo(0.5398278, 6);
  });

  it('cannot fill without a price or after expiry', () => {
    expect(fillGreeks(ticker('x', { mark_iv: '0.2' }), atTheMoney).unfilledBecause).toMatch(/no underlying or index price/);
    const expired = fillGreeks(ticker('x', { ...inputs, collector_timestamp: oneYearLater + 1 }), atTheMoney);
    expect(expired.unfilledBecause).toMatch(/expired/);
    expect(expired.greeks.delta).toBeNull();
  });
});

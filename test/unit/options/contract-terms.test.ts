import { describe, expect, it } from 'vitest';
import { contractTermsOf, termsFromInstrumentName } from '../../../shared/options/contract-terms.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { ticker } from './ticker-fixture.ts';

const entry: InstrumentEntry = {
  source: 'deribit', market: 'BTC', instrument: 'BTC-29MAR24-50000-C', status: 'open', option_type: 'call', underlying: 'BTC',
  strike: '50000', expiry_timestamp: 1_711_699_200_000, contract_size: '1', exercise_style: 'european',
  premium_currency: 'BTC', quantity_unit: 'BTC', settlement_currency: 'BTC', statistics: null,
};

describe('termsFromInstrumentName', () => {
  it('reads a Deribit name: the date at 08:00 UTC, the strike and the side', () => {
    expect(termsFromInstrumentName('BTC-29MAR24-50000-C')).toEqual({ expiry: Date.UTC(2024, 2, 29, 8), strikeText: '50000', strike: 50000, type: 'call' });
    expect(termsFromInstrumentName('ETH-5JAN24-2250-P')).toEqual({ expiry: Date.UTC(2024, 0, 5, 8), strikeText: '2250', strike: 2250, type: 'put' });
  });

  it('reads a strike spelled with d as its decimal point', () => {
    expect(termsFromInstrumentName('XRP_USDC-30MAY25-2d2-C')?.strikeText).toBe('2.2');
  });

  it('refuses other shapes and impossible dates', () => {
    expect(termsFromInstrumentName('BTC-PERPETUAL')).toBeNull();
    expect(termsFromInstrumentName('BTC-31FEB24-50000-C')).toBeNull();
    expect(termsFromInstrumentName('BTC-29XYZ24-50000-C')).toBeNull();
  });
});

describe('contractTermsOf', () => {
  it('takes the terms the row carries over its catalog entry and its name', () => {
    const row = ticker('BTC-29MAR24-50000-C', { expiry_timestamp: 1_711_699_200_123, strike: '51000', option_type: 'put' });
    expect(contractTermsOf(row, entry)).toEqual({ terms: { expiry: 1_711_699_200_123, strikeText: '51000', strike: 51000, type: 'put' }, origin: 'row' });
  });

  it('falls back to the catalog entry, then to the name', () => {
    const bare = ticker('BTC-29MAR24-50000-C');
    expect(contractTermsOf(bare, { ...entry, strike: '50000.5' })).toEqual({ terms: { expiry: 1_711_699_200_000, strikeText: '50000.5', strike: 50000.5, type: 'call' }, origin: 'catalog' });
    expect(contractTermsOf(bare)).toEqual({ terms: { expiry: Date.UTC(2024, 2, 29, 8), strikeText: '50000', strike: 50000, type: 'call' }, origin: 'name' });
  });

  it('is null when no source gives all terms, or the strike is not positive', () => {
    expect(contractTermsOf(ticker('SOMETHING-ELSE', { strike: '100', option_type: 'call' }))).toBeNull();
    expect(contractTermsOf(ticker('X', { expiry_timestamp: 1, strike: '0', option_type: 'call' }))).toBeNull();
  });
});

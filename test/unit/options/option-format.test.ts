import { describe, expect, it } from 'vitest';
import { chainUnits, formatExpiryDate, formatGreek, formatIv, formatStrikeTick, formatTimeToExpiry } from '../../../renderer/src/views/options/option-format.ts';
import { spanInWords } from '../../../renderer/src/format/span-words.ts';

describe('formatGreek', () => {
  it('rounds delta to three places and reads −0 as 0', () => {
    expect(formatGreek('delta', 0.98164)).toBe('0.982');
    expect(formatGreek('delta', -0.0393)).toBe('-0.039');
    expect(formatGreek('delta', -0)).toBe('0.000');
    expect(formatGreek('delta', -0.00004)).toBe('0.000');
  });

  it('writes a small gamma with an exponent and a larger one to four places', () => {
    expect(formatGreek('gamma', 2.5858e-6)).toBe('2.59e-6');
    expect(formatGreek('gamma', 0.01984763)).toBe('0.0198');
    expect(formatGreek('gamma', 0)).toBe('0.0000');
  });

  it('keeps at least three significant digits of vega and theta, and two places', () => {
    expect(formatGreek('vega', 7.9924)).toBe('7.99');
    expect(formatGreek('theta', -34.2273)).toBe('-34.23');
    expect(formatGreek('vega', 0.3969525)).toBe('0.397');
    expect(formatGreek('theta', -0.01087541)).toBe('-0.0109');
  });

  it('shows null as an em dash, never 0', () => {
    expect(formatGreek('vega', null)).toBe('—');
  });
});

describe('formatIv', () => {
  it('shows a fraction as a percentage to one place, null as an em dash', () => {
    expect(formatIv('0.9883')).toBe('98.8');
    expect(formatIv('0.45')).toBe('45.0');
    expect(formatIv(null)).toBe('—');
    expect(formatIv('')).toBe('—');
  });
});

describe('formatTimeToExpiry', () => {
  const now = Date.UTC(2026, 10, 22, 19, 0);
  it('counts hours and minutes inside a day, tenths of days inside ten, whole days beyond', () => {
    expect(formatTimeToExpiry(now + (2 * 60 + 5) * 60_000, now)).toBe('2h 05m');
    expect(formatTimeToExpiry(now + 6.37 * 86_400_000, now)).toBe('6.3d');
    expect(formatTimeToExpiry(now + 45.9 * 86_400_000, now)).toBe('45d');
    expect(formatTimeToExpiry(now, now)).toBe('expired');
  });
});

describe('formatExpiryDate', () => {
  it('shows the date in UTC, with the time only when it is not the 08:00 settlement', () => {
    expect(formatExpiryDate(Date.UTC(2026, 11, 4, 8), 'utc')).toBe('4 Dec 26');
    expect(formatExpiryDate(Date.UTC(2026, 11, 4, 16, 30), 'utc')).toBe('4 Dec 26 16:30');
  });

  it('shows the date and time in the local zone', () => {
    const expiry = Date.UTC(2026, 11, 4, 8);
    const local = new Date(expiry);
    const expected = `${local.getDate()} Dec 26 ${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(formatExpiryDate(expiry, 'local')).toBe(expected);
  });
});

describe('formatStrikeTick', () => {
  it('writes large strikes in thousands and small ones grouped', () => {
    expect(formatStrikeTick(100_000)).toBe('100k');
    expect(formatStrikeTick(102_500)).toBe('102.5k');
    expect(formatStrikeTick(2250)).toBe('2,250');
    expect(formatStrikeTick(0.625)).toBe('0.625');
  });
});

describe('spanInWords', () => {
  it('writes a span for a sentence', () => {
    expect(spanInWords('10m')).toBe('10 minutes');
    expect(spanInWords('1h')).toBe('hour');
    expect(spanInWords('24h')).toBe('24 hours');
    expect(spanInWords('7d')).toBe('7 days');
    expect(spanInWords(null)).toBe('range');
  });
});

describe('chainUnits (F14 point 8: what each column is in)', () => {
  it('names premiums in their currency and the greeks per 1 vol point and per day in the underlying price’s currency', () => {
    const units = chainUnits('ETH', 'USD');
    expect(units.short).toEqual({ premium: 'ETH', iv: '%', delta: 'per 1', gamma: 'per USD', vega: 'USD/1%', theta: 'USD/day' });
    expect(units.long.vega).toBe('Vega: change of the option’s value, in USD, for a 1 % (one vol point) rise of IV');
    expect(units.long.theta).toBe('Theta: change of the option’s value, in USD, over one day');
    expect(units.long.gamma).toBe('Gamma: change of delta for a 1 USD rise of the underlying price');
    expect(units.legend).toBe('premiums in ETH · Δ per 1 of the underlying · Γ per 1 USD of its price · ν in USD per vol point (1 %) · Θ in USD per day');
  });

  it('says "price units" where the currency is not known, never a made-up one', () => {
    const units = chainUnits(null, null);
    expect(units.short).toMatchObject({ premium: '', vega: '/1%', theta: '/day', gamma: 'per 1' });
    expect(units.legend).toBe('Δ per 1 of the underlying · Γ per 1 of its price · ν in price units per vol point (1 %) · Θ in price units per day');
  });
});

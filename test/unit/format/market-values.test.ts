import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatNumber,
  formatPercent,
  formatTimeOfDay,
  formatTimestamp,
  formatUnits,
  notPublished,
  timeZoneLabel,
  timesInZone,
} from '../../../renderer/src/format/market-values.ts';

// 2026-11-22T09:03:04.056Z, written out by hand.
const instant = Date.UTC(2026, 10, 22, 9, 3, 4, 56);

describe('timestamps honour the UTC/local choice, to the millisecond', () => {
  const savedZone = process.env.TZ;
  beforeAll(() => {
    // Node re-reads TZ when it is assigned: India is UTC+05:30 all year, so local times are known by hand.
    process.env.TZ = 'Asia/Kolkata';
  });
  afterAll(() => {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  });

  it('shows UTC with milliseconds', () => {
    expect(formatTimestamp(instant, 'utc')).toBe('2026-11-22 09:03:04.056');
  });

  it('shows local time (UTC+05:30) with milliseconds', () => {
    expect(formatTimestamp(instant, 'local')).toBe('2026-11-22 14:33:04.056');
  });

  it('crosses the date line in local time', () => {
    expect(formatTimestamp(Date.UTC(2026, 10, 22, 20, 0, 0, 1), 'local')).toBe('2026-11-23 01:30:00.001');
  });

  it('drops to seconds or minutes when asked', () => {
    expect(formatTimestamp(instant, 'utc', 's')).toBe('2026-11-22 09:03:04');
    expect(formatTimestamp(instant, 'utc', 'min')).toBe('2026-11-22 09:03');
  });

  it('shows only the time of day for a tape', () => {
    expect(formatTimeOfDay(instant, 'utc')).toBe('09:03:04.056');
    expect(formatTimeOfDay(instant, 'local')).toBe('14:33:04.056');
  });

  it('labels the zone', () => {
    expect(timeZoneLabel('utc', instant)).toBe('UTC');
    expect(timeZoneLabel('local', instant)).toBe('UTC+05:30');
  });

  it('shows the times inside a sentence (an access-window reason) in the chosen zone', () => {
    const reason = '/ohlcv serves the rolling last hour anonymously (from 2026-11-22T09:03:04.056Z); older history needs an API key.';
    expect(timesInZone(reason, 'utc')).toBe('/ohlcv serves the rolling last hour anonymously (from 2026-11-22 09:03:04 UTC); older history needs an API key.');
    expect(timesInZone(reason, 'local')).toBe('/ohlcv serves the rolling last hour anonymously (from 2026-11-22 14:33:04 local time); older history needs an API key.');
  });

  it('shows a missing time as the em dash', () => {
    expect(formatTimestamp(null, 'utc')).toBe(notPublished);
    expect(formatTimeOfDay(null, 'local')).toBe(notPublished);
  });
});

describe('decimals are shown exactly as the source wrote them', () => {
  it('keeps every digit of a decimal string, however many', () => {
    expect(formatDecimal('0.000012345678901234567890')).toBe('0.000012345678901234567890');
    expect(formatDecimal('97500.10')).toBe('97500.10');
  });

  it('shows null, undefined and empty as not published, never 0', () => {
    expect(formatDecimal(null)).toBe('—');
    expect(formatDecimal(undefined)).toBe('—');
    expect(formatDecimal('')).toBe('—');
  });

  it('formats chart numbers with fixed places and grouping, null as the dash', () => {
    expect(formatNumber(97500.456, 2)).toBe('97,500.46');
    expect(formatNumber(0, 2)).toBe('0.00');
    expect(formatNumber(null, 2)).toBe('—');
    expect(formatNumber(Number.NaN, 2)).toBe('—');
  });

  it('formats rates as percentages', () => {
    expect(formatPercent(0.0000125, 5)).toBe('0.00125%');
    expect(formatPercent(-0.0001, 4)).toBe('-0.0100%');
    expect(formatPercent(null, 4)).toBe('—');
  });
});

describe('token amounts apply their decimals exactly (BigInt)', () => {
  it('applies 18 decimals without float rounding', () => {
    expect(formatUnits('1234500000000000000', 18)).toBe('1.2345');
    // 2^53 + 1 wei: a float would lose the last digit.
    expect(formatUnits('9007199254740993', 18)).toBe('0.009007199254740993');
  });

  it('keeps a 256-bit amount whole', () => {
    const max = (2n ** 256n - 1n).toString();
    expect(formatUnits(max, 6)).toBe('115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457,584,007,913,129.639935');
  });

  it('applies 6 decimals (USDC) and pads a minimum fraction', () => {
    expect(formatUnits('264236000', 6)).toBe('264.236');
    expect(formatUnits('264000000', 6, 2)).toBe('264.00');
    expect(formatUnits('5', 6)).toBe('0.000005');
  });

  it('handles zero decimals, zero and negative amounts', () => {
    expect(formatUnits('1000000', 0)).toBe('1,000,000');
    expect(formatUnits('0', 18)).toBe('0');
    expect(formatUnits('-1500000', 6)).toBe('-1.5');
  });

  it('shows null as not published and names text that is not an integer', () => {
    expect(formatUnits(null, 18)).toBe('—');
    expect(formatUnits('1.5', 18)).toBe('1.5 (not an integer amount)');
  });
});

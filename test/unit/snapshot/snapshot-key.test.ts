import { describe, expect, it } from 'vitest';
import { canonicalSnapshotKey, parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';

// Every key spelling the service's SDKs and tool write (their tests use `…-2024-01-01-000000`
// and whole-day keys such as `standard-lighter-BTC-USD-2026-11-24`), read to the canonical key
// and the span its file covers. The expected spans are written out by hand.

const hour = 3_600_000;
const jan1 = Date.UTC(2024, 0, 1);

describe('snapshot keys in every spelling', () => {
  it.each([
    ['standard-binance-BTC-USDT-2024-01-01-13', 'standard-binance-BTC-USDT-2024-01-01-13', 13],
    ['standard-binance-BTC-USDT-2024-01-01-130000', 'standard-binance-BTC-USDT-2024-01-01-13', 13],
    ['standard-binance-BTC-USDT-2024-01-01-000000', 'standard-binance-BTC-USDT-2024-01-01-00', 0],
    ['standard-binance-BTC-USDT-2024-01-01-000000.jsonl.zst', 'standard-binance-BTC-USDT-2024-01-01-00', 0],
    ['standard-binance-BTC-USDT-2024-01-01-2300', 'standard-binance-BTC-USDT-2024-01-01-23', 23],
    ['standard-binance-BTC-USDT-2024-01-01-7', 'standard-binance-BTC-USDT-2024-01-01-07', 7],
  ])('%s is the hour %s', (text, key, at) => {
    expect(parseSnapshotKey(text)).toEqual({
      source: 'binance',
      market: 'BTC-USDT',
      date: '2024-01-01',
      hour: at,
      span: 'hour',
      key,
      start: jan1 + at * hour,
      named: jan1 + at * hour,
      end: jan1 + (at + 1) * hour,
    });
  });

  it('a time inside the hour covers that hour, and says which instant it names', () => {
    expect(parseSnapshotKey('standard-binance-BTC-USDT-2024-01-01-131500')).toMatchObject({ hour: 13, key: 'standard-binance-BTC-USDT-2024-01-01-13', start: jan1 + 13 * hour, named: jan1 + 13 * hour + 15 * 60_000 });
  });

  it('a key with no time is a whole UTC day', () => {
    const day = Date.UTC(2026, 10, 24);
    expect(parseSnapshotKey('standard-lighter-BTC-USD-2026-11-24.jsonl.zst')).toEqual({
      source: 'lighter',
      market: 'BTC-USD',
      date: '2026-11-24',
      hour: null,
      span: 'day',
      key: 'standard-lighter-BTC-USD-2026-11-24',
      start: day,
      named: day,
      end: day + 24 * hour,
    });
    // A market whose name ends in digits still reads as a day when no time follows the date.
    expect(parseSnapshotKey('standard-x-FOO-2026-2026-11-24')).toMatchObject({ market: 'FOO-2026', span: 'day' });
  });

  it.each(['raw-binance-BTC-USDT-2024-01-01-13', 'standard-binance-BTC-USDT-2024-02-31-01', 'standard-binance-BTC-USDT-2024-01-01-24', 'standard-binance-BTC-USDT-2024-01-01-126000', 'standard-binance-BTC-USDT-2024-01-01-123', 'standard-BTC-2024-01-01', 'notes'])('%s is no standard key', (text) => {
    expect(parseSnapshotKey(text)).toBeNull();
  });

  it('the canonical spelling of a key, and of anything else itself', () => {
    expect(canonicalSnapshotKey('standard-binance-BTC-USDT-2024-01-01-130000')).toBe('standard-binance-BTC-USDT-2024-01-01-13');
    expect(canonicalSnapshotKey('standard-lighter-BTC-USD-2026-11-24')).toBe('standard-lighter-BTC-USD-2026-11-24');
    expect(canonicalSnapshotKey('something-else')).toBe('something-else');
  });
});

import { describe, expect, it } from 'vitest';
import { splitAssetId as parseAssetId } from '../../../shared/quotes/known-tokens.ts';
import { chainLabel, groupDigits, shortHex } from '../../../renderer/src/format/chain-values.ts';
import { formatDuration, formatRowTime, rangeCrossesDays } from '../../../renderer/src/format/row-times.ts';
import { statuslessLabel } from '../../../renderer/src/views/intents/step-label.ts';
import { observation } from './intent-fixtures.ts';

describe('asset and amount display', () => {
  it('splits CAIP-19 asset ids and keeps bare addresses whole', () => {
    expect(parseAssetId('eip155:42161/erc20:0xaf88d065e77c8cc2239327c5edb3a432268e5831')).toEqual({ chainId: 'eip155:42161', address: '0xaf88d065e77c8cc2239327c5edb3a432268e5831' });
    expect(parseAssetId('0xabc')).toEqual({ chainId: null, address: '0xabc' });
  });

  it('shortens long hex to head and tail, and names well-known chains', () => {
    expect(shortHex('0xaf88d065e77c8cc2239327c5edb3a432268e5831')).toBe('0xaf88…5831');
    expect(shortHex('0x1234567890')).toBe('0x1234567890');
    expect(shortHex('0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640', 6)).toBe('0x88e6a0…3f5640');
    expect([chainLabel('eip155:42161'), chainLabel('eip155:999'), chainLabel(null)]).toEqual(['Arbitrum', 'eip155:999', '—']);
  });

  it('groups the digits of integer amounts exactly and leaves anything else as written', () => {
    expect(groupDigits('1069725000000000000000')).toBe('1,069,725,000,000,000,000,000');
    expect(groupDigits('999')).toBe('999');
    expect(groupDigits('12.5')).toBe('12.5');
    expect([groupDigits(null), groupDigits(''), groupDigits(undefined)]).toEqual(['—', '—', '—']);
  });
});

describe('durations and times', () => {
  it('reads durations in ms, tenths of seconds, minutes and hours; null is a dash', () => {
    expect([850, 12_449, 59_999, 185_000, 7_620_000].map((ms) => formatDuration(ms))).toEqual(['850 ms', '12.4 s', '59.9 s', '3 m 05 s', '2 h 07 m']);
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1500)).toBe('−1.5 s');
  });

  it('shows the date with the time only when the range crosses a day in the chosen zone', () => {
    const start = Date.UTC(2026, 10, 22, 22, 30);
    const end = Date.UTC(2026, 10, 22, 23, 30);
    expect(rangeCrossesDays(start, end, 'utc')).toBe(false);
    expect(rangeCrossesDays(start, Date.UTC(2026, 10, 23, 0, 10), 'utc')).toBe(true);
    expect(formatRowTime(Date.UTC(2026, 10, 22, 23, 5, 7, 42), 'utc', false)).toBe('23:05:07.042');
    expect(formatRowTime(Date.UTC(2026, 10, 22, 23, 5, 7, 42), 'utc', true)).toBe('11-22 23:05:07.042');
    expect(formatRowTime(null, 'utc', true)).toBe('—');
  });
});

describe('statuslessLabel', () => {
  it('calls a statusless observation with a quote "quoted", and one without "no status"', () => {
    expect(statuslessLabel({ observation: observation(1, { quote_id: 'q' }) })).toBe('quoted');
    expect(statuslessLabel({ observation: observation(1, { quoted_output_amount: '5' }) })).toBe('quoted');
    expect(statuslessLabel({ observation: observation(1) })).toBe('no status');
  });
});

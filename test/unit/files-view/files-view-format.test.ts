import { describe, expect, it } from 'vitest';
import type { FileViewProgress } from '../../../shared/contract/file-view-schemas.ts';
import { count, countMismatch, durationText, headerLine, readPercent, replayRefusal, stopDetail, stopText, timeRangeText, typeCounts } from '../../../renderer/src/views/files/file-summary-format.ts';
import { formatBytes } from '../../../shared/byte-size.ts';
import { jumpReference, parseJumpTime } from '../../../renderer/src/views/files/jump-time.ts';
import { layOutJson } from '../../../renderer/src/views/files/json-layout.ts';
import { blockIsFull, blocksCovering, blocksToKeep } from '../../../renderer/src/views/files/row-blocks.ts';
import { toggleTypeFilter } from '../../../renderer/src/views/files/type-filter.ts';

type Summary = FileViewProgress['summary'];

const summary: Summary = {
  file: '/data/f.jsonl.zst',
  format: 'v2',
  header: {
    schemaVersion: 'v2',
    source: 'binance',
    market: 'BTC-USDT',
    date: '2024-03-10',
    startTime: null,
    endTime: null,
    eventCount: 306,
    counts: { orderbook_count: 300, trade_count: 5, funding_count: 2 },
    collectorVersion: '1.4.0',
  },
  records: 306,
  countsByType: { trade: 6, orderbook: 300 },
  firstCollectorTimestamp: Date.UTC(2024, 2, 10, 7, 0, 1),
  lastCollectorTimestamp: Date.UTC(2024, 2, 10, 7, 59, 59, 900),
  backwardSteps: 0,
  lines: 307,
  skippedLines: 0,
  skippedSamples: [],
  compressedBytes: 1000,
  decompressedBytes: 9000,
};

describe('the inspect summary, in words', () => {
  it('writes the header line, or what a file without one is', () => {
    expect(headerLine(summary)).toBe('v2 (schema v2) · binance · BTC-USDT · 2024-03-10 · collector 1.4.0');
    expect(headerLine({ ...summary, format: 'legacy', header: null })).toBe('Legacy format (no metadata header)');
    expect(headerLine({ ...summary, format: null, header: null })).toBe('Format not known yet');
  });

  it('lists counts most first beside the header’s, with declared types never met', () => {
    expect(typeCounts(summary)).toEqual([
      { type: 'orderbook', found: 300, declared: 300 },
      { type: 'trade', found: 6, declared: 5 },
      { type: 'funding', found: 0, declared: 2 },
    ]);
    expect(typeCounts({ ...summary, header: null, countsByType: { b: 1, a: 1 } }).map((row) => row.type)).toEqual(['a', 'b']);
  });

  it('flags a declared count that differs only once the file is read to the end', () => {
    const trade = { type: 'trade', found: 6, declared: 5 };
    expect([countMismatch(trade, false), countMismatch(trade, true), countMismatch({ ...trade, declared: 6 }, true), countMismatch({ ...trade, declared: null }, true)]).toEqual([false, true, false, false]);
  });

  it('writes the collector time range in the user’s zone with its length', () => {
    expect(timeRangeText(summary, 'utc')).toBe('2024-03-10 07:00:01.000 → 2024-03-10 07:59:59.900 (59 min 58.9 s)');
    expect(timeRangeText({ ...summary, firstCollectorTimestamp: null }, 'utc')).toBe('No records yet');
  });

  it('words durations, sizes, counts and progress', () => {
    expect([durationText(850), durationText(12_340), durationText(7_380_000)]).toEqual(['850 ms', '12.3 s', '2 h 3 min']);
    expect([formatBytes(812), formatBytes(4_200), formatBytes(18_640_000), formatBytes(1_210_000_000)]).toEqual(['812 B', '4.20 KB', '18.6 MB', '1.21 GB']);
    expect(count(1234567)).toBe('1,234,567');
    expect([readPercent({ bytesRead: 999, totalBytes: 1000 }), readPercent({ bytesRead: 5, totalBytes: 0 })]).toEqual([99, 0]);
  });

  it('rounds a duration once, before cutting it into units: never "59 min 60.0 s" or "60.0 s"', () => {
    // By hand: 3,599,990 ms rounds to 3,600.0 s, a whole hour; 59,960 ms to 60.0 s, a whole minute.
    expect(durationText(3_599_990)).toBe('1 h 0 min');
    expect(durationText(3_599_940)).toBe('59 min 59.9 s');
    expect(durationText(59_960)).toBe('1 min 0.0 s');
    expect(durationText(59_940)).toBe('59.9 s');
    expect(durationText(999.7)).toBe('1.0 s');
    expect(durationText(7_199_990)).toBe('2 h 0 min');
    // Against a naive reading of what is shown: the seconds part is always below 60.
    for (let ms = 1_000; ms < 3_600_000; ms += 9_973) {
      const seconds = /([\d.]+) s$/.exec(durationText(ms))?.[1];
      expect(Number(seconds ?? 0)).toBeLessThan(60);
    }
  });

  it('offers no replay for a file that stopped before a single record, and says why', () => {
    expect(replayRefusal(null)).toBeNull();
    expect(replayRefusal({ rows: 12, error: { message: 'cut short' } })).toBeNull();
    expect(replayRefusal({ rows: 0, error: null })).toBeNull();
    expect(replayRefusal({ rows: 0, error: { message: 'x.jsonl.zst is not a zstd file' } })).toBe('Nothing to replay: x.jsonl.zst is not a zstd file');
  });

  it('says where and why a damaged file stopped', () => {
    const error = { kind: 'truncated' as const, message: '/data/f.jsonl.zst: truncated after 299 records, at line 301', resolution: 'r', file: '/data/f.jsonl.zst', line: 301, byteOffset: 95259, recordsDecoded: 299 };
    expect(stopText(error)).toBe('The file ends in the middle of a zstd frame at line 301 (byte 95,259 of the decompressed text), after 299 records.');
    expect(stopDetail(error)).toBe('');
    const bad = { ...error, kind: 'malformed-line' as const, message: '/data/f.jsonl.zst: line 11 (byte offset 900): not valid JSON', line: 11, byteOffset: null };
    expect(stopText(bad)).toBe('A line is not a valid record at line 11, after 299 records.');
    expect(stopDetail(bad)).toBe('line 11 (byte offset 900): not valid JSON');
  });
});

describe('parseJumpTime', () => {
  // Expected instants are literals from `date -u -d 2024-03-10T07:15:00Z +%s%3N`; the reference is 2024-03-10T07:30:00Z.
  const shown = { firstCollectorTimestamp: 1_710_055_800_000, header: null };
  const timeOf = (text: string, zone: 'utc' | 'local', on: Parameters<typeof parseJumpTime>[2] = shown): number | string => {
    const read = parseJumpTime(text, zone, on);
    return read.ok ? read.time : read.message;
  };
  it('reads a time of day on the file’s first day, in UTC', () => {
    expect(timeOf('07:15', 'utc')).toBe(1_710_054_900_000);
    expect(timeOf(' 7:15:30.25 ', 'utc')).toBe(1_710_054_930_250);
  });
  it('reads a date and time, ISO-8601 and Unix ms', () => {
    expect(timeOf('2024-03-11 00:00:01.5', 'utc')).toBe(1_710_115_201_500);
    expect(timeOf('2024-03-11T23:59', 'utc')).toBe(1_710_201_540_000);
    expect(timeOf('2024-03-10T07:15:00Z', 'local')).toBe(1_710_054_900_000);
    expect(timeOf('2024-03-10', 'utc')).toBe(1_710_028_800_000);
    expect(timeOf('1710054900000', 'utc')).toBe(1_710_054_900_000);
  });
  it('reads local time in the computer’s zone', () => {
    const zone = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    try {
      // New York is on daylight time (UTC−4) from 2024-03-10: 06:30 there is 10:30 UTC.
      expect(timeOf('2024-03-11 06:30', 'local')).toBe(1_710_153_000_000);
      // A time of day alone is on the file's first day in that zone (03:30 there on 2024-03-10).
      expect(timeOf('23:00', 'local')).toBe(1_710_126_000_000);
    } finally {
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });
  it('puts a time of day on the header’s hour before any record is read, and refuses it before either is known', () => {
    const header = { ...summary.header, startTime: 1_710_054_000_000 } as NonNullable<Summary['header']>;
    expect(jumpReference({ firstCollectorTimestamp: null, header })).toBe(1_710_054_000_000);
    expect(timeOf('07:15', 'utc', { firstCollectorTimestamp: null, header })).toBe(1_710_054_900_000);
    expect(jumpReference(null)).toBeNull();
    expect(timeOf('07:15', 'utc', null)).toMatch(/^"07:15" is a time of day, and this field has no date to put it on/);
    expect(timeOf('2024-03-10 07:15', 'utc', null)).toBe(1_710_054_900_000);
  });
  it('refuses what is not a time, saying why and what works', () => {
    expect(timeOf('noon', 'utc')).toBe('Could not read "noon". Use a time such as 07:30, 07:30:00.000, 2024-03-10 07:30:00 (UTC), 2024-03-10T07:30:00Z or Unix ms 1710055800000.');
    expect(['', '25:00', '07:61', '2024-13-01 07:00'].map((text) => timeOf(text, 'utc'))).toEqual([expect.stringMatching(/^No time was typed/), expect.stringMatching(/hours run 00 to 23/), expect.stringMatching(/minutes run 00 to 59/), expect.stringMatching(/months run 01 to 12/)]);
  });
});

describe('layOutJson', () => {
  it('moves only whitespace: every token keeps the file’s text', () => {
    const raw = '{"a":1.50,"q":[{"amount_in":"115792089237316195423570985008687907853269984665640564039457584007913129639935"}],"e":{},"l":[],"s":"x, {y}: \\"a,{b}\\""}';
    const laidOut = layOutJson(raw);
    expect(laidOut).toBe(
      [
        '{',
        '  "a": 1.50,',
        '  "q": [',
        '    {',
        '      "amount_in": "115792089237316195423570985008687907853269984665640564039457584007913129639935"',
        '    }',
        '  ],',
        '  "e": {},',
        '  "l": [],',
        '  "s": "x, {y}: \\"a,{b}\\""',
        '}',
      ].join('\n'),
    );
    // Taking the added whitespace out again gives the line back.
    expect(laidOut.replace(/\n */g, '').replace(/": /g, '":')).toBe(raw);
  });
  it('keeps big numbers as written, never through a float', () => {
    expect(layOutJson('{"n":12345678901234567890123}')).toContain('12345678901234567890123');
  });
});

describe('row blocks', () => {
  it('covers the rows on screen with a margin, within the table', () => {
    expect(blocksCovering(120, 180, 1000)).toEqual([0, 1, 2]);
    expect(blocksCovering(120, 180, 1000, 0)).toEqual([1]);
    expect(blocksCovering(0, 30, 40)).toEqual([0]);
    expect(blocksCovering(0, 10, 0)).toEqual([]);
  });
  it('knows a block is full at 100 rows or at the end of the table', () => {
    expect([blockIsFull(0, 100, 1000), blockIsFull(0, 99, 1000), blockIsFull(2, 50, 250), blockIsFull(2, 49, 250), blockIsFull(0, 0, 0)]).toEqual([true, false, true, false, true]);
  });
  it('keeps blocks near the screen only', () => {
    expect([...blocksToKeep([50, 51], [0, 29, 30, 71, 72, 500], 21)].sort((a, b) => a - b)).toEqual([29, 30, 71, 72]);
    expect(blocksToKeep([], [1, 2]).size).toBe(0);
  });
});

describe('toggleTypeFilter', () => {
  it('goes from all types to one, adds and removes, and back to all', () => {
    expect(toggleTypeFilter(null, 'trade')).toEqual(['trade']);
    expect(toggleTypeFilter(['trade'], 'orderbook')).toEqual(['trade', 'orderbook']);
    expect(toggleTypeFilter(['trade', 'orderbook'], 'trade')).toEqual(['orderbook']);
    expect(toggleTypeFilter(['trade'], 'trade')).toBeNull();
  });
});

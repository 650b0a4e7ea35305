import { describe, expect, it } from 'vitest';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

// `fromLine` (a replay that starts at a snapshot line reads the file from there): the records are
// exactly the file's lines from that line on, by line number, in v2 and legacy files alike. A legacy
// file that came back from its first line made /l2-orderbooks page backwards on the demo's lighter
// markets (test/integration/conformance/mid-hour-paging.test.ts).

const legacy = [1, 2, 3, 4, 5]
  .map((n) => JSON.stringify({ timestamp: 1_717_200_000_000 + n * 100, source: 'lighter', market: 'ETH-USD', type: n === 3 ? 'orderbook' : 'orderbook_delta', data: { bids: [[3500 - n, 1]], asks: [[3501 + n, 1]] } }))
  .join('\n');

describe('decoding from a line', () => {
  it('a legacy file: only its lines from fromLine on (its first line is read for the format, not returned)', async () => {
    const { records, result } = await decodeBytes(zst(`${legacy}\n`), { fromLine: 3 });
    expect(result.ok).toBe(true);
    expect(records.map((record) => record.line)).toEqual([3, 4, 5]);
    expect(records.map((record) => record.collectorTimestamp)).toEqual([1_717_200_000_300, 1_717_200_000_400, 1_717_200_000_500]);
    // From its first line: every line.
    expect((await decodeBytes(zst(`${legacy}\n`), { fromLine: 1 })).records.map((record) => record.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a v2 file: its data lines from fromLine on (the metadata header is framing)', async () => {
    const text = fixtureText('v2-book-trades.jsonl');
    const lines = text.trimEnd().split('\n').length;
    const { records } = await decodeBytes(zst(text), { fromLine: 4 });
    expect(records.map((record) => record.line)).toEqual(Array.from({ length: lines - 3 }, (_, i) => i + 4));
  });
});

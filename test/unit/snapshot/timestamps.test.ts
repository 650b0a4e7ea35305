import { describe, expect, it } from 'vitest';
import { inspectReport, inspectText } from '../../../electron/cli/snapshot-commands.ts';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

const books = fixtureText('v2-book-trades.jsonl');
const tickers = fixtureText('v2-tickers-intents.jsonl');
const legacy = fixtureText('legacy-mixed.jsonl');
const rule = 'must be a whole number of Unix milliseconds from 2000-01-01 to 2100-01-01';

async function failure(text: string, name = 'times.jsonl.zst') {
  const { result } = await decodeBytes(zst(text), {}, name);
  if (result.ok) throw new Error('expected the decode to fail');
  return result.error;
}

/** Byte offset of 1-based `line` in `text`, counted here from the text itself. */
function offsetOf(text: string, line: number): number {
  return Buffer.byteLength(text.split('\n').slice(0, line - 1).join('\n')) + (line > 1 ? 1 : 0);
}

describe('v2 timestamps must be whole ms in a sane range', () => {
  it.each([
    ['1e300', '1e+300'],
    ['1717200000100.5', '1717200000100.5'],
    ['1717200000100000', '1717200000100000'],
  ])('a book row with collector_timestamp %s stops the decode naming the file, line and field', async (value, shown) => {
    const text = books.replace('"collector_timestamp":1717200000200', `"collector_timestamp":${value}`);
    const error = await failure(text);
    expect(error).toMatchObject({ kind: 'malformed-line', file: 'times.jsonl.zst', line: 3, byteOffset: offsetOf(text, 3), recordsDecoded: 1 });
    expect(error.message).toBe(`times.jsonl.zst: line 3 (byte offset ${offsetOf(text, 3)}): collector_timestamp ${rule} (it is ${shown})`);
  });

  it('names exchange_timestamp on a trade row, and accepts it null', async () => {
    const text = books.replace('"exchange_timestamp":1717200000290', '"exchange_timestamp":-5');
    const error = await failure(text);
    expect(error.line).toBe(4);
    expect(error.message).toContain(`exchange_timestamp ${rule} (it is -5)`);
    const { result } = await decodeBytes(zst(books.replace('"exchange_timestamp":1717200000290', '"exchange_timestamp":null')));
    expect(result.ok).toBe(true);
  });

  it('names the metadata start_time and end_time', async () => {
    for (const field of ['start_time', 'end_time']) {
      const text = books.replace(new RegExp(`"${field}":\\d+`), `"${field}":1e20`);
      const error = await failure(text);
      expect(error).toMatchObject({ kind: 'malformed-line', line: 1 });
      expect(error.message).toContain(`data.${field} ${rule} (it is 100000000000000000000)`);
    }
  });

  it('names funding_timestamp on a perpetual ticker, on a row the general path parses', async () => {
    const error = await failure(tickers.replace('"funding_timestamp":1717214400000', '"funding_timestamp":1717214400.5'));
    expect(error.line).toBe(2);
    expect(error.message).toContain(`data.funding_timestamp ${rule} (it is 1717214400.5)`);
  });

  it('names collector_timestamp on a point row, which takes the general path', async () => {
    const error = await failure(books.replace('"collector_timestamp":1717200000500', '"collector_timestamp":"1717200000500"'));
    expect(error.line).toBe(6);
    expect(error.message).toContain(`collector_timestamp ${rule}`);
  });

  it('keeps intent expires_at and settled_at as the file has them (the samples write expires_at in seconds)', async () => {
    const text = tickers.replace('"status":"open"', '"status":"open","expires_at":1717211000,"settled_at":1717210800250');
    const { records, result } = await decodeBytes(zst(text));
    expect(result.ok).toBe(true);
    expect(records[2]).toMatchObject({ type: 'intent', data: { expires_at: 1717211000, settled_at: 1717210800250 } });
  });
});

describe('legacy timestamps', () => {
  it('keeps converting microseconds (≥ 1e14) to ms, and skips rows whose time is out of range, with the reason', async () => {
    const text = `${legacy.trimEnd()}\n${legacy.split('\n')[0]?.replace('1717200000100000', '1e300') ?? ''}\n${legacy.split('\n')[0]?.replace('1717200000100000', '1717200000100.5') ?? ''}\n`;
    const { records, result } = await decodeBytes(zst(text));
    expect(result.ok).toBe(true);
    expect(records.map((r) => r.collectorTimestamp)).toEqual([1717200000100, 1717200000200, 1717200000300, 1717200000400]);
    expect(result.summary.skippedSamples.slice(2)).toEqual([
      { line: 7, byteOffset: offsetOf(text, 7), reason: expect.stringContaining('timestamp must be whole Unix milliseconds, or microseconds (at least 1e14), from 2000-01-01 to 2100-01-01 (it is 1e+300)') as unknown },
      { line: 8, byteOffset: offsetOf(text, 8), reason: expect.stringContaining('(it is 1717200000100.5)') as unknown },
    ]);
  });
});

describe('downstream of the decoder', () => {
  it('formats every accepted time: the earliest and the last accepted collector_timestamp', async () => {
    const earliest = Date.UTC(2000, 0, 1);
    const last = Date.UTC(2100, 0, 1) - 1;
    const text = books.replace('"collector_timestamp":1717200000100', `"collector_timestamp":${earliest}`).replace('"collector_timestamp":1717200000900', `"collector_timestamp":${last}`);
    const { result } = await decodeBytes(zst(text));
    expect(result.ok).toBe(true);
    expect(result.summary.firstCollectorTimestamp).toBe(earliest);
    expect(result.summary.lastCollectorTimestamp).toBe(last);
    const report = inspectText(inspectReport(result.summary, null));
    expect(report).toContain(`${earliest} (2000-01-01T00:00:00.000Z)`);
    expect(report).toContain(`${last} (2099-12-31T23:59:59.999Z)`);
  });

  it('a rejected time reaches inspect as the decode error, not as "Invalid time value"', async () => {
    const { result } = await decodeBytes(zst(books.replace('"collector_timestamp":1717200000900', '"collector_timestamp":1e300')), { lenient: true });
    expect(result.ok).toBe(true);
    expect(result.summary.skippedSamples).toHaveLength(1);
    expect(() => inspectText(inspectReport(result.summary, null))).not.toThrow();
  });
});

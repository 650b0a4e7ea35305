import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxCountedTypes, otherTypesKey } from '../../../electron/codec/records/record-decoder.ts';
import { looksLikeJsonObject } from '../../../electron/codec/records/junk-line.ts';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

const header = fixtureText('v2-book-trades.jsonl').split('\n')[0] ?? '';
const trade = (sequence: number): string =>
  `{"collector_timestamp":1717200000300,"collector_sequence":${sequence},"exchange_timestamp":null,"exchange_sequence":null,"source":"aster","market":"ETH-USDT","type":"trade","data":{"price":1.5,"quantity":2}}`;
const junkKinds = ['x', 'not json at all', '[1,2,3]', '"text"', '{}', '{x}', '{"type":"trade"}', 'null', '{"a":1'];

describe('junk lines in lenient mode', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('skips every junk line between records, counts them exactly and keeps only the first samples', async () => {
    const lines = [header];
    let junk = 0;
    for (let i = 0; i < 2000; i++) {
      lines.push(junkKinds[i % junkKinds.length] ?? '', junkKinds[i % junkKinds.length] ?? '');
      junk += 2;
      if (i % 100 === 0) lines.push(trade(i));
    }
    const { records, result } = await decodeBytes(zst(lines.join('\n')), { lenient: true, maxSkippedSamples: 4 });
    expect(result.ok).toBe(true);
    expect(records.map((r) => r.collectorSequence)).toEqual(Array.from({ length: 20 }, (_, i) => i * 100));
    expect(result.summary.skippedLines).toBe(junk);
    expect(result.summary.skippedSamples).toEqual([
      { line: 2, byteOffset: header.length + 1, reason: expect.stringContaining('not valid JSON') as unknown },
      { line: 3, byteOffset: header.length + 3, reason: expect.stringContaining('not valid JSON') as unknown },
      { line: 5, byteOffset: header.length + 5 + trade(0).length + 1, reason: expect.stringContaining('not valid JSON') as unknown },
      { line: 6, byteOffset: header.length + 5 + trade(0).length + 1 + 16, reason: expect.stringContaining('not valid JSON') as unknown },
    ]);
  });

  it('parses no junk line once the samples are full: no JSON.parse per line', async () => {
    const notObjects = junkKinds.filter((kind) => !kind.startsWith('{'));
    const lines = [header];
    for (let i = 0; i < 5000; i++) lines.push(notObjects[i % notObjects.length] ?? '');
    for (let i = 0; i < 3000; i++) lines.push('{"type":"trade"}');
    const parse = vi.spyOn(JSON, 'parse');
    const { result } = await decodeBytes(zst(`${lines.join('\n')}\n${trade(1)}\n`), { lenient: true, maxSkippedSamples: 10 });
    expect(result.summary).toMatchObject({ skippedLines: 8000, records: 1 });
    // The header, the ten samples, and the first of the repeated brace-wrapped lines: 12.
    expect(parse.mock.calls.length).toBeLessThanOrEqual(12);
  });

  it('judges a remembered junk line again once the header has changed what it means', async () => {
    // Before the header, a metadata row without schema_version is junk; after it, a repeated metadata row is framing.
    const badHeader = '{"type":"metadata","source":"aster","market":"ETH-USDT","data":{}}';
    const text = [badHeader, header, badHeader, trade(1)].join('\n');
    const { records, result } = await decodeBytes(zst(text), { lenient: true, maxSkippedSamples: 0 });
    expect(records).toHaveLength(1);
    expect(result.summary.skippedLines).toBe(1);
  });

  it('still stops a strict v2 decode at the first junk line with its exact reason', async () => {
    const { result } = await decodeBytes(zst([header, trade(1), 'x', 'x'].join('\n')), {}, 'junk.jsonl.zst');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('malformed-line');
    expect(result.error.message).toMatch(/^junk\.jsonl\.zst: line 3 \(byte offset \d+\): not valid JSON \(/);
  });

  it('counts at most a fixed number of distinct record types, the rest together', async () => {
    const lines = [header];
    for (let i = 0; i < maxCountedTypes + 50; i++) lines.push(trade(i).replace('"type":"trade"', `"type":"kind-${i}"`));
    lines.push(trade(9999).replace('"type":"trade"', '"type":"__proto__"'));
    const { result } = await decodeBytes(zst(lines.join('\n')));
    const counts = result.summary.countsByType;
    expect(Object.keys(counts)).toHaveLength(maxCountedTypes + 1);
    expect(counts[otherTypesKey]).toBe(51);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(maxCountedTypes + 51);
  });

  it('a "__proto__" type is counted like any other', async () => {
    const { result } = await decodeBytes(zst([header, trade(1).replace('"type":"trade"', '"type":"__proto__"')].join('\n')));
    expect(Object.entries(result.summary.countsByType)).toEqual([['__proto__', 1]]);
  });
});

describe('looksLikeJsonObject', () => {
  const check = (text: string): boolean => {
    const bytes = Buffer.from(text);
    return looksLikeJsonObject(bytes, 0, bytes.length);
  };

  it('agrees with JSON.parse on whether a line can be an object', () => {
    const samples = ['{}', ' { "a" : 1 } ', '\t{}\r', '\uFEFF{"a":1}', '[]', 'x', '"{}"', '{', '}', ' ', '{x}', '1', 'null', '{"a":1}x', 'x{"a":1}', '\uFEFF []'];
    for (const text of samples) {
      const isObject = ((): boolean => {
        try {
          const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
          return typeof value === 'object' && value !== null && !Array.isArray(value);
        } catch {
          return false;
        }
      })();
      // Never says no to an object; may say yes to brace-wrapped junk, which JSON.parse then rejects.
      if (isObject) expect(check(text)).toBe(true);
      if (!text.trim().replace(/^\uFEFF/, '').startsWith('{')) expect(check(text)).toBe(false);
    }
  });
});

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../electron/codec/line-splitter.ts';
import { concatBytes, skippableZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

const encoder = new TextEncoder();
const hasZstdCli = spawnSync('zstd', ['--version']).status === 0;

async function typesOf(bytes: Uint8Array, chunkSize?: number): Promise<string[]> {
  const { records, result } = await decodeBytes(bytes, chunkSize === undefined ? {} : { chunkSize });
  expect(result.ok).toBe(true);
  return records.map((r) => `${r.type}@${r.line}`);
}

describe('zstd framing', () => {
  const text = fixtureText('v2-book-trades.jsonl');
  const expected = ['orderbook@2', 'orderbook@3', 'trade@4', 'trade@5', 'point@6', 'trade@7', 'orderbook@8'];

  it('reads a file of several frames, split anywhere (even inside a line)', async () => {
    const bytes = encoder.encode(text);
    const cuts = [0, 137, 700, 1501, bytes.length];
    const frames = cuts.slice(1).map((end, i) => zst(bytes.subarray(cuts[i], end)));
    expect(await typesOf(concatBytes(frames))).toEqual(expected);
  });

  it('skips skippable frames before, between and after data frames', async () => {
    const bytes = encoder.encode(text);
    const half = 900;
    const file = concatBytes([
      skippableZstdFrame(encoder.encode('index v1')),
      zst(bytes.subarray(0, half)),
      skippableZstdFrame(new Uint8Array(0), 15),
      zst(bytes.subarray(half)),
      skippableZstdFrame(encoder.encode('trailer'), 7),
    ]);
    expect(await typesOf(file, 5)).toEqual(expected);
  });

  it('handles CRLF line endings and blank lines, keeping true line numbers', async () => {
    const lines = text.trimEnd().split('\n');
    const crlf = ['', ...lines.slice(0, 3), '   ', '\t', ...lines.slice(3)].join('\r\n') + '\r\n\r\n';
    const { records, result } = await decodeBytes(zst(crlf));
    expect(result.ok).toBe(true);
    expect(records.map((r) => r.line)).toEqual([3, 4, 7, 8, 9, 10, 11]);
    expect(records.map((r) => r.type)).toEqual(expected.map((e) => e.split('@')[0]));
    expect(result.summary.lines).toBe(12);
  });

  it('decodes the same records whatever the compressed chunk size', async () => {
    const file = zst(fixtureText('v2-tickers-intents.jsonl'));
    const whole = await decodeBytes(file);
    for (const chunkSize of [1, 2, 3, 7, 64]) {
      const chunked = await decodeBytes(file, { chunkSize });
      expect(chunked.records).toEqual(whole.records);
    }
  });

  it.runIf(hasZstdCli)('reads files written by the zstd command-line tool', async () => {
    const compressed = spawnSync('zstd', ['-q', '-c', '-19'], { input: text });
    expect(compressed.status).toBe(0);
    expect(await typesOf(new Uint8Array(compressed.stdout))).toEqual(expected);
  });
});

describe('line splitting', () => {
  const collect = (chunks: Uint8Array[]): string[] => {
    const splitter = new LineSplitter();
    const lines: string[] = [];
    const sink = (bytes: Buffer, start: number, end: number): void => void lines.push(bytes.toString('utf8', start, end));
    for (const chunk of chunks) splitter.push(chunk, sink);
    splitter.finish(sink);
    return lines;
  };

  it('rebuilds a multi-byte character split across two chunks', () => {
    const bytes = encoder.encode('{"note":"€ and ✓"}\n{"x":"日本"}');
    const euro = bytes.indexOf(0xe2);
    for (const cut of [euro + 1, euro + 2, bytes.length - 3]) {
      expect(collect([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(['{"note":"€ and ✓"}', '{"x":"日本"}']);
    }
  });

  it('decodes non-ASCII text read one compressed byte at a time, and splits lines fed byte by byte', async () => {
    const { records } = await decodeBytes(zst(fixtureText('v2-tickers-intents.jsonl')), { chunkSize: 1 });
    expect(records.at(-1)).toMatchObject({ data: { note: 'ünïcödé ✓' } });
    const splitter = collect(Array.from(encoder.encode('a€b\r\n\r\nc'), (byte) => Uint8Array.of(byte)));
    expect(splitter).toEqual(['a€b', 'c']);
  });

  it('keeps the last line when the file does not end with a newline', () => {
    expect(collect([encoder.encode('one\ntwo')])).toEqual(['one', 'two']);
  });
});

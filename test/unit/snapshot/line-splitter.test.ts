import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPrng } from '../../../electron/server/simulator/prng.ts';
import { LineSplitter } from '../../../electron/codec/line-splitter.ts';

interface Line {
  line: number;
  byteOffset: number;
  text: string;
}

/**
 * The naive model the splitter must agree with: split on LF, number every line from 1, offset
 * each by the bytes before it, strip one trailing CR, drop lines of only space, tab and CR.
 */
function referenceLines(text: string): Line[] {
  const lines: Line[] = [];
  let byteOffset = 0;
  text.split('\n').forEach((raw, index, all) => {
    const last = index === all.length - 1;
    const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!(last && raw === '') && /[^ \t\r]/.test(content)) lines.push({ line: index + 1, byteOffset, text: content });
    byteOffset += Buffer.byteLength(raw) + 1;
  });
  return lines;
}

function split(chunks: readonly Uint8Array[]): { lines: Line[]; splitter: LineSplitter } {
  const splitter = new LineSplitter();
  const lines: Line[] = [];
  const sink = (bytes: Buffer, start: number, end: number, line: number, byteOffset: number): void =>
    void lines.push({ line, byteOffset, text: bytes.toString('utf8', start, end) });
  for (const chunk of chunks) splitter.push(chunk, sink);
  splitter.finish(sink);
  return { lines, splitter };
}

function chunked(bytes: Uint8Array, sizes: () => number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; ) {
    const size = sizes();
    chunks.push(bytes.subarray(offset, offset + size));
    offset += size;
  }
  return chunks;
}

describe('line splitter: runs of blank lines', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps line numbers and byte offsets exact after a long run of blank lines', () => {
    const text = `{"a":1}\n${'\n'.repeat(100_000)}{"b":2}\n`;
    const { lines, splitter } = split([Buffer.from(text)]);
    expect(lines).toEqual([
      { line: 1, byteOffset: 0, text: '{"a":1}' },
      { line: 100_002, byteOffset: 8 + 100_000, text: '{"b":2}' },
    ]);
    expect(splitter.lines).toBe(100_002);
    expect(splitter.bytes).toBe(text.length);
  });

  it('skips CRLF blank lines and whitespace-only lines, and strips the CR of a record line', () => {
    const text = ` \t \r\n\r\n\r\n{"a":1}\r\n   \r\n\t\n{"b":2}  \r\n \r`;
    expect(split([Buffer.from(text)]).lines).toEqual([
      { line: 4, byteOffset: 9, text: '{"a":1}' },
      { line: 7, byteOffset: 25, text: '{"b":2}  ' },
    ]);
    expect(split([Buffer.from(text)]).lines).toEqual(referenceLines(text));
  });

  it('counts a blank run that spans chunk boundaries, even one byte at a time', () => {
    const text = `{"a":1}\n${'\r\n \n\t\n\n'.repeat(50)}  {"b":2}\n${'\n'.repeat(30)}`;
    const bytes = Buffer.from(text);
    const expected = referenceLines(text);
    expect(expected).toHaveLength(2);
    for (const size of [1, 2, 3, 7, 64]) {
      const { lines, splitter } = split(chunked(bytes, () => size));
      expect(lines).toEqual(expected);
      expect(splitter.lines).toBe(text.split('\n').length - 1);
      expect(splitter.bytes).toBe(bytes.length);
    }
  });

  it('agrees with the naive model on seeded mixes of blank runs, CRLF and records, in seeded chunk sizes', () => {
    const random = createPrng('line-splitter', 1);
    const pieces = ['\n', '\r\n', ' \n', '\t\r\n', '   ', '{"x":1}', 'é✓', 'junk', '\r'];
    for (let round = 0; round < 300; round++) {
      let text = '';
      for (let i = random.int(0, 60); i > 0; i--) text += random.next() < 0.5 ? '\n'.repeat(random.int(1, 40)) : random.pick(pieces);
      const bytes = Buffer.from(text);
      const { lines, splitter } = split(chunked(bytes, () => random.int(1, 50)));
      expect(lines).toEqual(referenceLines(text));
      expect(splitter.bytes).toBe(bytes.length);
    }
  });

  it('does no per-line search in a run of blank lines (counts them in bulk)', () => {
    const search = vi.spyOn(Buffer.prototype, 'indexOf');
    const { lines } = split([Buffer.from(`{"a":1}\n${'\n'.repeat(10_000)}${' \r\n'.repeat(10_000)}{"b":2}\n`)]);
    expect(lines.map((l) => l.line)).toEqual([1, 20_002]);
    // One search per record line, none per blank line.
    expect(search.mock.calls.length).toBeLessThanOrEqual(4);
  });
});

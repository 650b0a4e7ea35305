import { describe, expect, it } from 'vitest';
import { LineBytes, utf8 } from '../../../electron/server/simulator/line-bytes.ts';
import { createPrng } from '../../../electron/server/simulator/prng.ts';

/** Writes lines through a `LineBytes` into a bytes sink (or a string sink) and returns the text. */
function written(lines: readonly ((out: LineBytes) => void)[], bytes: boolean): { text: string; chunks: number } {
  let text = '';
  let chunks = 0;
  const decoder = new TextDecoder();
  const out = new LineBytes(
    bytes
      ? {
          write: () => {
            throw new Error('bytes expected');
          },
          bytes: (chunk) => {
            chunks++;
            text += decoder.decode(chunk);
          },
        }
      : { write: (chunk) => ((text += chunk), chunks++) },
  );
  for (const line of lines) {
    line(out);
    out.endLine();
  }
  out.flush();
  return { text, chunks };
}

describe('file lines built as bytes', () => {
  it('prints integers exactly as String() does, at every width and around 10^9', () => {
    const random = createPrng('line-bytes');
    const values = [0, 1, 9, 10, 99, 100, 101, 999_999_999, 1e9, 1e9 + 5, 1e9 + 123_456_789, 12_345_678_901, 1_794_992_400_000, 61_815_861_249, Number.MAX_SAFE_INTEGER];
    for (let i = 0; i < 2000; i++) values.push(Math.floor(random.next() * 10 ** random.int(0, 15)));
    const odd = [-7, 1.5, Number.NaN];
    const { text } = written([...values, ...odd].map((value) => (out: LineBytes) => {
      out.reserve(21);
      out.int(value);
    }), true);
    expect(text.split('\n').slice(0, -1)).toEqual([...values, ...odd].map(String));
  });

  it('keeps lines whole across chunks, grows for a line bigger than a chunk, and gives strings to a string sink', () => {
    const random = createPrng('line-bytes-text');
    const lines = Array.from({ length: 30_000 }, (_, i) => `{"n":${i},"s":"${'é€x'.repeat(random.int(0, 40))}"}`);
    lines.push('y'.repeat(3_000_000));
    const pieces = lines.map((line) => (out: LineBytes) => {
      const head = line.slice(0, 5);
      const tail = line.slice(5);
      out.reserve(5);
      out.raw(utf8(head));
      out.text(tail);
    });
    const asBytes = written(pieces, true);
    const asText = written(pieces, false);
    expect(asBytes.text).toBe(`${lines.join('\n')}\n`);
    expect(asText.text).toBe(asBytes.text);
    expect(asBytes.chunks).toBeGreaterThan(2);
  });
});

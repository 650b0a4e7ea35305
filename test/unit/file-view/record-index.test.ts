import { describe, expect, it } from 'vitest';
import { RecordIndex } from '../../../electron/host/file-view/record-index.ts';
import { otherTypesKey } from '../../../electron/codec/records/record-decoder.ts';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

/** Adds lines as rows 0…n-1 (line i + 2, time 1000 + i), each line's bytes taken from inside a larger buffer. */
function indexOf(lines: readonly string[], index = new RecordIndex({ maxRows: 100, maxTextBytes: 10_000 }, 32)): RecordIndex {
  lines.forEach((line, i) => {
    const padded = bytes(`xx${line}yy`);
    index.add(i + 2, 1000 + i, i % 2 === 0 ? 'orderbook' : 'trade', padded, 2, padded.length - 2);
  });
  return index;
}

describe('RecordIndex', () => {
  it('keeps each row’s line, time, type and exact raw text', () => {
    const index = indexOf(['{"a":1}', '{"b":"115792089237316195423570985008687907853269984665640564039457584007913129639935"}', '{"é":"ü"}']);
    expect(index.count).toBe(3);
    expect([0, 1, 2].map((row) => [index.line(row), index.collectorTimestamp(row), index.type(row), index.rawLine(row)])).toEqual([
      [2, 1000, 'orderbook', '{"a":1}'],
      [3, 1001, 'trade', '{"b":"115792089237316195423570985008687907853269984665640564039457584007913129639935"}'],
      [4, 1002, 'orderbook', '{"é":"ü"}'],
    ]);
  });

  it('starts a new chunk when a line does not fit, and gives a long line a chunk of its own', () => {
    // Chunks of 32 bytes: 20 + 20 cannot share one; a 50-byte line gets its own 50-byte chunk.
    const lines = ['a'.repeat(20), 'b'.repeat(20), 'c'.repeat(50), 'd'.repeat(5), 'e'.repeat(5)];
    const index = indexOf(lines);
    expect(index.chunkCount).toBe(4);
    expect([0, 1, 2, 3, 4].map((row) => index.chunkOfRow(row))).toEqual([0, 1, 2, 3, 3]);
    expect(index.rowsOfChunk(3)).toEqual({ first: 3, end: 5 });
    expect(lines.map((_, row) => index.rawLine(row))).toEqual(lines);
    // Byte 7 of chunk 3 is inside row 4 (which starts at byte 5).
    expect([index.rowAtByte(3, 0), index.rowAtByte(3, 4), index.rowAtByte(3, 5), index.rowAtByte(3, 9)]).toEqual([3, 3, 4, 4]);
  });

  it('grows past its first arrays', () => {
    const index = new RecordIndex({ maxRows: 10_000, maxTextBytes: 1_000_000 });
    for (let i = 0; i < 5000; i++) index.add(i + 1, i, 'trade', bytes(`{"i":${i}}`), 0, `{"i":${i}}`.length);
    expect(index.count).toBe(5000);
    expect([index.line(4999), index.collectorTimestamp(4097), index.rawLine(4500)]).toEqual([5000, 4097, '{"i":4500}']);
  });

  it('refuses rows past the row cap and says so', () => {
    const index = indexOf(['1', '2', '3', '4'], new RecordIndex({ maxRows: 3, maxTextBytes: 1000 }));
    expect(index.count).toBe(3);
    expect(index.capReached).toBe(true);
  });

  it('refuses rows past the text cap, and keeps nothing after the first refusal', () => {
    const index = new RecordIndex({ maxRows: 100, maxTextBytes: 10 });
    expect(index.add(1, 0, 't', bytes('123456'), 0, 6)).toBe(true);
    expect(index.add(2, 0, 't', bytes('12345'), 0, 5)).toBe(false);
    expect(index.add(3, 0, 't', bytes('1'), 0, 1)).toBe(false);
    expect(index.count).toBe(1);
    expect(index.capReached).toBe(true);
  });

  it('names types past the first 256 as the summary does', () => {
    const index = new RecordIndex({ maxRows: 1000, maxTextBytes: 10_000 });
    for (let i = 0; i < 300; i++) index.add(i + 1, i, `type-${i}`, bytes('x'), 0, 1);
    expect(index.type(255)).toBe('type-255');
    expect(index.type(256)).toBe(otherTypesKey);
    expect(index.type(299)).toBe(otherTypesKey);
    expect(index.codeOfType(otherTypesKey)).toBe(256);
    expect(index.codeOfType('type-299')).toBe(-1);
  });
});

import { describe, expect, it } from 'vitest';
import { RecordIndex } from '../../../electron/host/file-view/record-index.ts';
import { RowMatches, rowQueryKey } from '../../../electron/host/file-view/row-matches.ts';

interface Line {
  type: string;
  time: number;
  text: string;
}

/** An index over lines, in chunks of 24 bytes so searches cross chunk boundaries. */
function indexOf(lines: readonly Line[]): RecordIndex {
  const index = new RecordIndex({ maxRows: 1000, maxTextBytes: 100_000 }, 24);
  lines.forEach((line, i) => index.add(i + 1, line.time, line.type, Buffer.from(line.text), 0, Buffer.byteLength(line.text)));
  return index;
}

const matched = (matches: RowMatches): number[] => Array.from({ length: matches.count }, (_, position) => matches.rowAt(position));

// Hand-made rows: types, times (with a backward step at row 3) and texts.
const lines: Line[] = [
  { type: 'orderbook', time: 100, text: '{"m":"BTC","q":1}' },
  { type: 'trade', time: 200, text: '{"m":"ETH","p":5}' },
  { type: 'trade', time: 300, text: '{"m":"BTC","p":7}' },
  { type: 'orderbook', time: 250, text: '{"m":"SOL"}' },
  { type: 'record', time: 400, text: '{"m":"BTC","s":"x"}' },
];

describe('RowMatches', () => {
  it('matches every row for the empty query', () => {
    const matches = new RowMatches(indexOf(lines), { types: null, text: '' });
    matches.update();
    expect(matched(matches)).toEqual([0, 1, 2, 3, 4]);
    expect(matches.upToDate).toBe(true);
  });

  it('filters by type', () => {
    const matches = new RowMatches(indexOf(lines), { types: ['trade', 'record'], text: '' });
    matches.update();
    expect(matched(matches)).toEqual([1, 2, 4]);
  });

  it('finds exact text, once per row, across text chunks', () => {
    const matches = new RowMatches(indexOf(lines), { types: null, text: '"BTC"' });
    matches.update();
    expect(matched(matches)).toEqual([0, 2, 4]);
  });

  it('combines text and types', () => {
    const matches = new RowMatches(indexOf(lines), { types: ['trade'], text: 'BTC' });
    matches.update();
    expect(matched(matches)).toEqual([2]);
  });

  it('never matches text that runs from one row into the next', () => {
    // Rows are kept back to back: "}{" exists only across a row boundary.
    const index = indexOf([
      { type: 't', time: 1, text: '{"a":1}' },
      { type: 't', time: 2, text: '{"b":2}' },
    ]);
    const across = new RowMatches(index, { types: null, text: '}{' });
    across.update();
    expect(across.count).toBe(0);
    const tail = new RowMatches(index, { types: null, text: '2}' });
    tail.update();
    expect(matched(tail)).toEqual([1]);
  });

  it('grows with the index, scanning only new rows', () => {
    const index = indexOf(lines.slice(0, 2));
    const matches = new RowMatches(index, { types: null, text: 'BTC' });
    matches.update();
    expect(matched(matches)).toEqual([0]);
    for (const line of lines.slice(2)) index.add(0, line.time, line.type, Buffer.from(line.text), 0, line.text.length);
    expect(matches.upToDate).toBe(false);
    matches.update();
    expect(matched(matches)).toEqual([0, 2, 4]);
  });

  it('finds the first match at or after a time, in file order (a backward step does not hide it)', () => {
    const all = new RowMatches(indexOf(lines), { types: null, text: '' });
    all.update();
    expect([all.firstAtOrAfter(0), all.firstAtOrAfter(250), all.firstAtOrAfter(301), all.firstAtOrAfter(401)]).toEqual([0, 2, 4, null]);
    const books = new RowMatches(indexOf(lines), { types: ['orderbook'], text: '' });
    books.update();
    // Among books (rows 0 and 3), the one at 250 is the second match.
    expect(books.firstAtOrAfter(200)).toBe(1);
  });

  it('keys equal queries alike whatever the order of their types', () => {
    expect(rowQueryKey({ types: ['b', 'a'], text: 'x' })).toBe(rowQueryKey({ types: ['a', 'b'], text: 'x' }));
    expect(rowQueryKey({ types: null, text: '' })).not.toBe(rowQueryKey({ types: [], text: '' }));
  });
});

import { describe, expect, it } from 'vitest';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

// `onlyTypes` (the local service reads only the lines a query is built from): the records kept
// are exactly the lines of those types, by line number, read from the fixture by hand.

const envelope = '"collector_timestamp":1717200000700,"collector_sequence":20,"exchange_timestamp":null,"exchange_sequence":null,"source":"aster","market":"ETH-USDT"';
/** Lines the envelope scan cannot judge: `data` before `type`, and a type spelled with an escape. */
const unusual = [
  `{${envelope.replace('1717200000700', '1717200000710')},"data":{"price":3499,"quantity":1,"side":"sell"},"type":"trade"}`,
  `{${envelope.replace('1717200000700', '1717200000720')},"type":"tr\\u0061de","data":{"price":3498,"quantity":2,"side":"buy"}}`,
  `{${envelope.replace('1717200000700', '1717200000730')},"data":{"is_snapshot":false,"bids":[[1,1]],"asks":[]},"type":"orderbook"}`,
];

describe('decoding only some line types', () => {
  it('keeps exactly the trades of a mixed file, in file order, with their line numbers', async () => {
    const text = `${fixtureText('v2-book-trades.jsonl').trimEnd()}\n${unusual.join('\n')}\n`;
    const { records, result } = await decodeBytes(zst(text), { onlyTypes: new Set(['trade']) });
    expect(result.ok).toBe(true);
    // Lines 4, 5 and 7 of the fixture are its trades; 9 and 10 are the unusual trades.
    expect(records.map((r) => [r.type, r.line])).toEqual([
      ['trade', 4],
      ['trade', 5],
      ['trade', 7],
      ['trade', 9],
      ['trade', 10],
    ]);
    expect(records.map((r) => (r.type === 'trade' ? r.price : null))).toEqual([3502.5, 3501, 3500.5, 3499, 3498]);
    expect(result.summary.countsByType).toEqual({ trade: 5 });
  });

  it('keeps books and points when asked for them, and every record without a filter', async () => {
    const text = `${fixtureText('v2-book-trades.jsonl').trimEnd()}\n${unusual.join('\n')}\n`;
    const some = await decodeBytes(zst(text), { onlyTypes: new Set(['orderbook', 'point']) });
    expect(some.records.map((r) => [r.type, r.line])).toEqual([
      ['orderbook', 2],
      ['orderbook', 3],
      ['point', 6],
      ['orderbook', 8],
      ['orderbook', 11],
    ]);
    const all = await decodeBytes(zst(text));
    expect(all.records.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('reads quote ladders as the `record` lines they are in the file', async () => {
    const { records } = await decodeBytes(zst(fixtureText('v2-quote-ladder.jsonl')), { onlyTypes: new Set(['record']) });
    // The fixture's three `record` lines: a heartbeat and two ladders.
    expect(records.map((r) => r.type)).toEqual(['record', 'quote_ladder', 'quote_ladder']);
    const none = await decodeBytes(zst(fixtureText('v2-quote-ladder.jsonl')), { onlyTypes: new Set(['trade']) });
    expect(none.records).toEqual([]);
  });

  it('passes over a broken line of another type unread, and still stops at a broken line of its own', async () => {
    const head = fixtureText('v2-book-trades.jsonl').trimEnd();
    const brokenBook = `{${envelope},"type":"orderbook","data":{"is_snapshot":false,"bids":[[1,"x"]],"asks":[]}}`;
    const kept = await decodeBytes(zst(`${head}\n${brokenBook}\n`), { onlyTypes: new Set(['trade']) });
    expect(kept.result.ok).toBe(true);
    expect(kept.records).toHaveLength(3);
    const whole = await decodeBytes(zst(`${head}\n${brokenBook}\n`));
    expect(whole.result.ok).toBe(false);
    const brokenTrade = `{${envelope},"type":"trade","data":{"price":"x","quantity":1}}`;
    const stopped = await decodeBytes(zst(`${head}\n${brokenTrade}\n`), { onlyTypes: new Set(['trade']) });
    expect(stopped.result.ok).toBe(false);
    if (!stopped.result.ok) expect(stopped.result.error.line).toBe(9);
  });

  it('reads a legacy file whole: its types are not the v2 names', async () => {
    const all = await decodeBytes(zst(fixtureText('legacy-mixed.jsonl')));
    const filtered = await decodeBytes(zst(fixtureText('legacy-mixed.jsonl')), { onlyTypes: new Set(['trade']) });
    expect(filtered.records.length).toBe(all.records.length);
    expect(all.records.length).toBeGreaterThan(0);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SnapshotHeader } from '../../../shared/snapshot/records.ts';
import { DecodedLineOutput } from '../../../electron/codec/records/decoded-line-output.ts';
import { FastV2LineParser } from '../../../electron/codec/records/fast-v2-line.ts';
import { SnapshotRecordDecoder } from '../../../electron/codec/records/record-decoder.ts';

// `mde decode` copies the parts of a fast-path row straight to its output when they are already
// in the printed form. The oracle is a naive model of the printed line, written here from the
// format: JSON.parse the line, fill in the defaults, and JSON.stringify in the printed key order.

const header: SnapshotHeader = {
  schemaVersion: 'v2', source: 'binance', market: 'BTC-USDT', date: null, startTime: null, endTime: null, eventCount: null, counts: {}, collectorVersion: null,
};
const headerLine = '{"collector_timestamp":1717200000000,"collector_sequence":0,"source":"binance","market":"BTC-USDT","type":"metadata","data":{"schema_version":"v2"}}';

type Json = Record<string, unknown>;

/** The line `mde decode` prints for a valid order-book or trade row, by the naive model. */
function expectedLine(line: string): string {
  const row = JSON.parse(line) as Json;
  const data = row['data'] as Json;
  const printedData =
    row['type'] === 'orderbook'
      ? { is_snapshot: data['is_snapshot'], bids: data['bids'] ?? [], asks: data['asks'] ?? [] }
      : {
          price: data['price'],
          quantity: data['quantity'],
          side: data['side'] ?? null,
          order_id: data['order_id'] ?? null,
          maker: data['maker'] ?? null,
          taker: data['taker'] ?? null,
          liquidation: data['liquidation'] ?? null,
        };
  // A negative zero prints as 0; the line's `normalized` gives the row's value, each -0 as "-0".
  const written = (value: unknown): unknown => (typeof value === 'number' && Object.is(value, -0) ? '-0' : Array.isArray(value) ? value.map(written) : value);
  const holdsNegativeZero = (value: unknown): boolean => (typeof value === 'number' ? Object.is(value, -0) : Array.isArray(value) && value.some(holdsNegativeZero));
  const normalized = Object.fromEntries(Object.entries(data).filter(([, value]) => holdsNegativeZero(value)).map(([key, value]) => [`data.${key}`, written(value)]));
  return JSON.stringify({
    type: row['type'],
    collector_timestamp: row['collector_timestamp'],
    collector_sequence: row['collector_sequence'],
    exchange_timestamp: row['exchange_timestamp'] ?? null,
    exchange_sequence: row['exchange_sequence'] ?? null,
    source: row['source'] ?? header.source,
    market: row['market'] ?? header.market,
    instrument: row['instrument'] ?? null,
    data: printedData,
    ...(Object.keys(normalized).length > 0 ? { normalized } : {}),
  });
}

/** What the decoder writes for the lines after a header, and how many of them it copied without a record. */
function decoded(lines: readonly string[]): { text: string; copied: number } {
  const output = new DecodedLineOutput();
  const decoder = new SnapshotRecordDecoder('test.jsonl', { lines: output });
  const all = [headerLine, ...lines];
  const bytes = Buffer.from(`${all.join('\n')}\n`);
  let start = 0;
  let copied = 0;
  const scanner = new FastV2LineParser();
  all.forEach((_, index) => {
    const end = bytes.indexOf(0x0a, start);
    if (index > 0 && scanner.scan(bytes, start, end, header, true)?.copyable === true) copied++;
    decoder.decodeLine(bytes, start, end, index + 1, start);
    start = end + 1;
  });
  return { text: output.take()?.toString('utf8') ?? '', copied };
}

/** Number texts JSON allows, many of them not in JSON.stringify's form. */
const numberText = fc.oneof(
  // Prices and sizes as markets write them: a few decimals.
  { weight: 12, arbitrary: fc.tuple(fc.nat(100_000_000), fc.nat(8)).map(([units, decimals]) => String(units / 10 ** decimals)) },
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e-9, max: 1e22 }).map((value) => JSON.stringify(value)),
  fc.tuple(fc.boolean(), fc.nat(999_999), fc.nat(9), fc.integer({ min: 0, max: 8 })).map(([minus, whole, lastDigit, zeros]) => `${minus ? '-' : ''}${whole}.${'0'.repeat(zeros)}${lastDigit}${'0'.repeat(zeros % 3)}`),
  fc.constantFrom('0', '-0', '0.0', '-0.0', '43000.0', '0.8080', '1e-7', '1E3', '0.000001', '0.0000001', '0.0000010', '1234567890123456', '123456789012345', '100', '1.50', '2.5e-3'),
);
const timeText = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }).map(String) },
  fc.constantFrom('1717200000000.0', '1.7172e12', '1717200000000.000'),
);
const plainString = fc.stringMatching(/^[A-Za-z0-9_.:-]{0,12}$/);
const stringOrNull = fc.oneof(plainString.map((text) => JSON.stringify(text)), fc.constant('null'));
const space = fc.oneof({ weight: 9, arbitrary: fc.constant('') }, fc.constant(' '));

/** Members `"key":value` in a random order and subset, with `required` always present. */
function members(entries: Record<string, fc.Arbitrary<string>>, required: readonly string[]): fc.Arbitrary<string> {
  const keys = Object.keys(entries);
  return fc
    .tuple(fc.shuffledSubarray(keys), fc.record(entries), space)
    .map(([chosen, values, gap]) => {
      const present = [...new Set([...required, ...chosen])];
      // Keep the collector's order most of the time, as real files do.
      if (chosen.length % 3 !== 0) present.sort((a, b) => keys.indexOf(a) - keys.indexOf(b));
      return `{${present.map((key) => `"${key}":${gap}${values[key] ?? 'null'}`).join(',')}}`;
    });
}

const levels = fc.array(fc.tuple(numberText, numberText), { maxLength: 5 }).map((pairs) => `[${pairs.map(([price, size]) => `[${price},${size}]`).join(',')}]`);
const bookData = members({ is_snapshot: fc.constantFrom('true', 'false'), bids: levels, asks: levels }, ['is_snapshot']);
const tradeData = members(
  {
    price: numberText,
    quantity: numberText,
    side: fc.constantFrom('"buy"', '"sell"', 'null'),
    order_id: stringOrNull,
    maker: stringOrNull,
    taker: stringOrNull,
    liquidation: fc.constantFrom('true', 'false', 'null'),
  },
  ['price', 'quantity'],
);
const row = fc.constantFrom('orderbook', 'trade').chain((type) =>
  members(
    {
      collector_timestamp: timeText,
      collector_sequence: fc.oneof({ weight: 6, arbitrary: fc.nat(1_000_000).map(String) }, fc.constant('7.0')),
      exchange_timestamp: fc.oneof(timeText, fc.constant('null')),
      exchange_sequence: stringOrNull,
      source: plainString.map((text) => JSON.stringify(text)),
      market: plainString.map((text) => JSON.stringify(text)),
      instrument: stringOrNull,
      type: fc.constant(`"${type}"`),
      data: type === 'orderbook' ? bookData : tradeData,
    },
    ['collector_timestamp', 'collector_sequence', 'type', 'data'],
  ),
);

describe("mde decode's lines", () => {
  it('are exactly the naive model of the printed line for any row, copied or not', () => {
    let copied = 0;
    let rows = 0;
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), (lines) => {
        const valid = lines.filter((line) => {
          const parsed = JSON.parse(line) as Json;
          // Only whole ms times are records; the rest are malformed lines, another test's business.
          return Number.isSafeInteger(parsed['collector_timestamp']) && Number.isSafeInteger(parsed['collector_sequence']) && (parsed['exchange_timestamp'] === null || parsed['exchange_timestamp'] === undefined || Number.isSafeInteger(parsed['exchange_timestamp']));
        });
        const result = decoded(valid);
        expect(result.text).toBe(valid.map((line) => `${expectedLine(line)}\n`).join(''));
        copied += result.copied;
        rows += valid.length;
      }),
      { numRuns: 1500 },
    );
    // The property covers both ways of writing a line.
    expect(copied).toBeGreaterThan(rows / 20);
    expect(copied).toBeLessThan(rows);
  });

  it('copy the usual rows: shortest numbers, trailing fraction zeros left out, trades with order_id first and no maker', () => {
    const lines = [
      '{"collector_timestamp":1717200000001,"collector_sequence":1,"exchange_timestamp":1717199999999,"exchange_sequence":null,"source":"binance","market":"BTC-USDT","type":"orderbook","data":{"is_snapshot":true,"bids":[[43000.8,0.3584],[43000.0,0.8080]],"asks":[]}}',
      '{"collector_timestamp":1717200000002,"collector_sequence":2,"exchange_timestamp":1717199999300,"exchange_sequence":"trade-1","source":"deribit","market":"BTC","instrument":"BTC-29MAR24-50000-C","type":"trade","data":{"order_id":"1","price":0.0175,"quantity":1.0,"side":"buy"}}',
    ];
    const result = decoded(lines);
    expect(result.copied).toBe(2);
    expect(result.text).toBe(
      '{"type":"orderbook","collector_timestamp":1717200000001,"collector_sequence":1,"exchange_timestamp":1717199999999,"exchange_sequence":null,"source":"binance","market":"BTC-USDT","instrument":null,"data":{"is_snapshot":true,"bids":[[43000.8,0.3584],[43000,0.808]],"asks":[]}}\n' +
        '{"type":"trade","collector_timestamp":1717200000002,"collector_sequence":2,"exchange_timestamp":1717199999300,"exchange_sequence":"trade-1","source":"deribit","market":"BTC","instrument":"BTC-29MAR24-50000-C","data":{"price":0.0175,"quantity":1,"side":"buy","order_id":"1","maker":null,"taker":null,"liquidation":null}}\n',
    );
  });

  it('are formatted from the record where the text differs in more than trailing zeros', () => {
    for (const data of [
      '{"is_snapshot":true,"bids":[[1e-7,1]],"asks":[]}',
      '{"is_snapshot":true,"bids":[[-0,1]],"asks":[]}',
      '{"is_snapshot":true,"bids":[[1234567890123456,1]],"asks":[]}',
      '{"is_snapshot":true,"bids":[[0.0000001,1]],"asks":[]}',
      '{"is_snapshot":true, "bids":[[1,1]],"asks":[]}',
      '{"bids":[[1,1]],"is_snapshot":true,"asks":[]}',
      '{"is_snapshot":true,"bids":[[1,1]]}',
    ]) {
      const line = `{"collector_timestamp":1717200000000,"collector_sequence":1,"type":"orderbook","data":${data}}`;
      expect(decoded([line])).toEqual({ text: `${expectedLine(line)}\n`, copied: 0 });
    }
  });

  it('hold a line longer than the output buffer, and the lines after it', () => {
    const levels = Array.from({ length: 40_000 }, (_, i) => `[${(50_000 - i / 10).toFixed(1)},${(i % 97) / 4}]`).join(',');
    const lines = [
      `{"collector_timestamp":1717200000001,"collector_sequence":1,"type":"orderbook","data":{"is_snapshot":true,"bids":[${levels}],"asks":[]}}`,
      '{"collector_timestamp":1717200000002,"collector_sequence":2,"type":"trade","data":{"price":1.5,"quantity":2}}',
    ];
    const result = decoded(lines);
    expect(result.text.length).toBeGreaterThan(512 * 1024);
    expect(result).toEqual({ text: lines.map((line) => `${expectedLine(line)}\n`).join(''), copied: 2 });
  });
});

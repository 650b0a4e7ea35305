import { describe, expect, it } from 'vitest';
import type { SnapshotHeader } from '../../../shared/snapshot/records.ts';
import { l2FileLines } from '../../../electron/server/simulator/l2-file-generator.ts';
import { createPrng } from '../../../electron/server/simulator/prng.ts';
import { FastV2LineParser, type ScannedRow } from '../../../electron/codec/records/fast-v2-line.ts';
import { LineProblem } from '../../../electron/codec/records/line-problem.ts';
import { v2Record } from '../../../electron/codec/records/v2-record.ts';

const header: SnapshotHeader = {
  schemaVersion: 'v2', source: 'binance', market: 'BTC-USDT', date: null, startTime: null, endTime: null, eventCount: null, counts: {}, collectorVersion: null,
};

/** What the general path (JSON.parse + v2Record) makes of a line, or null when it rejects it. */
function general(line: string): unknown {
  const verdict = generalVerdict(line);
  return typeof verdict === 'string' ? null : verdict;
}

/** The general path's record, or the reason it rejects the line. */
function generalVerdict(line: string): object | string {
  try {
    const row: unknown = JSON.parse(line);
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return 'not an object';
    return v2Record(row as Record<string, unknown>, header, 1);
  } catch (error) {
    if (error instanceof LineProblem || error instanceof SyntaxError) return error.message;
    throw error;
  }
}

function fast(line: string): ReturnType<FastV2LineParser['parse']> {
  // Padding around the line checks the parser never reads past its end.
  const bytes = Buffer.from(`}]"${line}\n}}`);
  return new FastV2LineParser().parse(bytes, 3, bytes.length - 3, 1, header);
}

function scan(line: string): ScannedRow | null {
  const bytes = Buffer.from(`}]"${line}\n}}`);
  return new FastV2LineParser().scan(bytes, 3, bytes.length - 3, header, false);
}

describe('byte-level fast path', () => {
  it('produces exactly what JSON.parse + the general path produce for generated book and trade rows', () => {
    const lines = [...l2FileLines({ seed: 7, events: 400, depth: 25, snapshotEvery: 50 })].slice(1);
    for (const line of lines) {
      const result = fast(line);
      expect(result).not.toBeNull();
      expect(result).toEqual(general(line));
    }
  });

  it('parses numbers exactly as JSON.parse does', () => {
    const numbers = ['0', '-0', '1', '0.1', '0.30000000000000004', '123456789012345678', '9007199254740993', '1e-7', '2.5E+3', '-3.75', '43251.30000', '0.000000000000000000000001', '1.7976931348623157e308'];
    for (const text of numbers) {
      const line = `{"collector_timestamp":1717200000000,"collector_sequence":1,"type":"trade","data":{"price":${text},"quantity":1}}`;
      const record = fast(line) as { price: number } | null;
      expect(record?.price).toBe(JSON.parse(text) as number);
    }
  });

  it('never accepts a line that JSON.parse rejects, and agrees with the general path on mutations', () => {
    const lines = [...l2FileLines({ seed: 11, events: 60, depth: 25, snapshotEvery: 10 })].slice(1);
    const random = createPrng(99);
    const alphabet = '{}[],:"0123456789.-+eE \\ntrufalsn\u00e9';
    for (let i = 0; i < 3000; i++) {
      const line = lines[random.int(0, lines.length - 1)] ?? '';
      const at = random.int(0, line.length - 1);
      const choice = random.next();
      const mutated =
        choice < 0.4
          ? line.slice(0, at) + line.slice(at + 1)
          : choice < 0.8
            ? line.slice(0, at) + alphabet.charAt(random.int(0, alphabet.length - 1)) + line.slice(at + 1)
            : line.slice(0, at);
      const quick = fast(mutated);
      if (quick !== null) expect(quick).toEqual(general(mutated));
      // A scan (inspect and download verification read rows without records) takes exactly the rows a parse takes.
      const scanned = scan(mutated);
      expect(scanned === null ? null : { type: scanned.type, collectorTimestamp: scanned.collectorTimestamp }).toEqual(
        quick === null ? null : { type: quick.type, collectorTimestamp: quick.collectorTimestamp },
      );
    }
  });

  it('hands unusual but valid rows to the general path', () => {
    const unusual = [
      '{"collector_timestamp":1717200000000,"collector_sequence":1,"type":"trade","data":{"price":"1.5","quantity":1}}',
      '{"collector_timestamp":1717200000000,"collector_sequence":1,"type":"trade","data":{"price":1,"quantity":1},"raw":{}}',
      '{"collector_timestamp":1717200000000,"collector_sequence":1,"source":"b\\u0069nance","type":"trade","data":{"price":1,"quantity":1}}',
      '{"data":{"price":1,"quantity":1},"collector_timestamp":1717200000000,"collector_sequence":1,"type":"trade"}',
    ];
    for (const line of unusual) {
      expect(fast(line)).toBeNull();
      expect(general(line)).not.toBeNull();
    }
  });

  it('accepts whitespace between tokens like JSON does', () => {
    const line = ' { "collector_timestamp" : 1717200000005 ,\t"collector_sequence":2, "type" : "orderbook" , "data" : { "is_snapshot" : false , "bids" : [ [ 1.5 , 2 ] ] } } ';
    expect(fast(line)).toEqual(general(line));
    expect(fast(line)).toMatchObject({ bids: Float64Array.of(1.5, 2) });
  });

  describe('timestamps', () => {
    const row = (collector: string, exchange = 'null', type = 'trade'): string =>
      `{"collector_timestamp":${collector},"collector_sequence":1,"exchange_timestamp":${exchange},"exchange_sequence":null,"source":"binance","market":"BTC-USDT","instrument":null,"type":"${type}","data":${
        type === 'trade' ? '{"price":1,"quantity":2,"side":"buy"}' : '{"is_snapshot":true,"bids":[[1,2]],"asks":[]}'
      }}`;
    // 2000-01-01 and 2100-01-01 in ms, computed here from the calendar rather than taken from the code.
    const first = Date.UTC(2000, 0, 1);
    const end = Date.UTC(2100, 0, 1);
    const rejected = ['1e300', '1717200000100.5', '-1', '0', '1717200000', '1717200000000000', '9007199254740993', `${first - 1}`, `${end}`, '1e13'];
    const accepted = [`${first}`, `${end - 1}`, '1717200000100', '1717200000100.0', '1.7172000001e12'];

    it('both parsers reject a collector_timestamp that is not whole ms from 2000 to 2100, naming the field', () => {
      for (const type of ['trade', 'orderbook']) {
        for (const value of rejected) {
          const line = row(value, 'null', type);
          expect(fast(line), line).toBeNull();
          expect(generalVerdict(line), line).toMatch(/^collector_timestamp must be a whole number of Unix milliseconds from 2000-01-01 to 2100-01-01 \(it is /);
        }
        for (const value of accepted) {
          const line = row(value, 'null', type);
          expect(fast(line), line).not.toBeNull();
          expect(fast(line)).toEqual(general(line));
        }
      }
    });

    it('both parsers reject such an exchange_timestamp unless it is null', () => {
      for (const type of ['trade', 'orderbook']) {
        for (const value of rejected) {
          const line = row('1717200000100', value, type);
          expect(fast(line), line).toBeNull();
          expect(generalVerdict(line), line).toMatch(/^exchange_timestamp must be a whole number of Unix milliseconds/);
        }
        for (const value of [...accepted, 'null']) {
          const line = row('1717200000100', value, type);
          expect(fast(line), line).not.toBeNull();
          expect(fast(line)).toEqual(general(line));
        }
      }
    });

    it('agrees with the general path on timestamps mutated digit by digit', () => {
      const random = createPrng('fast-path-timestamps', 3);
      const digits = '0123456789.e-+';
      const verdicts = { accepted: 0, rejected: 0 };
      for (let i = 0; i < 2000; i++) {
        let value = '1717200000100';
        for (let edits = random.int(1, 3); edits > 0; edits--) {
          const at = random.int(0, value.length);
          value = value.slice(0, at) + digits.charAt(random.int(0, digits.length - 1)) + value.slice(at + (random.next() < 0.5 ? 1 : 0));
        }
        for (const line of [row(value), row('1717200000100', value)]) {
          const quick = fast(line);
          const verdict = generalVerdict(line);
          if (quick !== null) expect(quick).toEqual(verdict);
          verdicts[typeof verdict === 'string' ? 'rejected' : 'accepted']++;
        }
      }
      expect(verdicts.accepted).toBeGreaterThan(200);
      expect(verdicts.rejected).toBeGreaterThan(200);
    });
  });
});

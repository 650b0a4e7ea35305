import { describe, expect, it } from 'vitest';
import type { SnapshotHeader } from '../../../shared/snapshot/records.ts';
import { l2FileLines } from '../../../electron/services/simulator/l2-file-generator.ts';
import { createPrng } from '../../../electron/services/simulator/prng.ts';
import { FastV2LineParser } from '../../../electron/services/snapshot/fast-v2-line.ts';
import { v2Record } from '../../../electron/services/snapshot/v2-record.ts';

const header: SnapshotHeader = {
  schemaVersion: 'v2', source: 'binance', market: 'BTC-USDT', date: null, startTime: null, endTime: null, eventCount: null, counts: {}, collectorVersion: null,
};

/** What the general path (JSON.parse + v2Record) makes of a line, or null when it rejects it. */
function general(line: string): unknown {
  try {
    const row: unknown = JSON.parse(line);
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return null;
    return v2Record(row as Record<string, unknown>, header, 1);
  } catch {
    return null;
  }
}

function fast(line: string): unknown {
  // Padding around the line checks the parser never reads past its end.
  const bytes = Buffer.from(`}]"${line}\n}}`);
  return new FastV2LineParser().parse(bytes, 3, bytes.length - 3, 1, header);
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
      const line = `{"collector_timestamp":1,"collector_sequence":1,"type":"trade","data":{"price":${text},"quantity":1}}`;
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
    }
  });

  it('hands unusual but valid rows to the general path', () => {
    const unusual = [
      '{"collector_timestamp":1,"collector_sequence":1,"type":"trade","data":{"price":"1.5","quantity":1}}',
      '{"collector_timestamp":1,"collector_sequence":1,"type":"trade","data":{"price":1,"quantity":1},"raw":{}}',
      '{"collector_timestamp":1,"collector_sequence":1,"source":"b\\u0069nance","type":"trade","data":{"price":1,"quantity":1}}',
      '{"data":{"price":1,"quantity":1},"collector_timestamp":1,"collector_sequence":1,"type":"trade"}',
    ];
    for (const line of unusual) {
      expect(fast(line)).toBeNull();
      expect(general(line)).not.toBeNull();
    }
  });

  it('accepts whitespace between tokens like JSON does', () => {
    const line = ' { "collector_timestamp" : 5 ,\t"collector_sequence":2, "type" : "orderbook" , "data" : { "is_snapshot" : false , "bids" : [ [ 1.5 , 2 ] ] } } ';
    expect(fast(line)).toEqual(general(line));
    expect(fast(line)).toMatchObject({ bids: Float64Array.of(1.5, 2) });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SnapshotHeader } from '../../../shared/snapshot/records.ts';
import { FastV2LineParser } from '../../../electron/services/snapshot/fast-v2-line.ts';
import { decodedRecordJson } from '../../../electron/services/snapshot/record-json.ts';

// `mde decode` prints a fast-path record's kept `data` text instead of re-formatting it. The oracle
// is what it printed before: JSON.stringify of the decoded record's data.

const header: SnapshotHeader = {
  schemaVersion: 'v2', source: 'binance', market: 'BTC-USDT', date: null, startTime: null, endTime: null, eventCount: null, counts: {}, collectorVersion: null,
};

function parsed(data: string) {
  const line = `{"collector_timestamp":1717200000000,"collector_sequence":1,"exchange_timestamp":null,"exchange_sequence":null,"source":"binance","market":"BTC-USDT","type":"orderbook","data":${data}}`;
  const bytes = Buffer.from(line);
  const record = new FastV2LineParser(true).parse(bytes, 0, bytes.length, 1, header);
  if (record === null) throw new Error(`the fast path refused ${line}`);
  return { kept: record.dataText, printed: JSON.stringify(decodedRecordJson(record).data) };
}

/** Number texts JSON allows, many of them not in JSON.stringify's form. */
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e-9, max: 1e22 }).map((value) => JSON.stringify(value)),
  fc.tuple(fc.boolean(), fc.nat(999_999), fc.nat(9), fc.integer({ min: 0, max: 8 })).map(([minus, whole, lastDigit, zeros]) => `${minus ? '-' : ''}${whole}.${'0'.repeat(zeros)}${lastDigit}${'0'.repeat(zeros % 3)}`),
  fc.constantFrom('0', '-0', '0.0', '-0.0', '43000.0', '0.8080', '1e-7', '1E3', '0.000001', '0.0000001', '0.0000010', '1234567890123456', '123456789012345', '100', '1.50', '2.5e-3'),
);

describe('the kept data text of a fast-path record', () => {
  it('is exactly what JSON.stringify printed for the decoded data, whenever it is kept', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(fc.tuple(numberText, numberText), { maxLength: 6 }), fc.array(fc.tuple(numberText, numberText), { maxLength: 6 }), (snapshot, bids, asks) => {
        const side = (levels: [string, string][]): string => `[${levels.map(([price, size]) => `[${price},${size}]`).join(',')}]`;
        let data: ReturnType<typeof parsed>;
        try {
          data = parsed(`{"is_snapshot":${snapshot},"bids":${side(bids)},"asks":${side(asks)}}`);
        } catch {
          return; // a number the fast path leaves to the general path (none of this test's business)
        }
        if (data.kept !== undefined) expect(data.kept).toBe(data.printed);
      }),
      { numRuns: 2000 },
    );
  });

  it('is kept for the usual files: shortest numbers, and fixed decimals whose trailing zeros it leaves out', () => {
    expect(parsed('{"is_snapshot":true,"bids":[[43000.8,0.3584],[43000.0,0.8080]],"asks":[]}')).toEqual({
      kept: '{"is_snapshot":true,"bids":[[43000.8,0.3584],[43000,0.808]],"asks":[]}',
      printed: '{"is_snapshot":true,"bids":[[43000.8,0.3584],[43000,0.808]],"asks":[]}',
    });
    expect(parsed('{"is_snapshot":false,"bids":[[0.000001,0.0]],"asks":[[2,100]]}').kept).toBe('{"is_snapshot":false,"bids":[[0.000001,0]],"asks":[[2,100]]}');
  });

  it('is not kept where the text differs in more than trailing zeros: exponents, -0, 16+ digits, below 1e-6, spaces, other key orders, a missing side', () => {
    for (const data of [
      '{"is_snapshot":true,"bids":[[1e-7,1]],"asks":[]}',
      '{"is_snapshot":true,"bids":[[-0,1]],"asks":[]}',
      '{"is_snapshot":true,"bids":[[1234567890123456,1]],"asks":[]}',
      '{"is_snapshot":true,"bids":[[0.0000001,1]],"asks":[]}',
      '{"is_snapshot":true, "bids":[[1,1]],"asks":[]}',
      '{"bids":[[1,1]],"is_snapshot":true,"asks":[]}',
      '{"is_snapshot":true,"bids":[[1,1]]}',
    ]) {
      const { kept, printed } = parsed(data);
      expect({ data, kept }).toEqual({ data, kept: undefined });
      expect(printed.length).toBeGreaterThan(0);
    }
  });
});

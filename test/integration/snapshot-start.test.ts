import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import type { L2Row } from '../../shared/book/index.ts';
import { observationOfFlatRow } from '../support/book-observations.ts';
import { referenceHourOfHand, writeHandHour, type HandBook, type HandHour, type HandRow } from '../support/capture-fixture.ts';
import { referenceObservations, referenceSteps } from '../support/reference-l2-books.ts';
import { requestService, type RequestOptions } from './conformance/support/http.ts';
import { pageAll } from './conformance/support/paging.ts';
import { paidKey } from './conformance/support/service-fixture.ts';
import { readCaptureSummary } from '../../electron/server/store/capture-summary.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// What lets /l2-orderbooks start a first page at the snapshot before its range without decoding
// the hour up to it: the capture summary's snapshot rows (line, running max of book times) and a
// decode that passes over the lines before a given one. Checked on a hand-written file.

const tempDir = useTempDirs();
const base = 1_704_067_200_000;
const envelope = (time: number, sequence: number) => `"collector_timestamp":${base + time},"collector_sequence":${sequence},"exchange_timestamp":null,"exchange_sequence":null,"source":"x","market":"Y"`;
const lines = [
  `{${envelope(1000, 0)},"type":"metadata","data":{"schema_version":"v2","date":"2024-01-01","start_time":${base + 1000},"end_time":${base + 2000},"event_count":6,"collector_version":"t"}}`,
  `{${envelope(1010, 1)},"type":"orderbook","data":{"is_snapshot":false,"bids":[[10,1]],"asks":[]}}`, // line 2: a delta before any snapshot
  `{${envelope(1020, 2)},"type":"orderbook","data":{"is_snapshot":true,"bids":[[10,2]],"asks":[[11,3]]}}`, // line 3: the first snapshot
  `{${envelope(1030, 3)},"type":"trade","data":{"price":10,"quantity":1,"side":"buy","order_id":null}}`, // line 4: a trade (not a book row)
  `{${envelope(1025, 4)},"type":"orderbook","data":{"is_snapshot":false,"bids":[[9,1]],"asks":[]}}`, // line 5: steps back 5 ms
  `{${envelope(1040, 5)},"type":"orderbook","data":{ "is_snapshot" : true ,"bids":[[10,5]],"asks":[[12,1]]}}`, // line 6: a second snapshot, spaced
  `{${envelope(1050, 6)},"type":"orderbook","data":{"is_snapshot":false,"bids":[],"asks":[[12,0]]}}`, // line 7
];

describe('starting a replay at a snapshot', () => {
  it('the capture summary lists the book snapshot rows with the running max of book times at and before them', async () => {
    const path = join(await tempDir(), 'standard-x-Y-2024-01-01-00.jsonl.zst');
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(`${lines.join('\n')}\n`)));
    const summary = await readCaptureSummary(path);
    expect(summary.snapshots).toEqual([
      { line: 3, clock: base + 1020, highestBefore: base + 1010 },
      // Line 5 (1025) is earlier than the trade before it but later than every book row: the book rows' max before line 6.
      { line: 6, clock: base + 1040, highestBefore: base + 1025 },
    ]);
    expect(summary.bookInstruments).toBe(false);
  });

  it('a decode from a line passes over the lines before it, but still reads the header', async () => {
    const path = join(await tempDir(), 'standard-x-Y-2024-01-01-00.jsonl.zst');
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(`${lines.join('\n')}\n`)));
    const from6 = await decodeHourFile(path, new Set(['orderbook']), 6);
    expect(from6.map((record) => record.line)).toEqual([6, 7]);
    const whole = await decodeHourFile(path, new Set(['orderbook']));
    expect(whole.map((record) => record.line)).toEqual([2, 3, 5, 6, 7]);
    // The records read from line 6 are the same as those of the whole decode from there.
    expect(from6).toEqual(whole.slice(3));
    // With a stop rule, the decode ends at the first record the rule accepts.
    const untilLine5 = await decodeHourFile(path, new Set(['orderbook']), 3, (record) => record.line >= 5);
    expect(untilLine5.map((record) => record.line)).toEqual([3, 5]);
  });

  it('marks a file whose book rows name instruments (several books: their snapshots do not come together)', async () => {
    const path = join(await tempDir(), 'standard-x-Y-2024-01-01-00.jsonl.zst');
    const withInstrument = lines.map((line, i) => (i === 2 ? line.replace('"type":"orderbook"', '"instrument":"A","type":"orderbook"') : line));
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(`${withInstrument.join('\n')}\n`)));
    expect((await readCaptureSummary(path)).bookInstruments).toBe(true);
  });
});

describe('a first page read only as far as it needs', () => {
  it('reads on through the rest of the hour when the rows it read make too few books (a restart with no snapshot for a while)', async () => {
    // One book: a snapshot, deltas, then a collector restart followed by 150 deltas that make no
    // book (the session has had no snapshot), a snapshot, and deltas. A first page of 5 books from
    // just before the restart reads its rows from the first snapshot, stops after the 5 (+ spare)
    // rows in range, finds they made too few books, and must go on reading the hour.
    const hourStart = Date.UTC(2026, 10, 20, 8);
    const second = 1000;
    const snap = (bid: number): HandBook => ({ instrument: null, snapshot: true, bids: [[bid, 1], [bid - 1, 2]], asks: [[bid + 1, 1], [bid + 2, 2]] });
    const delta = (bid: number, quantity: number): HandBook => ({ instrument: null, snapshot: false, bids: [[bid, quantity]], asks: [] });
    const rows: HandRow[] = [{ sequence: 10, time: hourStart + second, book: snap(100) }];
    for (let i = 0; i < 20; i++) rows.push({ sequence: 11 + i, time: hourStart + (2 + i) * second, book: delta(99.5, i + 1) });
    for (let i = 0; i < 150; i++) rows.push({ sequence: 1 + i, time: hourStart + (30 + i) * second, book: delta(200, i + 1) });
    rows.push({ sequence: 151, time: hourStart + 200 * second, book: snap(300) });
    for (let i = 0; i < 20; i++) rows.push({ sequence: 152 + i, time: hourStart + (201 + i) * second, book: delta(299.5, i + 1) });
    const hour: HandHour = { source: 'testvenue', market: 'ONE-USD', hourStart, rows };
    const folder = await tempDir();
    await writeHandHour(folder, hour);
    const service = await startEmbeddedService({ data: { kind: 'directory', root: folder }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => hourStart + 3 * 3_600_000 } });
    try {
      const range = { source: hour.source, market: hour.market, start: hourStart + 20 * second, end: hourStart + 600 * second };
      const target = { get: <T>(path: string, options?: RequestOptions) => requestService<T>(service.baseUrl, path, options) };
      const served = (await pageAll<L2Row>(target, '/l2-orderbooks', { query: { ...range, limit: 5 }, key: paidKey })).items;
      const expected = referenceObservations(referenceSteps([referenceHourOfHand(hour)]), 25).filter((book) => book.time >= range.start && book.time <= range.end);
      // 2 deltas before the restart and the 21 rows from the second snapshot make books; the 150 between do not.
      expect(expected).toHaveLength(2 + 21);
      expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
    } finally {
      await service.close();
    }
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCaptureSummary } from '../../electron/services/local-service/store/capture-summary.ts';
import { decodeHourFile } from '../../electron/services/local-service/store/decode-hour-file.ts';
import { compressZstdFrame } from '../../electron/services/snapshot/zstd-compressor.ts';
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
  });

  it('marks a file whose book rows name instruments (several books: their snapshots do not come together)', async () => {
    const path = join(await tempDir(), 'standard-x-Y-2024-01-01-00.jsonl.zst');
    const withInstrument = lines.map((line, i) => (i === 2 ? line.replace('"type":"orderbook"', '"instrument":"A","type":"orderbook"') : line));
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(`${withInstrument.join('\n')}\n`)));
    expect((await readCaptureSummary(path)).bookInstruments).toBe(true);
  });
});

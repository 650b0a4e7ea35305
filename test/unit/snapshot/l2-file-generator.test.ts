import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeL2File } from '../../../electron/server/simulator/l2-file-generator.ts';
import { decodeSnapshot } from '../../../electron/codec/snapshot-reader.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const tempDir = useTempDirs();

describe('L2 file generator', () => {
  it('writes the same zstd bytes for the same seed, and different ones for another', async () => {
    const dir = await tempDir();
    const options = { events: 500, depth: 25, frameBytes: 20_000 };
    await writeL2File(join(dir, 'a.jsonl.zst'), { seed: 1, ...options });
    await writeL2File(join(dir, 'b.jsonl.zst'), { seed: 1, ...options });
    await writeL2File(join(dir, 'c.jsonl.zst'), { seed: 2, ...options });
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((name) => readFile(join(dir, `${name}.jsonl.zst`))));
    expect(a?.equals(b ?? Buffer.alloc(0))).toBe(true);
    expect(a?.equals(c ?? Buffer.alloc(0))).toBe(false);
  });

  it('writes an L2-heavy v2 file whose header matches its rows', async () => {
    const dir = await tempDir();
    const written = await writeL2File(join(dir, 'l2.jsonl.zst'), { seed: 5, events: 1000, depth: 30, snapshotEvery: 100, frameBytes: 50_000 });
    const records: SnapshotRecord[] = [];
    const result = await decodeSnapshot({ path: written.path }, { onRecords: (batch) => void records.push(...batch) });
    expect(result.ok).toBe(true);
    const summary = result.summary;
    expect(summary.header?.eventCount).toBe(1000);
    expect(summary.header?.counts).toEqual({ orderbook_count: written.counts.orderbook, trade_count: written.counts.trade });
    expect(summary.countsByType).toEqual({ orderbook: written.counts.orderbook, trade: written.counts.trade });
    expect(summary.header?.startTime).toBe(summary.firstCollectorTimestamp === null ? null : Math.min(...records.map((r) => r.collectorTimestamp)));
    expect(summary.decompressedBytes).toBe(written.uncompressedBytes);
    const snapshots = records.filter((r) => r.type === 'orderbook' && r.isSnapshot);
    expect(snapshots).toHaveLength(10);
    for (const book of snapshots) if (book.type === 'orderbook') expect(book.bids.length).toBe(60);
    const deltas = records.filter((r) => r.type === 'orderbook' && !r.isSnapshot);
    expect(deltas.every((r) => r.type === 'orderbook' && r.bids.length + r.asks.length <= 8)).toBe(true);
    const sequences = records.map((r) => r.collectorSequence ?? 0);
    expect(sequences.every((s, i) => i === 0 || s > (sequences[i - 1] ?? 0))).toBe(true);
  });
});

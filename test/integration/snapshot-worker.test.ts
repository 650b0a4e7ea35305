import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DecodeProgress } from '../../shared/snapshot/decode-summary.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import { writeL2File } from '../../electron/server/simulator/l2-file-generator.ts';
import { decodeSnapshotInWorker } from '../../electron/codec/decode-worker-client.ts';
import { decodeSnapshot } from '../../electron/codec/snapshot-reader.ts';
import { snapshotWorkerEntry } from '../../electron/codec/worker-entry.ts';
import { useTempDirs } from '../support/temp-dir.ts';

const tempDir = useTempDirs();

describe('snapshot decode worker', () => {
  it('decodes in a worker thread with the same records as in-process, reporting progress to the end', async () => {
    const dir = await tempDir();
    const file = await writeL2File(join(dir, 'w.jsonl.zst'), { seed: 3, events: 20_000, frameBytes: 200_000 });
    const inWorker: SnapshotRecord[] = [];
    const progress: DecodeProgress[] = [];
    const job = decodeSnapshotInWorker(file.path, {
      onRecords: async (batch) => {
        // A slow consumer without a clock: it waits for the event loop's next check phase, so
        // the worker's next batches arrive and queue behind this one and flow control must act.
        await new Promise<void>((resolve) => setImmediate(resolve));
        inWorker.push(...batch);
      },
      onProgress: (p) => progress.push(p),
      maxBatchesInFlight: 2,
    });
    const result = await job.result;
    expect(result.ok).toBe(true);
    const inProcess: SnapshotRecord[] = [];
    await decodeSnapshot({ path: file.path }, { onRecords: (batch) => void inProcess.push(...batch) });
    expect(inWorker).toEqual(inProcess);
    expect(result.summary.records).toBe(20_000);
    expect(progress.at(-1)).toMatchObject({ bytesRead: file.compressedBytes, totalBytes: file.compressedBytes });
    expect(progress.every((p, i) => i === 0 || p.bytesRead >= (progress[i - 1]?.bytesRead ?? 0))).toBe(true);
  });

  it('stops on cancel with a cancelled error and the records so far', async () => {
    const dir = await tempDir();
    const file = await writeL2File(join(dir, 'big.jsonl.zst'), { seed: 4, events: 200_000 });
    let delivered = 0;
    const job = decodeSnapshotInWorker(file.path, {
      onRecords: (batch) => {
        delivered += batch.length;
        if (delivered > 1000) job.cancel();
      },
    });
    const result = await job.result;
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('cancelled');
    expect(result.summary.records).toBeLessThan(200_000);
  });

  it('returns a bad file as a typed error, not a crash', async () => {
    const result = await decodeSnapshotInWorker(join(import.meta.dirname, 'snapshot-worker.test.ts')).result;
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('not-zstd');
  });

  it('finds the built worker beside the bundle, and the TypeScript one from source', () => {
    const built = snapshotWorkerEntry('file:///app/out/main/index.js');
    expect(built).toMatchObject({ kind: 'file', url: new URL('file:///app/out/main/snapshot-decode-worker.js') });
    const source = snapshotWorkerEntry();
    expect(source.kind).toBe('eval');
    if (source.kind === 'eval') expect(source.code).toContain('decode-worker.ts');
  });
});

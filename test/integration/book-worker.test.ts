import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookEvent } from '../../shared/book/book-event.ts';
import type { L2Row } from '../../shared/book/l2-row.ts';
import { bookEventFromL2Row } from '../../shared/book/l2-row-events.ts';
import { BookWorkerClient, type BookFrames } from '../../electron/services/book/book-worker-client.ts';
import { bookWorkerEntry } from '../../electron/services/book/book-worker-entry.ts';
import type { ReplayProgress } from '../../electron/services/book/book-worker-protocol.ts';
import { hourOfEvents, l2UpdateRow, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { flattenFrames, inProcessFrames } from '../support/frame-reference.ts';
import { useTempDirs } from '../support/temp-dir.ts';

const tempDir = useTempDirs();
const client = new BookWorkerClient();
afterAll(() => client.close());

const hour = (h: number): SnapshotFileSpec => ({ source: 'hyperliquid', market: 'BTC', hour: Date.UTC(2024, 5, 1, h) });

describe('book worker', () => {
  it('streams the same frames as the in-process engine across consecutive hourly files, with progress to the end', async () => {
    const dir = await tempDir();
    const first = hourOfEvents(hour(0), 1, 3000);
    const second = hourOfEvents(hour(1), 2, 3000).slice(1); // starts with deltas: the book carries over
    const paths = [await writeSnapshotFile(dir, hour(0), first), await writeSnapshotFile(dir, hour(1), second)];
    const received: BookFrames[] = [];
    const progress: ReplayProgress[] = [];
    const result = await client.replayFiles(paths, { depth: 10, chunkFrames: 500, onFrames: (f) => void received.push(f), onProgress: (p) => progress.push(p) }).result;

    expect(result.ok).toBe(true);
    expect(flattenFrames(received.map((f) => f.chunk))).toEqual(flattenFrames(inProcessFrames([...first, ...second], 10)));
    expect(received.every((f) => f.chunk.buffer instanceof ArrayBuffer && f.book.market === 'BTC')).toBe(true);
    expect(received.length).toBe(Math.ceil(5999 / 500));
    expect(result.progress).toMatchObject({ events: 5999, frames: 5999, resets: 0, chunks: received.length });
    const last = progress.at(-1);
    expect(last?.bytesRead).toBeGreaterThan(0);
    expect(last?.bytesRead).toBe(last?.totalBytes);
  });

  it('resets at a coverage gap: no book after the gap until the next snapshot', async () => {
    const dir = await tempDir();
    const before = hourOfEvents(hour(0), 3, 1200);
    const after = hourOfEvents(hour(2), 4, 1200, 500).slice(1); // deltas first, the next snapshot is at index 499
    const paths = [await writeSnapshotFile(dir, hour(0), before), await writeSnapshotFile(dir, hour(2), after)];
    const received: BookFrames[] = [];
    const result = await client.replayFiles(paths, { onFrames: (f) => void received.push(f) }).result;

    expect(result.ok).toBe(true);
    const frames = flattenFrames(received.map((f) => f.chunk));
    const reset = { reset: true as const, collectorTimestamp: hour(2).hour };
    expect(frames).toEqual(flattenFrames(inProcessFrames([...before, reset, ...after])));
    const firstSnapshotAfter = after.find((event) => event.isSnapshot)?.collectorTimestamp ?? Number.NaN;
    expect(frames.timestamps.filter((t) => t >= hour(2).hour && t < firstSnapshotAfter)).toEqual([]);
    expect(frames.timestamps.length).toBe(1200 + after.length - 499);
    expect(result.progress).toMatchObject({ resets: 1, withoutBook: 499 });
  });

  it('judges the hour from the metadata header when the file name is not a snapshot key', async () => {
    const dir = await tempDir();
    const before = hourOfEvents(hour(5), 5, 600);
    const after = hourOfEvents(hour(9), 6, 600).slice(1);
    const paths = [await writeSnapshotFile(dir, hour(5), before, 'a.jsonl.zst'), await writeSnapshotFile(dir, hour(9), after, 'b.jsonl.zst')];
    const result = await client.replayFiles(paths).result;
    expect(result).toMatchObject({ ok: true, progress: { resets: 1, withoutBook: 499 } });
  });

  it('stops promptly on cancel', async () => {
    const dir = await tempDir();
    const events = hourOfEvents(hour(3), 7, 60_000);
    const path = await writeSnapshotFile(dir, hour(3), events);
    const abort = new AbortController();
    let chunks = 0;
    const replay = client.replayFiles([path], {
      chunkFrames: 256,
      signal: abort.signal,
      onFrames: () => {
        if (++chunks === 2) abort.abort();
      },
    });
    const started = performance.now();
    const result = await replay.result;
    expect(performance.now() - started).toBeLessThan(5000);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('cancelled');
    expect(result.progress.events).toBeLessThan(60_000);
    expect(chunks).toBe(2);
    expect(client.activeReplays).toBe(0);
  });

  it('replays pages of /l2-updates rows pulled only as the worker needs them', async () => {
    const events = hourOfEvents(hour(4), 8, 4000, 700);
    const rows = events.map((event, i) => l2UpdateRow(event, i));
    const pageSize = 250;
    let pulled = 0;
    let maxAhead = 0;
    let framesSeen = 0;
    async function* pages(): AsyncGenerator<{ items: L2Row[]; has_more: boolean; next_cursor: string | null }> {
      for (let start = 0; start < rows.length; start += pageSize) {
        pulled++;
        await new Promise((resolve) => setTimeout(resolve, 1));
        yield { items: rows.slice(start, start + pageSize), has_more: start + pageSize < rows.length, next_cursor: null };
      }
    }
    const received: BookFrames[] = [];
    const result = await client.replayPages(pages(), {
      rows: 'l2-updates',
      chunkFrames: pageSize,
      maxChunksInFlight: 1,
      onFrames: async (f) => {
        received.push(f);
        framesSeen += f.chunk.count;
        maxAhead = Math.max(maxAhead, pulled - framesSeen / pageSize);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    }).result;
    expect(result).toMatchObject({ ok: true, progress: { pages: 16, events: 4000 } });
    const reference = inProcessFrames(rows.map((row, i) => bookEventFromL2Row(row, i)));
    expect(flattenFrames(received.map((f) => f.chunk))).toEqual(flattenFrames(reference));
    expect(maxAhead).toBeLessThanOrEqual(3);
  });

  it('reports a bad file, a failing page source and a data error as typed results', async () => {
    const dir = await tempDir();
    const notZstd = join(dir, 'plain.jsonl.zst');
    await writeFile(notZstd, '{"not":"compressed"}\n');
    expect(await client.replayFiles([notZstd]).result).toMatchObject({ ok: false, error: { kind: 'snapshot-file' } });
    expect(await client.replayFiles([join(dir, 'missing.jsonl.zst')]).result).toMatchObject({ ok: false, error: { kind: 'snapshot-file' } });

    const bad: BookEvent[] = hourOfEvents(hour(6), 9, 10);
    const broken = bad[3];
    if (broken !== undefined) broken.asks = Float64Array.of(-1, 2);
    const path = await writeSnapshotFile(dir, hour(6), bad);
    const dataError = await client.replayFiles([path]).result;
    expect(dataError).toMatchObject({ ok: false, error: { kind: 'book-data' }, progress: { frames: 3 } });
    if (!dataError.ok) expect(dataError.error.message).toContain('line 5');

    async function* failing(): AsyncGenerator<L2Row[]> {
      yield [l2UpdateRow(bad[0] ?? (bad[1] as BookEvent), 0)];
      await Promise.resolve();
      throw new Error('HTTP 503 from the service');
    }
    expect(await client.replayPages(failing(), { rows: 'l2-orderbooks' }).result).toMatchObject({
      ok: false,
      error: { kind: 'page-source', message: expect.stringContaining('HTTP 503') as unknown },
      progress: { frames: 1 },
    });
  });

  it('finds the built worker beside the bundle, and the TypeScript one from source', () => {
    expect(bookWorkerEntry('file:///app/out/main/index.js')).toMatchObject({ kind: 'file', url: new URL('file:///app/out/main/book-replay-worker.js') });
    const source = bookWorkerEntry();
    expect(source.kind).toBe('eval');
    if (source.kind === 'eval') expect(source.code).toContain('book-worker.ts');
  });
});

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { BookEvent } from '../../shared/book/book-event.ts';
import type { L2Row } from '../../shared/rows/l2-row.ts';
import type { HealthMark } from '../../shared/book/health-marks.ts';
import { BookWorkerClient, type BookFrames } from '../../electron/host/book/book-worker-client.ts';
import { bookWorkerEntry } from '../../electron/host/book/book-worker-entry.ts';
import type { ReplayProgress } from '../../electron/host/book/book-worker-protocol.ts';
import { hourOfEvents, l2UpdateRow, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { observationsOfFrames, referenceHourOf, referenceUpdateOfFlatRow } from '../support/book-observations.ts';
import { flatFramesByBook, inProcessFramesByBook } from '../support/frame-reference.ts';
import { interleavedBookEvents } from '../support/interleaved-books.ts';
import { observationsByBook, ReferenceL2Books, referenceObservations, referenceSteps, type ReferenceObservation, type ReferenceStep } from '../support/reference-l2-books.ts';
import { useTempDirs } from '../support/temp-dir.ts';
import { referenceHourOfHand, writeHandHour } from '../support/capture-fixture.ts';
import { captureHours } from '../support/capture-session-hours.ts';

const tempDir = useTempDirs();
const client = new BookWorkerClient();
afterAll(() => client.close());

const hour = (h: number): SnapshotFileSpec => ({ source: 'hyperliquid', market: 'BTC', hour: Date.UTC(2024, 5, 1, h) });
const instruments = [null, 'BTC-PERP', 'BTC-28JUN24-60000-C'] as const;
const eventsOf = (h: number, seed: number, events: number): BookEvent[] =>
  interleavedBookEvents({ seed, source: 'hyperliquid', market: 'BTC', hourStart: hour(h).hour, instruments, events });

/** The reference model's frames, by book: one after every event that produced a book. */
function modelFrames(steps: readonly ReferenceStep[], depth: number, books = new ReferenceL2Books()): Map<string, ReferenceObservation[]> {
  return observationsByBook(referenceObservations(steps, depth, books));
}

/** The worker's frames, by book, as the model's observations. */
function workerFrames(received: readonly BookFrames[]): Map<string, ReferenceObservation[]> {
  return observationsByBook(observationsOfFrames(received));
}

describe('book worker', () => {
  it('streams the reference books of several interleaved books across consecutive hourly files, with progress to the end', async () => {
    const dir = await tempDir();
    const first = eventsOf(0, 1, 3000);
    const second = eventsOf(1, 2, 3000); // its deltas apply to the books carried over from the first hour
    const paths = [await writeSnapshotFile(dir, hour(0), first), await writeSnapshotFile(dir, hour(1), second)];
    const received: BookFrames[] = [];
    const progress: ReplayProgress[] = [];
    const result = await client.replayFiles(paths, { depth: 10, chunkFrames: 500, onFrames: (f) => void received.push(f), onProgress: (p) => progress.push(p) }).result;

    expect(result.ok).toBe(true);
    const model = new ReferenceL2Books();
    const expected = modelFrames(referenceSteps([referenceHourOf(hour(0).hour, first), referenceHourOf(hour(1).hour, second)]), 10, model);
    expect(model.counts.deletedLevels).toBeGreaterThan(0);
    expect(expected.size).toBe(instruments.length);
    expect(workerFrames(received)).toEqual(expected);
    // Metrics and flags too: the same frames as the engine and recorder produce in-process.
    expect(flatFramesByBook(received)).toEqual(inProcessFramesByBook([...first, ...second], 10));
    expect(received.every((f) => f.chunk.buffer instanceof ArrayBuffer && f.book.market === 'BTC')).toBe(true);
    const frameCount = [...expected.values()].reduce((sum, frames) => sum + frames.length, 0);
    expect(received.length).toBe([...expected.values()].reduce((sum, frames) => sum + Math.ceil(frames.length / 500), 0));
    expect(result.progress).toMatchObject({ events: 6000, frames: frameCount, resets: 0, withoutBook: model.counts.ignoredDeltas, chunks: received.length });
    const last = progress.at(-1);
    expect(last?.bytesRead).toBeGreaterThan(0);
    expect(last?.bytesRead).toBe(last?.totalBytes);
  });

  it('resets at a coverage gap: no book after the gap until its next snapshot', async () => {
    const dir = await tempDir();
    const before = eventsOf(0, 3, 1200);
    const after = eventsOf(2, 4, 1200);
    const paths = [await writeSnapshotFile(dir, hour(0), before), await writeSnapshotFile(dir, hour(2), after)];
    const received: BookFrames[] = [];
    const result = await client.replayFiles(paths, { onFrames: (f) => void received.push(f) }).result;

    expect(result.ok).toBe(true);
    const model = new ReferenceL2Books();
    const expected = modelFrames(referenceSteps([referenceHourOf(hour(0).hour, before), referenceHourOf(hour(2).hour, after)]), 25, model);
    expect(model.counts.clears).toBe(1);
    // The gap cost each book its deltas before its next snapshot.
    expect([...expected.values()].flat().filter((frame) => frame.time >= hour(2).hour).length).toBeLessThan(after.length);
    expect(workerFrames(received)).toEqual(expected);
    const reset = { reset: true as const, collectorTimestamp: hour(2).hour };
    expect(flatFramesByBook(received)).toEqual(inProcessFramesByBook([...before, reset, ...after]));
    expect(result.progress).toMatchObject({ resets: 1, withoutBook: model.counts.ignoredDeltas });
  });

  it('judges the hour from the metadata header when the file name is not a snapshot key', async () => {
    const dir = await tempDir();
    const before = eventsOf(5, 5, 600);
    const after = eventsOf(9, 6, 600);
    const paths = [await writeSnapshotFile(dir, hour(5), before, 'a.jsonl.zst'), await writeSnapshotFile(dir, hour(9), after, 'b.jsonl.zst')];
    const received: BookFrames[] = [];
    const result = await client.replayFiles(paths, { onFrames: (f) => void received.push(f) }).result;
    const model = new ReferenceL2Books();
    expect(workerFrames(received)).toEqual(modelFrames(referenceSteps([referenceHourOf(hour(5).hour, before), referenceHourOf(hour(9).hour, after)]), 25, model));
    expect(result).toMatchObject({ ok: true, progress: { resets: 1, withoutBook: model.counts.ignoredDeltas } });
  });

  it('resets where the collector restarted, in mid-file and at a file\'s first row: the reference books, a session-restart mark on every book, and the deltas dropped after it', async () => {
    const dir = await tempDir();
    const paths = await Promise.all(captureHours.map((hand) => writeHandHour(dir, hand)));
    const received: BookFrames[] = [];
    const marks: { book: string; kind: string; collectorTimestamp: number; count: number }[] = [];
    const result = await client.replayFiles(paths, {
      onFrames: (f) => void received.push(f),
      onHealth: (book, batch) => void marks.push(...batch.marks.map(({ kind, collectorTimestamp, count }) => ({ book: book.instrument ?? '-', kind, collectorTimestamp, count }))),
    }).result;
    const steps = referenceSteps(captureHours.map(referenceHourOfHand));
    const model = new ReferenceL2Books();
    expect(workerFrames(received)).toEqual(modelFrames(steps, 25, model));
    expect(result).toMatchObject({ ok: true, progress: { resets: 2, withoutBook: model.counts.ignoredDeltas } });
    const restarts = steps.flatMap((step) => ('clear' in step && step.cause === 'restart' ? [step.time] : []));
    expect(restarts).toHaveLength(2);
    const restartMarks = marks.filter((mark) => mark.kind === 'session-restart');
    expect(restartMarks.map(({ book, collectorTimestamp }) => [book, collectorTimestamp]).sort()).toEqual(restarts.flatMap((time) => [['-', time], ['ABC-PERP', time]]).sort());
    // Each book's deltas between a restart and its next snapshot were dropped and marked.
    const dropped = marks.filter((mark) => mark.kind === 'dropped-deltas');
    expect(dropped.reduce((sum, mark) => sum + mark.count, 0)).toBe(model.counts.ignoredDeltas);
    expect(dropped.filter((mark) => restarts.some((time) => mark.collectorTimestamp > time)).length).toBeGreaterThanOrEqual(4);
  });

  it('stops promptly on cancel: no frames handed over after it, and the worker stops within a batch', async () => {
    const dir = await tempDir();
    const events = hourOfEvents(hour(3), 7, 60_000);
    const path = await writeSnapshotFile(dir, hour(3), events);
    const abort = new AbortController();
    let chunks = 0;
    const result = await client.replayFiles([path], {
      chunkFrames: 256,
      signal: abort.signal,
      onFrames: () => {
        if (++chunks === 2) abort.abort();
      },
    }).result;
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe('cancelled');
    expect(chunks).toBe(2);
    // The cancel reaches the worker before the second chunk's ack, so it has had at most one ack:
    // it posts at most 4 chunks, finishes the reader batch it is in, and stops. That is a few
    // thousand of the file's 60,000 events whatever the machine's speed.
    expect(result.progress.events).toBeLessThan(30_000);
    expect(client.activeReplays).toBe(0);
  });

  it('resets the books where the rows skip an hour (a page gap), marking it and the deltas dropped after it, like the reference with a clear there', async () => {
    const before = hourOfEvents(hour(4), 11, 600, 200);
    // Hour 5 has no rows; hour 6 opens with 30 deltas that the cleared book cannot take.
    const after = hourOfEvents(hour(6), 12, 600, 200).slice(200 - 30);
    const rows = [...before, ...after].map((event, i) => l2UpdateRow(event, i));
    const pages = [rows.slice(0, 500), rows.slice(500)];
    const received: BookFrames[] = [];
    const marks: HealthMark[] = [];
    const { result } = client.replayPages(pages, { rows: 'l2-updates', depth: 10, onFrames: (f) => void received.push(f), onHealth: (_book, batch) => void marks.push(...batch.marks) });
    expect(await result).toMatchObject({ ok: true, progress: { resets: 1, withoutBook: 30 } });
    const steps: ReferenceStep[] = [...before.map((event) => ({ update: referenceUpdateOfFlatRow(l2UpdateRow(event, 0)) })), { clear: true, time: hour(6).hour }, ...after.map((event) => ({ update: referenceUpdateOfFlatRow(l2UpdateRow(event, 0)) }))];
    expect(workerFrames(received)).toEqual(modelFrames(steps, 10));
    expect(marks.map(({ kind, collectorTimestamp, count }) => ({ kind, collectorTimestamp, count }))).toEqual([
      { kind: 'page-gap', collectorTimestamp: hour(6).hour, count: 1 },
      { kind: 'dropped-deltas', collectorTimestamp: after[0]?.collectorTimestamp, count: 30 },
    ]);
  });

  it('replays pages of /l2-updates rows pulled as the worker needs them, read one ahead: two pages past an unacknowledged chunk, no more', async () => {
    const events = hourOfEvents(hour(4), 8, 4000, 700);
    const rows = events.map((event, i) => l2UpdateRow(event, i));
    const pageSize = 250;
    const pageCount = rows.length / pageSize;
    let pulled = 0;
    function* pages(): Generator<{ items: L2Row[]; has_more: boolean; next_cursor: string | null }> {
      for (let start = 0; start < rows.length; start += pageSize) {
        pulled++;
        yield { items: rows.slice(start, start + pageSize), has_more: start + pageSize < rows.length, next_cursor: null };
      }
    }
    // While a chunk is held unacknowledged, a second (empty) replay on the same worker is a
    // barrier: the worker handles messages in order, so by the time that replay ends, a worker
    // that did not pause would have asked for (and been given) the pages after the held one.
    const barrier = async (): Promise<void> => {
      expect(await client.replayPages([], { rows: 'l2-updates' }).result).toMatchObject({ ok: true });
    };
    const received: BookFrames[] = [];
    const pulledWhileHeld: number[] = [];
    const result = await client.replayPages(pages(), {
      rows: 'l2-updates',
      chunkFrames: pageSize,
      maxChunksInFlight: 1,
      onFrames: async (f) => {
        await barrier();
        pulledWhileHeld.push(pulled);
        received.push(f);
      },
    }).result;
    expect(result).toMatchObject({ ok: true, progress: { pages: pageCount, events: 4000 } });
    // Each page of 250 rows makes one chunk; while chunk k is held, the worker has asked for pages
    // 1 to k + 1, and the one after them is read ahead.
    expect(pulledWhileHeld).toEqual(Array.from({ length: pageCount }, (_, k) => Math.min(k + 3, pageCount)));
    const steps = rows.map((row): ReferenceStep => ({ update: referenceUpdateOfFlatRow(row) }));
    expect(workerFrames(received)).toEqual(modelFrames(steps, 25));
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

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { BookKey } from '../../../shared/book/book-key.ts';
import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookWorkerEvent } from '../../../electron/host/book/book-worker-protocol.ts';
import { frameSettings } from '../../../electron/host/book/frame-replayer.ts';
import { ReplayJob, type PostToClient } from '../../../electron/host/book/replay-job.ts';
import { hourOfEvents, l2UpdateRow } from '../../support/book-files.ts';
import { observationsOfFrames, referenceUpdateOfFlatRow } from '../../support/book-observations.ts';
import { referenceObservations } from '../../support/reference-l2-books.ts';

const rows = hourOfEvents({ source: 'binance', market: 'ETH-USDT', hour: Date.UTC(2024, 0, 2, 3) }, 11, 900).map(l2UpdateRow);

type WorkerEventOf<K extends BookWorkerEvent['kind']> = Extract<BookWorkerEvent, { kind: K }>;

describe('replay job', () => {
  it('transfers every frame buffer: the sender’s ArrayBuffer is detached after postMessage', async () => {
    const { port1, port2 } = new MessageChannel();
    const arrived: { book: BookKey; chunk: FrameChunk }[] = [];
    // The port delivers in order, so once `done` arrives every chunk before it has too.
    const allArrived = new Promise<void>((resolve) => {
      port2.on('message', (event: BookWorkerEvent) => {
        if (event.kind === 'frames') arrived.push({ book: event.book, chunk: event.chunk });
        if (event.kind === 'done') resolve();
      });
    });
    const sentBuffers: ArrayBuffer[] = [];
    const sizes: number[] = [];
    let page = 0;
    const post: PostToClient = (event, transfer) => {
      if (event.kind === 'frames') sizes.push(event.chunk.buffer.byteLength);
      port1.postMessage(event, transfer ?? []);
      if (event.kind === 'frames') {
        sentBuffers.push(event.chunk.buffer);
        job.receive({ seq: 1, kind: 'ack' });
      }
      if (event.kind === 'need-page') {
        const items = rows.slice(page * 300, ++page * 300);
        queueMicrotask(() => job.receive(items.length > 0 ? { seq: 1, kind: 'page', rows: items } : { seq: 1, kind: 'pages-end' }));
      }
    };
    const job = new ReplayJob({ seq: 1, kind: 'replay-pages', rows: 'l2-updates', settings: { ...frameSettings({ chunkFrames: 200 }), mode: 'stream' }, maxChunksInFlight: 2 }, post);
    await job.run();
    await allArrived;

    expect(sentBuffers.length).toBe(5);
    expect(sizes.every((size) => size > 0)).toBe(true);
    expect(sentBuffers.every((buffer) => buffer.byteLength === 0)).toBe(true);
    expect(arrived.map(({ chunk }) => chunk.buffer.byteLength)).toEqual(sizes);
    expect(observationsOfFrames(arrived)).toEqual(referenceObservations(rows.map((row) => ({ update: referenceUpdateOfFlatRow(row) })), 25));
    port2.close();
  });

  it('pauses while maxChunksInFlight chunks are unacknowledged, resumes only when fewer are, and cancel ends the wait', async () => {
    const posted: BookWorkerEvent[] = [];
    let page = 0;
    const post: PostToClient = (event) => {
      posted.push(event);
      if (event.kind === 'need-page') {
        const items = rows.slice(page * 450, ++page * 450);
        queueMicrotask(() => job.receive(items.length > 0 ? { seq: 7, kind: 'page', rows: items } : { seq: 7, kind: 'pages-end' }));
      }
    };
    // Each pause for acknowledgements is an event the test waits on: no clock involved.
    let pauseSeen: ((chunksInFlight: number) => void) | null = null;
    const nextPause = (): Promise<number> => new Promise((resolve) => (pauseSeen = resolve));
    const job = new ReplayJob({ seq: 7, kind: 'replay-pages', rows: 'l2-updates', settings: { ...frameSettings({ chunkFrames: 100 }), mode: 'stream' }, maxChunksInFlight: 2 }, post, {
      waiting: (reason, chunksInFlight) => {
        if (reason !== 'acks') return;
        const seen = pauseSeen;
        pauseSeen = null;
        seen?.(chunksInFlight);
      },
    });
    const count = (kind: BookWorkerEvent['kind']): number => posted.filter((event) => event.kind === kind).length;
    const ack = (): void => job.receive({ seq: 7, kind: 'ack' });

    let pause = nextPause();
    const running = job.run();
    // A job that never pauses ends instead: -1 then fails the expectation at once.
    const pausedWith = (paused: Promise<number>): Promise<number> => Promise.race([paused, running.then(() => -1)]);
    // One page of 450 rows gives 4 full chunks at once; the job then waits with page 2 asked for, not applied.
    expect(await pausedWith(pause)).toBe(4);
    expect([count('frames'), count('need-page'), count('done')]).toEqual([4, 2, 0]);
    // 3 and then 2 unacknowledged chunks are still not fewer than 2: it stays paused.
    for (const left of [3, 2]) {
      pause = nextPause();
      ack();
      expect(await pausedWith(pause)).toBe(left);
      expect([count('frames'), count('need-page'), count('done')]).toEqual([4, 2, 0]);
    }
    // With 1 left it applies page 2 (the 50 pending frames and 450 more: 5 chunks) and pauses again.
    pause = nextPause();
    ack();
    expect(await pausedWith(pause)).toBe(6);
    expect([count('frames'), count('need-page'), count('done')]).toEqual([9, 3, 0]);
    const frames = posted.filter((event): event is WorkerEventOf<'frames'> => event.kind === 'frames');
    expect(frames.reduce((sum, event) => sum + event.chunk.count, 0)).toBe(900);

    job.receive({ seq: 7, kind: 'cancel' });
    await running;
    expect(posted.at(-1)).toMatchObject({ kind: 'done', result: { ok: false, error: { kind: 'cancelled' } } });
    expect(count('frames')).toBe(9);
  });

  it('a session replay with no room for its temporary file ends at once, naming the folder and the fix, and leaves the worker alive', async () => {
    const posted: BookWorkerEvent[] = [];
    const missing = join(tmpdir(), `mde-no-such-folder-${process.pid}`);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = missing;
    let job: ReplayJob;
    try {
      // Constructing the job must not throw: in the worker that would end every replay at once.
      job = new ReplayJob({ seq: 3, kind: 'replay-pages', rows: 'l2-updates', settings: { ...frameSettings({ chunkFrames: 100 }), mode: 'session' }, maxChunksInFlight: 2 }, (event) => posted.push(event));
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
    expect(job.session).toBeNull();
    await job.run();
    expect(posted).toHaveLength(1);
    const done = posted[0];
    if (done?.kind !== 'done' || done.result.ok) throw new Error(`expected a failed done, got ${JSON.stringify(done)}`);
    expect(done.result.error.kind).toBe('temporary-files');
    expect(done.result.error.message).toBe(`The replay cannot write its temporary file in ${missing}: the folder does not exist`);
    expect(done.result.error.resolution).toContain('TMPDIR');
  });
});

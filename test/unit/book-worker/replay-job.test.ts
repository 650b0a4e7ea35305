import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookWorkerEvent } from '../../../electron/services/book/book-worker-protocol.ts';
import { frameSettings } from '../../../electron/services/book/frame-replayer.ts';
import { ReplayJob, type PostToClient } from '../../../electron/services/book/replay-job.ts';
import { hourOfEvents, l2UpdateRow } from '../../support/book-files.ts';

const rows = hourOfEvents({ source: 'binance', market: 'ETH-USDT', hour: Date.UTC(2024, 0, 2, 3) }, 11, 900).map(l2UpdateRow);

describe('replay job', () => {
  it('transfers every frame buffer: the sender’s ArrayBuffer is detached after postMessage', async () => {
    const { port1, port2 } = new MessageChannel();
    const arrived: FrameChunk[] = [];
    port2.on('message', (event: BookWorkerEvent) => {
      if (event.kind === 'frames') arrived.push(event.chunk);
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
    const job = new ReplayJob({ seq: 1, kind: 'replay-pages', rows: 'l2-updates', settings: frameSettings({ chunkFrames: 200 }), maxChunksInFlight: 2 }, post);
    await job.run();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(sentBuffers.length).toBe(5);
    expect(sizes.every((size) => size > 0)).toBe(true);
    expect(sentBuffers.every((buffer) => buffer.byteLength === 0)).toBe(true);
    expect(arrived.map((chunk) => chunk.buffer.byteLength)).toEqual(sizes);
    expect(arrived.reduce((sum, chunk) => sum + chunk.count, 0)).toBe(900);
    port1.close();
  });

  it('pauses after a batch while maxChunksInFlight chunks are unacknowledged, and cancel ends the wait', async () => {
    const posted: BookWorkerEvent[] = [];
    let page = 0;
    const post: PostToClient = (event) => {
      posted.push(event);
      if (event.kind === 'need-page') {
        const items = rows.slice(page * 450, ++page * 450);
        queueMicrotask(() => job.receive(items.length > 0 ? { seq: 7, kind: 'page', rows: items } : { seq: 7, kind: 'pages-end' }));
      }
    };
    const job = new ReplayJob({ seq: 7, kind: 'replay-pages', rows: 'l2-updates', settings: frameSettings({ chunkFrames: 100 }), maxChunksInFlight: 2 }, post);
    const running = job.run();
    await new Promise((resolve) => setTimeout(resolve, 30));
    // One page gives 4 full chunks at once; the job then waits before asking for more.
    const framesBefore = posted.filter((event) => event.kind === 'frames').length;
    expect(framesBefore).toBe(4);
    expect(posted.some((event) => event.kind === 'done')).toBe(false);
    job.receive({ seq: 7, kind: 'cancel' });
    await running;
    expect(posted.at(-1)).toMatchObject({ kind: 'done', result: { ok: false, error: { kind: 'cancelled' } } });
  });
});

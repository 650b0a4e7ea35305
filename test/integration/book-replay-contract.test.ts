import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookEvent } from '../../shared/book/book-event.ts';
import type { BookFramesEvent, BookHealthEvent, BookReplayEnded } from '../../shared/contract/book-replay-schemas.ts';
import type { TaskProgress } from '../../shared/contract/channels.ts';
import type { WsServerMessage } from '../../shared/contract/ws-protocol.ts';
import { startBrowserServer, type BrowserServer } from '../../electron/browser-mode/browser-server.ts';
import { createMainServices, type MainServices } from '../../electron/services/main-services.ts';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { observationsOfFrames, referenceHourOf } from '../support/book-observations.ts';
import { flatFramesByBook, inProcessFramesByBook } from '../support/frame-reference.ts';
import { interleavedBookEvents } from '../support/interleaved-books.ts';
import { observationsByBook, ReferenceL2Books, referenceObservations, referenceSteps } from '../support/reference-l2-books.ts';
import { useTempDirs } from '../support/temp-dir.ts';
import { openContractSocket, type ContractSocketClient } from '../support/ws-client.ts';

const hour = (h: number): SnapshotFileSpec => ({ source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, h) });
const instruments = [null, 'BTCUSDT-PERP'] as const;
// Every third event has no exchange time; the others carry one a few ms before collection.
const eventsOf = (h: number, seed: number, events: number) =>
  interleavedBookEvents({ seed, source: 'binance', market: 'BTC-USDT', hourStart: hour(h).hour, instruments, events }).map((event, i) => ({
    ...event,
    exchangeTimestamp: i % 3 === 0 ? null : event.collectorTimestamp - 3 - (i % 5),
  }));

/**
 * Every call of `book.replayFiles` in this file goes through here: the files are granted first
 * (`files.grantPath`, browser mode's way in), then replayed by their ids, as the app does.
 */
async function replayFiles(client: ContractSocketClient, paths: string[], options: { depth?: number } = {}): Promise<WsServerMessage> {
  const grant = await client.invoke('files.grantPath', { paths });
  if (grant.type !== 'result' || !grant.result.ok) throw new Error(`files.grantPath failed: ${JSON.stringify(grant)}`);
  const { files } = grant.result.value as { files: { fileId: string }[] };
  return client.invoke('book.replayFiles', { fileIds: files.map((file) => file.fileId), ...options });
}

function payloads<T>(client: ContractSocketClient, event: string): T[] {
  return client.messages.filter((m): m is Extract<WsServerMessage, { type: 'event' }> => m.type === 'event' && m.event === event).map((m) => m.payload as T);
}

describe('book replay over the contract', () => {
  const tempDir = useTempDirs();
  let services: MainServices;
  let server: BrowserServer;
  let client: ContractSocketClient;

  beforeEach(async () => {
    const rendererDir = join(await tempDir(), 'renderer');
    await mkdir(rendererDir);
    await writeFile(join(rendererDir, 'index.html'), '<!doctype html>');
    services = createMainServices({ userDataDir: await tempDir(), mode: 'browser', healthIntervalMs: 0 });
    server = await startBrowserServer({ handlers: services.handlers, events: services.events, rendererDir });
    client = await openContractSocket(`ws://127.0.0.1:${server.port}/contract`, { origin: server.origin, cookie: `mde_token_${server.port}=${server.token}` });
  });

  afterEach(async () => {
    client.close();
    await server.close();
    await services.close();
  });

  it('pushes frame chunks as binary WebSocket messages that rebuild into the reference books, across a gap', async () => {
    const dir = await tempDir();
    const hours = [
      { h: 7, events: eventsOf(7, 21, 1500) },
      { h: 8, events: eventsOf(8, 22, 1500) },
      { h: 10, events: eventsOf(10, 23, 1500) },
    ];
    const paths = await Promise.all(hours.map(({ h, events }) => writeSnapshotFile(dir, hour(h), events)));

    const reply = await replayFiles(client, paths, { depth: 10 });
    expect(reply).toMatchObject({ type: 'result', result: { ok: true } });
    const replayId = reply.type === 'result' && reply.result.ok ? (reply.result.value as { replayId: string }).replayId : '';
    await client.next((m) => m.type === 'event' && m.event === 'book.replayEnded', 10_000);

    const ended = payloads<BookReplayEnded>(client, 'book.replayEnded');
    expect(ended).toEqual([expect.objectContaining({ replayId, ok: true, error: null }) as unknown]);
    const frames = payloads<BookFramesEvent>(client, 'book.frames');
    expect(frames.length).toBeGreaterThan(0);
    expect(client.binaryMessages).toBe(frames.length);
    expect(frames.every((f) => f.replayId === replayId && f.chunk.buffer instanceof ArrayBuffer && f.book.market === 'BTC-USDT')).toBe(true);
    const model = new ReferenceL2Books();
    const expected = observationsByBook(referenceObservations(referenceSteps(hours.map(({ h, events }) => referenceHourOf(hour(h).hour, events))), 10, model));
    expect(model.counts).toMatchObject({ clears: 1 });
    expect(Math.min(model.counts.ignoredDeltas, model.counts.deletedLevels)).toBeGreaterThan(0);
    // The gap cost each book its deltas before its next snapshot.
    const framesAfterGap = [...expected.values()].flat().filter((frame) => frame.time >= hour(10).hour).length;
    expect(framesAfterGap).toBeLessThan(hours[2]?.events.length ?? 0);
    expect(observationsByBook(observationsOfFrames(frames))).toEqual(expected);
    // Metrics and flags survive the trip too: the same frames as the engine and recorder make in-process.
    const reset = { reset: true as const, collectorTimestamp: hour(10).hour };
    const flat = flatFramesByBook(frames);
    const exchange = [...flat.values()].flatMap((book) => book.exchangeTimestamps);
    expect(exchange.some(Number.isNaN)).toBe(true);
    expect(exchange.filter((t) => !Number.isNaN(t)).length).toBeGreaterThan(exchange.length / 2);
    expect(flat).toEqual(inProcessFramesByBook([...(hours[0]?.events ?? []), ...(hours[1]?.events ?? []), reset, ...(hours[2]?.events ?? [])], 10));

    const tasks = payloads<TaskProgress>(client, 'task.progress').filter((t) => t.taskId === replayId);
    expect(tasks.at(-1)).toMatchObject({ state: 'done', label: 'Book replay of 3 files' });
    expect(tasks.at(-1)?.done).toBe(tasks.at(-1)?.total);
  });

  it('pushes health marks ahead of the frames: deltas dropped before a first snapshot, and the reset at an hour with no file', async () => {
    const dir = await tempDir();
    const single = (h: number): SnapshotFileSpec => ({ source: 'lighter', market: 'ETH-USD', hour: Date.UTC(2024, 2, 10, h) });
    // Hour 7 opens with 40 deltas (its first snapshot cut off); hour 9 follows an hour with no file
    // and opens with 25 deltas. A snapshot comes every 300 events.
    const h7 = hourOfEvents(single(7), 31, 900, 300).slice(300 - 40);
    const h9 = hourOfEvents(single(9), 32, 900, 300).slice(300 - 25);
    const leading = (events: readonly BookEvent[]): BookEvent[] => events.slice(0, events.findIndex((event) => event.isSnapshot));
    expect([leading(h7).length, leading(h9).length]).toEqual([40, 25]);
    const paths = [await writeSnapshotFile(dir, single(7), h7), await writeSnapshotFile(dir, single(9), h9)];

    const reply = await replayFiles(client, paths, { depth: 5 });
    const replayId = reply.type === 'result' && reply.result.ok ? (reply.result.value as { replayId: string }).replayId : '';
    await client.next((m) => m.type === 'event' && m.event === 'book.replayEnded', 10_000);

    const health = payloads<BookHealthEvent>(client, 'book.health');
    expect(health.every((batch) => batch.replayId === replayId && batch.book.market === 'ETH-USD')).toBe(true);
    const marks = health.flatMap((batch) => batch.marks).map(({ kind, collectorTimestamp, endTimestamp, count }) => ({ kind, collectorTimestamp, endTimestamp, count }));
    const run = (events: BookEvent[]) => ({
      kind: 'dropped-deltas',
      collectorTimestamp: events[0]?.collectorTimestamp,
      endTimestamp: events.at(-1)?.collectorTimestamp,
      count: events.length,
    });
    expect(marks).toEqual([run(leading(h7)), { kind: 'coverage-gap', collectorTimestamp: single(9).hour, endTimestamp: single(9).hour, count: 1 }, run(leading(h9))]);
    expect(health.at(-1)).toMatchObject({ counts: { resets: 1, droppedDeltas: 65 }, capped: false });

    // Each mark reaches the view before the frames that follow it: the first frames come after the first run.
    const order = client.messages.filter((m) => m.type === 'event' && (m.event === 'book.health' || m.event === 'book.frames')).map((m) => (m.type === 'event' ? m.event : ''));
    expect(order[0]).toBe('book.health');
    const frameTimes = observationsOfFrames(payloads<BookFramesEvent>(client, 'book.frames')).map((frame) => frame.time);
    expect(frameTimes[0]).toBeGreaterThan(leading(h7).at(-1)?.collectorTimestamp ?? Number.POSITIVE_INFINITY);
    expect(frameTimes.length).toBe(h7.length + h9.length - 65);
  });

  it('reports a bad file as a failed replay, and cancel of an unknown replay as not cancelled', async () => {
    // A regular file that is not zstd: it can be opened, so the replay itself reports it.
    const notZstd = join(await tempDir(), 'plain.jsonl.zst');
    await writeFile(notZstd, '{"not":"compressed"}\n');
    const reply = await replayFiles(client, [notZstd]);
    expect(reply).toMatchObject({ result: { ok: true } });
    const ended = await client.next((m) => m.type === 'event' && m.event === 'book.replayEnded', 10_000);
    expect(ended).toMatchObject({ payload: { ok: false, error: { kind: 'snapshot-file' } } });
    const tasks = payloads<TaskProgress>(client, 'task.progress');
    expect(tasks.at(-1)).toMatchObject({ state: 'failed' });

    const cancel = await client.invoke('book.cancel', { replayId: 'no-such-replay' });
    expect(cancel).toMatchObject({ result: { ok: true, value: { cancelled: false } } });
  });

  it('still sends events without buffers as JSON text', async () => {
    await client.invoke('settings.update', { ui: { density: 'comfortable' } });
    await client.next((m) => m.type === 'event' && m.event === 'settings.changed');
    expect(client.binaryMessages).toBe(0);
  });
});

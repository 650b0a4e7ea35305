import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BookEvent } from '../../shared/book/book-event.ts';
import type { FrameChunk } from '../../shared/book/book-frames.ts';
import type { BookKey } from '../../shared/book/book-key.ts';
import type { BookHealthEvent, BookReplayEnded } from '../../shared/contract/book-replay-schemas.ts';
import { bookWindowSchema, maxWindowSide, type BookTracksEvent, type BookWindow } from '../../shared/contract/book-session-schemas.ts';
import type { TaskProgress } from '../../shared/contract/channels.ts';
import type { WsServerMessage } from '../../shared/contract/ws-protocol.ts';
import { startBrowserServer, type BrowserServer } from '../../electron/browser-mode/browser-server.ts';
import { inProcessEndpoint } from '../../electron/host/contract/contract-endpoint.ts';
import { createMainServices, type MainServices } from '../../electron/host/main-services.ts';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { referenceHourOf } from '../support/book-observations.ts';
import { flatFramesByBook, inProcessFramesByBook } from '../support/frame-reference.ts';
import { interleavedBookEvents } from '../support/interleaved-books.ts';
import { referenceBookName, ReferenceL2Books, referenceSteps } from '../support/reference-l2-books.ts';
import { pullSessionFrames, referenceSessionFrames, sessionFramesByBook, sessionObservationsOfFrames, type WindowFromEntry } from '../support/session-frames.ts';
import { useTempDirs } from '../support/temp-dir.ts';
import { quantile } from '../../shared/series/quantile.ts';
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
    server = await startBrowserServer({ contract: inProcessEndpoint(services.handlers, services.events), rendererDir });
    client = await openContractSocket(`ws://127.0.0.1:${server.port}/contract`, { origin: server.origin, cookie: `mde_token_${server.port}=${server.token}` });
  });

  afterEach(async () => {
    client.close();
    await server.close();
    await services.close();
  });

  it('serves the session\'s frames as binary WebSocket results of book.window that rebuild into the reference books, across a gap', async () => {
    const dir = await tempDir();
    const hours = [
      { h: 7, events: eventsOf(7, 21, 6000) },
      { h: 8, events: eventsOf(8, 22, 6000) },
      { h: 10, events: eventsOf(10, 23, 6000) },
    ];
    const paths = await Promise.all(hours.map(({ h, events }) => writeSnapshotFile(dir, hour(h), events)));

    const reply = await replayFiles(client, paths, { depth: 10 });
    expect(reply).toMatchObject({ type: 'result', result: { ok: true } });
    const replayId = reply.type === 'result' && reply.result.ok ? (reply.result.value as { replayId: string }).replayId : '';
    await client.next((m) => m.type === 'event' && m.event === 'book.replayEnded', 10_000);

    const ended = payloads<BookReplayEnded>(client, 'book.replayEnded');
    expect(ended).toEqual([expect.objectContaining({ replayId, ok: true, error: null }) as unknown]);
    // A session pushes what its books hold, never the frames themselves: nothing binary came yet.
    expect(payloads<unknown>(client, 'book.frames')).toEqual([]);
    expect(client.binaryMessages).toBe(0);

    const model = new ReferenceL2Books();
    const steps = referenceSteps(hours.map(({ h, events }) => referenceHourOf(hour(h).hour, events)));
    const expected = sessionFramesByBook(referenceSessionFrames(steps, 10, model));
    expect(model.counts).toMatchObject({ clears: 1 });
    expect(Math.min(model.counts.ignoredDeltas, model.counts.deletedLevels)).toBeGreaterThan(0);
    // The gap cost each book its deltas before its next snapshot, and left each an empty reset frame at 10:00.
    const framesAfterGap = [...expected.values()].flat().filter((frame) => frame.time >= hour(10).hour && !('reset' in frame)).length;
    expect(framesAfterGap).toBeLessThan(hours[2]?.events.length ?? 0);
    for (const frames of expected.values()) expect(frames.filter((frame) => 'reset' in frame)).toEqual([{ book: frames[0]?.book, time: hour(10).hour, reset: true }]);

    // What the books hold, as the last book.tracks said (before the end), is what the model made.
    const tracks = payloads<BookTracksEvent>(client, 'book.tracks').filter((event) => event.replayId === replayId).at(-1)?.tracks ?? [];
    expect(new Map(tracks.map((track) => [referenceBookName(track.key), track.entries]))).toEqual(new Map([...expected].map(([name, frames]) => [name, frames.length])));

    // Every frame pulled back in windows of at most 8192, each window one binary result message.
    let windows = 0;
    const ask = async (input: WindowFromEntry): Promise<BookWindow> => {
      const binaryBefore = client.binaryMessages;
      const answer = await client.invoke('book.window', input);
      if (answer.type !== 'result' || !answer.result.ok) throw new Error(`book.window failed: ${JSON.stringify(answer)}`);
      expect(client.binaryMessages).toBe(binaryBefore + 1);
      windows++;
      return bookWindowSchema.parse(answer.result.value);
    };
    const pulled: { book: BookKey; chunk: FrameChunk }[] = [];
    for (const track of tracks) pulled.push(...(await pullSessionFrames(ask, replayId, track.key, track.entries)).frames);
    // The longer book needs more than one window.
    expect(Math.max(...tracks.map((track) => track.entries))).toBeGreaterThan(maxWindowSide);
    expect(windows).toBeGreaterThan(tracks.length);
    expect(pulled.every(({ chunk }) => chunk.buffer instanceof ArrayBuffer && chunk.depth === 10)).toBe(true);
    expect(sessionFramesByBook(sessionObservationsOfFrames(pulled))).toEqual(expected);
    // Each book's clock span is its first frame's time and the latest frame time.
    for (const track of tracks) {
      const times = (expected.get(referenceBookName(track.key)) ?? []).map((frame) => frame.time);
      expect([track.firstClock, track.lastClock]).toEqual([times[0], Math.max(...times)]);
    }

    // Metrics and flags survive the trip too: the same frames as the engine and recorder make in-process.
    const reset = { reset: true as const, collectorTimestamp: hour(10).hour };
    const flat = flatFramesByBook(pulled);
    const exchange = [...flat.values()].flatMap((book) => book.exchangeTimestamps);
    expect(exchange.some(Number.isNaN)).toBe(true);
    expect(exchange.filter((t) => !Number.isNaN(t)).length).toBeGreaterThan(exchange.length / 2);
    expect(flat).toEqual(inProcessFramesByBook([...(hours[0]?.events ?? []), ...(hours[1]?.events ?? []), reset, ...(hours[2]?.events ?? [])], 10, { resetFrames: true }));

    const tasks = payloads<TaskProgress>(client, 'task.progress').filter((t) => t.taskId === replayId);
    expect(tasks.at(-1)).toMatchObject({ state: 'done', label: 'Book replay of 3 files' });
    expect(tasks.at(-1)?.done).toBe(tasks.at(-1)?.total);

    // Released, the replay answers no more windows.
    expect(await client.invoke('book.release', { replayId })).toMatchObject({ result: { ok: true, value: { released: true } } });
    const gone = await client.invoke('book.window', { replayId, book: tracks[0]?.key, first: 0, before: 0, after: 1 });
    expect(gone).toMatchObject({ type: 'result', result: { ok: false, error: { kind: 'not-found', channel: 'book.window' } } });
  });

  it('serves each book\'s latency lane: collector − exchange time per column, unknown exchange times counted apart', async () => {
    const dir = await tempDir();
    const hours = [
      { h: 7, events: eventsOf(7, 31, 3000) },
      { h: 8, events: eventsOf(8, 32, 3000) },
    ];
    const paths = await Promise.all(hours.map(({ h, events }) => writeSnapshotFile(dir, hour(h), events)));
    const reply = await replayFiles(client, paths);
    const replayId = reply.type === 'result' && reply.result.ok ? (reply.result.value as { replayId: string }).replayId : '';
    await client.next((m) => m.type === 'event' && m.event === 'book.replayEnded', 10_000);
    const tracks = payloads<BookTracksEvent>(client, 'book.tracks').filter((event) => event.replayId === replayId).at(-1)?.tracks ?? [];
    expect(tracks).toHaveLength(2);
    for (const track of tracks) {
      // The reference, written plainly: the book's events in file order from its first snapshot on,
      // each at the running max of collector time, with collector − exchange time (none when unknown).
      const logged: { clock: number; latency: number | null }[] = [];
      let clock = Number.NEGATIVE_INFINITY;
      let started = false;
      for (const event of hours.flatMap((entry) => entry.events)) {
        if (event.instrument !== track.key.instrument) continue;
        started ||= event.isSnapshot;
        if (!started) continue;
        clock = Math.max(clock, event.collectorTimestamp);
        logged.push({ clock, latency: event.exchangeTimestamp === null ? null : event.collectorTimestamp - event.exchangeTimestamp });
      }
      const t0 = hour(7).hour;
      const t1 = hour(9).hour;
      const answer = await client.invoke('book.latency', { replayId, book: track.key, t0, t1, columns: 8 });
      if (answer.type !== 'result' || !answer.result.ok) throw new Error(`book.latency failed: ${JSON.stringify(answer)}`);
      const lane = answer.result.value as { known: number[]; unknown: number[]; p50: (number | null)[]; p99: (number | null)[]; max: (number | null)[]; columnMs: number };
      expect(lane.columnMs).toBe((t1 - t0) / 8);
      const expected = { known: [] as number[], unknown: [] as number[], p50: [] as (number | null)[], p99: [] as (number | null)[], max: [] as (number | null)[] };
      for (let c = 0; c < 8; c++) {
        const inColumn = logged.filter((entry) => entry.clock >= t0 + c * lane.columnMs && entry.clock < t0 + (c + 1) * lane.columnMs);
        const known = inColumn.flatMap((entry) => (entry.latency === null ? [] : [entry.latency]));
        expected.known.push(known.length);
        expected.unknown.push(inColumn.length - known.length);
        expected.p50.push(quantile(known, 0.5));
        expected.p99.push(quantile(known, 0.99));
        expected.max.push(known.length === 0 ? null : Math.max(...known));
      }
      expect(expected.unknown.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(lane.known).toEqual(expected.known);
      expect(lane.unknown).toEqual(expected.unknown);
      expect(lane.max).toEqual(expected.max);
      lane.p50.forEach((value, c) => expect(value).toBeCloseTo(expected.p50[c] ?? Number.NaN, 9));
      lane.p99.forEach((value, c) => expect(value).toBeCloseTo(expected.p99[c] ?? Number.NaN, 9));
    }
  });

  it('pushes health marks ahead of what the books hold: deltas dropped before a first snapshot, and the reset at an hour with no file', async () => {
    const dir = await tempDir();
    const single = (h: number): SnapshotFileSpec => ({ source: 'lighter', market: 'ETH-USD', hour: Date.UTC(2024, 2, 10, h) });
    const book = { source: 'lighter', market: 'ETH-USD', instrument: null };
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

    // Each mark reaches the view before what follows it: the first health batch comes before the
    // first book.tracks that shows the book holding a frame.
    const order = client.messages.flatMap((m) => {
      if (m.type !== 'event') return [];
      if (m.event === 'book.health') return ['health'];
      if (m.event === 'book.tracks' && (m.payload as BookTracksEvent).tracks.some((track) => track.entries > 0)) return ['frames'];
      return [];
    });
    expect(order[0]).toBe('health');
    expect(order).toContain('frames');
    expect(payloads<unknown>(client, 'book.frames')).toEqual([]);

    // The frames: the book after every event that made one, and the empty reset frame at 09:00.
    const tracks = payloads<BookTracksEvent>(client, 'book.tracks').at(-1)?.tracks ?? [];
    expect(tracks.map((track) => referenceBookName(track.key))).toEqual([referenceBookName(book)]);
    const entries = tracks[0]?.entries ?? 0;
    expect(entries).toBe(h7.length + h9.length - 65 + 1);
    const ask = async (input: WindowFromEntry | { replayId: string; book: BookKey; at: number; before: number; after: number }): Promise<BookWindow> => {
      const answer = await client.invoke('book.window', input);
      if (answer.type !== 'result' || !answer.result.ok) throw new Error(`book.window failed: ${JSON.stringify(answer)}`);
      return bookWindowSchema.parse(answer.result.value);
    };
    const pulled = await pullSessionFrames(ask, replayId, book, entries);
    const frames = sessionObservationsOfFrames(pulled.frames);
    const steps = referenceSteps([referenceHourOf(single(7).hour, h7), referenceHourOf(single(9).hour, h9)]);
    expect(frames).toEqual(referenceSessionFrames(steps, 5, new ReferenceL2Books()));
    expect(frames[0]?.time).toBeGreaterThan(leading(h7).at(-1)?.collectorTimestamp ?? Number.POSITIVE_INFINITY);
    const resetAt = frames.findIndex((frame) => 'reset' in frame);
    expect(frames[resetAt]).toEqual({ book: referenceBookName(book), time: single(9).hour, reset: true });
    expect(frames[resetAt + 1]?.time).toBeGreaterThan(leading(h9).at(-1)?.collectorTimestamp ?? Number.POSITIVE_INFINITY);
    // Asked for the time of the gap, the window's anchor is that empty frame.
    const atGap = await ask({ replayId, book, at: single(9).hour, before: 1, after: 1 });
    expect(atGap.anchor).toBe(resetAt);
    expect(sessionObservationsOfFrames([{ book, chunk: atGap.chunk }])).toEqual(frames.slice(resetAt - 1, resetAt + 2));
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

  it('ends the replays a page started when its socket closes: a reload leaves nothing reading or held', async () => {
    const dir = await tempDir();
    const path = await writeSnapshotFile(dir, hour(7), eventsOf(7, 31, 3000));
    const reply = await replayFiles(client, [path]);
    const replayId = reply.type === 'result' && reply.result.ok ? (reply.result.value as { replayId: string }).replayId : '';
    const tracksEvent = await client.next((m) => m.type === 'event' && m.event === 'book.tracks', 10_000);
    const book = tracksEvent.type === 'event' ? (tracksEvent.payload as BookTracksEvent).tracks[0]?.key : undefined;
    // Another page (a second socket) can read the replay while the first page is open...
    const other = await openContractSocket(`ws://127.0.0.1:${server.port}/contract`, { origin: server.origin, cookie: `mde_token_${server.port}=${server.token}` });
    try {
      expect(await other.invoke('book.window', { replayId, book, first: 0, before: 0, after: 1 })).toMatchObject({ result: { ok: true } });
      // ...and once the first page is gone, the replay is released.
      client.close();
      await expect
        .poll(async () => {
          const answer = await other.invoke('book.window', { replayId, book, first: 0, before: 0, after: 1 });
          return answer.type === 'result' && !answer.result.ok ? answer.result.error.kind : 'held';
        })
        .toBe('not-found');
      expect(await other.invoke('book.release', { replayId })).toMatchObject({ result: { ok: true, value: { released: false } } });
    } finally {
      other.close();
    }
  });

  it('still sends events without buffers as JSON text', async () => {
    await client.invoke('settings.update', { ui: { density: 'comfortable' } });
    await client.next((m) => m.type === 'event' && m.event === 'settings.changed');
    expect(client.binaryMessages).toBe(0);
  });
});

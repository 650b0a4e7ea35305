import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookWorkerClient, type BookFrames } from '../../../electron/host/book/book-worker-client.ts';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { BookEngine, bookEventFromL2Row, l2RowFromBook, type L2Row } from '../../../shared/book/index.ts';
import type { TypedRowBase } from '../../../shared/rows/common.ts';
import { observationOfFlatRow, observationsOfFrames } from '../../support/book-observations.ts';
import { handKey, handLine, referenceHourOfHand, writeHandHour, type HandHour } from '../../support/capture-fixture.ts';
import { captureHour0, captureHours, captureMarket, captureSource, otherHours, otherMarket, perp } from '../../support/capture-session-hours.ts';
import { observationsByBook, ReferenceL2Books, referenceObservations, referenceSteps, type ReferenceObservation } from '../../support/reference-l2-books.ts';
import { requestService, type RequestOptions } from './support/http.ts';
import { pageAll } from './support/paging.ts';
import { hourMs, minuteMs, paidKey } from './support/service-fixture.ts';

// The capture-stream rule (ARCHITECTURE.md, "Capture streams and sessions") over hand-made files
// served by a folder service (`mde serve --data`'s store): four contiguous hours of one market with
// backward steps, rows past their hour, a restart in mid-file and one at a file's first row, and a
// second market. Every book is checked against the reference model replaying the files' lines.

const root = join(import.meta.dirname, '..', '..', '..');
const main = { source: captureSource, market: captureMarket } as const;
/** Across all four hours, from half an hour in to 40 minutes into hour 3: both restarts, no step back at its edges. */
const range = { ...main, start: captureHour0 + 30 * minuteMs, end: captureHour0 + 3 * hourMs + 40 * minuteMs };

let folder = '';
let paths: string[] = [];
let service: LocalService;
const worker = new BookWorkerClient();
const target = { get: <T>(path: string, options?: RequestOptions) => requestService<T>(service.baseUrl, path, options) };

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mde-capture-sessions-'));
  paths = [];
  for (const hour of captureHours) paths.push(await writeHandHour(folder, hour));
  for (const hour of otherHours) await writeHandHour(folder, hour);
  service = await startEmbeddedService({ data: { kind: 'directory', root: folder }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => captureHour0 + 6 * hourMs } });
});

afterAll(async () => {
  await worker.close();
  await service.close();
  await rm(folder, { recursive: true, force: true });
});

async function rows<Row>(path: string, query: Record<string, string | number>, limit = 1000): Promise<Row[]> {
  return (await pageAll<Row>(target, path, { query: { ...query, limit }, key: paidKey })).items;
}

const inRange = (time: number): boolean => time >= range.start && time <= range.end;

/** The reference model's books over the main market's files, each after its event, in arrival order. */
function referenceBooks(books = new ReferenceL2Books()): ReferenceObservation[] {
  return referenceObservations(referenceSteps(captureHours.map(referenceHourOfHand)), 25, books);
}

/** A client's replay of `/l2-updates` rows: clears the books where `source_capture_id` changes; the books of events in the range. */
function clientBooks(updates: readonly L2Row[]): { eventIds: string[]; books: ReferenceObservation[] } {
  const engine = new BookEngine();
  const eventIds: string[] = [];
  const books: ReferenceObservation[] = [];
  let session: string | null = null;
  updates.forEach((row, index) => {
    if (session !== null && row.source_capture_id !== session) engine.reset();
    session = row.source_capture_id;
    const book = engine.apply(bookEventFromL2Row(row, index));
    if (book === null || !inRange(row.collector_timestamp)) return;
    eventIds.push(row.event_id);
    books.push(observationOfFlatRow(l2RowFromBook(row, book, row.source_event_is_snapshot)));
  });
  return { eventIds, books };
}

/** Every data row of some hand-made hours with its event id and, for the main market, the session the sequences put it in. */
function handRows(hours: readonly HandHour[]): { hour: HandHour; index: number; time: number; book: boolean; eventId: string; session: number }[] {
  const out: { hour: HandHour; index: number; time: number; book: boolean; eventId: string; session: number }[] = [];
  let session = 0;
  let last: number | null = null;
  for (const hour of hours) {
    hour.rows.forEach((row, index) => {
      if (last !== null && row.sequence <= last) session++;
      last = row.sequence;
      out.push({ hour, index, time: row.time, book: row.book !== undefined, eventId: `${handKey(hour)}:${handLine(index)}`, session });
    });
  }
  return out;
}

describe('capture streams and sessions over a folder of hand-made files', () => {
  it('the reference model, /l2-orderbooks, a client replay of /l2-updates, mde book and the worker give the same book at every event', async () => {
    const model = new ReferenceL2Books();
    const all = referenceBooks(model);
    const expected = all.filter((book) => inRange(book.time));
    // The fixture exercises every rule: both restarts, deltas dropped after them, deletes.
    expect(model.counts.clears).toBe(2);
    expect(model.counts.ignoredDeltas).toBe(6);
    expect(expected.length).toBeGreaterThan(25);

    // (b) the service's books, paged in 7s, and in 1s, 2s and 3s, so continuations land on every event, restarts included.
    const served = await rows<L2Row>('/l2-orderbooks', range, 7);
    expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
    for (const limit of [1, 2, 3]) expect(await rows<L2Row>('/l2-orderbooks', range, limit), `limit ${limit}`).toEqual(served);

    // (c) a client replaying /l2-updates from the hour before the range, with the source_capture_id rule.
    const updates = await rows<L2Row>('/l2-updates', { ...main, start: captureHour0, end: range.end }, 5);
    const client = clientBooks(updates);
    expect(client.books).toEqual(expected);
    expect(served.map((row) => row.event_id)).toEqual(client.eventIds);

    // (d) mde book over the four files.
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'book', ...paths], { cwd: root, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    const printed = cli.stdout.split('\n').filter((line) => line !== '').map((line) => observationOfFlatRow(JSON.parse(line) as object));
    expect(printed).toEqual(all);

    // (e) the worker's replay of the files, book by book.
    const frames: BookFrames[] = [];
    const result = await worker.replayFiles(paths, { onFrames: (chunk) => void frames.push(chunk) }).result;
    expect(result).toMatchObject({ ok: true, progress: { resets: 2, withoutBook: 6 } });
    expect(observationsByBook(observationsOfFrames(frames))).toEqual(observationsByBook(all));

    // (e) the worker's replay of those /l2-updates rows as pages, with the source_capture_id rule.
    const pageFrames: BookFrames[] = [];
    const pages = [updates.slice(0, 11), updates.slice(11, 30), updates.slice(30)];
    const paged = await worker.replayPages(pages, { rows: 'l2-updates', onFrames: (chunk) => void pageFrames.push(chunk) }).result;
    // Rows clear the restarted market's books one by one: two restarts of two books.
    expect(paged).toMatchObject({ ok: true, progress: { resets: 4, withoutBook: 6 } });
    expect(observationsByBook(observationsOfFrames(pageFrames))).toEqual(observationsByBook(all.filter((book) => book.time <= range.end)));
  });

  it('source_capture_id is one id per session, across contiguous hours, and another after each restart; event_id is the file key and line, unique', async () => {
    const served = await rows<{ type: string; data: TypedRowBase }>('/events', { ...main, types: 'trade,l2_update', start: captureHour0, end: captureHour0 + 4 * hourMs - 1 });
    const expected = handRows(captureHours);
    expect(served.map((item) => item.data.event_id)).toEqual(expected.map((row) => row.eventId));
    expect(new Set(served.map((item) => item.data.event_id)).size).toBe(served.length);
    const idOfSession = new Map<number, string>();
    served.forEach((item, i) => {
      const session = expected[i]?.session ?? -1;
      const id = idOfSession.get(session) ?? item.data.source_capture_id;
      idOfSession.set(session, id);
      expect(item.data.source_capture_id, `row ${i}`).toBe(id);
    });
    expect(idOfSession.size).toBe(3);
    expect(new Set(idOfSession.values()).size).toBe(3);
  });

  it('/l2-updates serves each file in its own line order, stepped-back rows and rows past the hour included', async () => {
    const served = await rows<L2Row>('/l2-updates', { ...main, start: captureHour0, end: captureHour0 + 4 * hourMs - 1 }, 3);
    const expected = handRows(captureHours).filter((row) => row.book);
    expect(served.map((row) => [row.event_id, row.collector_timestamp])).toEqual(expected.map((row) => [row.eventId, row.time]));
    expect(served.some((row, i) => i > 0 && row.collector_timestamp < (served[i - 1]?.collector_timestamp ?? 0))).toBe(true);
  });

  it('/events merges two markets by replay clock, each in its own arrival order; a row that steps back keeps its place', async () => {
    const start = captureHour0 + hourMs;
    const end = start + hourMs - 1;
    const served = await rows<{ type: string; data: TypedRowBase }>('/events', { source: captureSource, types: 'trade,l2_update', start, end }, 9);
    // The replay clock of each row: the running max of collector time in its file, within its hour.
    const clocked = [...captureHours, ...otherHours].flatMap((hour) => {
      let highest = Number.NEGATIVE_INFINITY;
      return hour.rows.map((row, index) => {
        highest = Math.max(highest, row.time);
        return { key: handKey(hour), line: handLine(index), time: row.time, clock: Math.min(hour.hourStart + hourMs - 1, Math.max(hour.hourStart, highest)) };
      });
    });
    const expected = clocked
      .filter((row) => row.time >= start && row.time <= end)
      .sort((a, b) => a.clock - b.clock || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) || a.line - b.line)
      .map((row) => `${row.key}:${row.line}`);
    expect(served.map((item) => item.data.event_id)).toEqual(expected);
    expect(new Set(served.map((item) => item.data.market))).toEqual(new Set([captureMarket, otherMarket]));
  });

  it('a range keeps the stepped-back rows collected in it, wherever they arrive, and pages across the slack past its end (60 s of replay clock)', async () => {
    // Hour 0's last rows: one stamped past the hour, then one stepped back into it; hour 1 opens
    // with a row stamped in hour 0, and later one stamped 72 s back into it: beyond the slack.
    const lateInHour0 = { ...main, start: captureHour0 + 59 * minuteMs, end: captureHour0 + hourMs - 1 };
    const served = await rows<L2Row>('/l2-updates', lateInHour0, 1);
    const stamped = handRows(captureHours).filter((row) => row.book && row.time >= lateInHour0.start && row.time <= lateInHour0.end);
    const clockOf = (row: (typeof stamped)[number]): number => {
      const before = row.hour.rows.slice(0, row.index + 1).map((hand) => hand.time);
      return Math.min(row.hour.hourStart + hourMs - 1, Math.max(row.hour.hourStart, ...before));
    };
    const expected = stamped.filter((row) => clockOf(row) <= lateInHour0.end + minuteMs);
    expect(expected.map((row) => row.hour.hourStart)).toEqual([captureHour0, captureHour0, captureHour0, captureHour0 + hourMs]);
    expect(stamped.length - expected.length, 'one row of the range arrives beyond the slack').toBe(1);
    expect(served.map((row) => row.event_id)).toEqual(expected.map((row) => row.eventId));
    // The row stamped in hour 1 but written in hour 0's file comes first in a range of hour 1.
    const openingHour1 = await rows<L2Row>('/l2-updates', { ...main, start: captureHour0 + hourMs, end: captureHour0 + hourMs + minuteMs }, 1);
    expect(openingHour1.map((row) => row.collector_timestamp)).toEqual([captureHour0 + hourMs + 20]);
    // /l2-orderbooks serves the same events there, with the books of the stream.
    const books = await rows<L2Row>('/l2-orderbooks', lateInHour0, 1);
    expect(books.map((row) => row.event_id)).toEqual(served.map((row) => row.event_id));
    const servedTimes = new Set(expected.map((row) => row.time));
    const model = referenceBooks().filter((book) => book.time >= lateInHour0.start && book.time <= lateInHour0.end && servedTimes.has(book.time));
    expect(books.map((row) => observationOfFlatRow(row))).toEqual(model);
  });

  it('a continuation whose resume point was evicted replays from the hour before its cursor to the same books', async () => {
    const whole = await rows<L2Row>('/l2-orderbooks', range);
    // The first page ends in hour 2, so the continuation replays hours 1 (with its restart) and 2.
    const limit = whole.findIndex((row) => /-12:\d+$/.test(row.event_id)) + 2;
    expect(limit).toBeGreaterThan(2);
    const first = await target.get<{ items: L2Row[]; next_cursor: string | null }>('/l2-orderbooks', { query: { ...range, limit }, key: paidKey });
    const cursor = first.body.next_cursor;
    if (cursor === null) throw new Error('the first page is the last');
    // Other queries' first pages push the cursor's resume point out (64 are kept).
    for (let i = 0; i < 70; i++) await target.get('/l2-orderbooks', { query: { ...range, start: range.start + i, limit: 1 }, key: paidKey });
    const continued = await target.get<{ items: L2Row[] }>('/l2-orderbooks', { query: { ...range, limit, cursor }, key: paidKey });
    expect(continued.body.items.length).toBeGreaterThan(0);
    const pages = [...first.body.items, ...continued.body.items];
    expect(pages).toEqual(whole.slice(0, pages.length));
    expect(pages.map((row) => observationOfFlatRow(row))).toEqual(referenceBooks().filter((book) => inRange(book.time)).slice(0, pages.length));
  });

  it('with an instrument, /l2-orderbooks still clears that book at each restart', async () => {
    const served = await rows<L2Row>('/l2-orderbooks', { ...range, instrument: perp }, 3);
    const expected = referenceBooks().filter((book) => inRange(book.time) && book.book.endsWith(`/${perp}`));
    expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
  });
});

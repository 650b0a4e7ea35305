import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { BookEngine, bookEventFromL2Row, l2RowFromBook, type L2Row } from '../../../shared/book/index.ts';
import type { CatalogResponse } from '../../../shared/rows/catalog.ts';
import type { TypedRowBase } from '../../../shared/rows/common.ts';
import type { DailyManifest, SnapshotDownloadLink, SnapshotListing } from '../../../shared/rows/snapshots.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { observationOfFlatRow } from '../../support/book-observations.ts';
import { handDayKey, handKey, referenceHourOfHand, writeHandDay, writeHandHour } from '../../support/capture-fixture.ts';
import { captureHour0, captureHours, captureMarket, captureSource, otherHours } from '../../support/capture-session-hours.ts';
import { ReferenceL2Books, referenceObservations, referenceSteps, type ReferenceObservation } from '../../support/reference-l2-books.ts';
import { requestService, type RequestOptions } from './support/http.ts';
import { pageAll } from './support/paging.ts';
import { hourMs, minuteMs, paidKey } from './support/service-fixture.ts';

// Whole-day files, as the service's SDKs write them (`standard-{source}-{market}-{date}.jsonl.zst`,
// no time): a folder service serves every hour of the day from one. The four hand-made hours of
// the capture-stream fixture (backward steps, rows past their hour, two restarts) are written as
// ONE day file; the oracle is the reference book model over the hours' rows, and the rows read back
// from the hand-made hours themselves.

const root = join(import.meta.dirname, '..', '..', '..');
const main = { source: captureSource, market: captureMarket } as const;
const range = { ...main, start: captureHour0 + 30 * minuteMs, end: captureHour0 + 3 * hourMs + 40 * minuteMs };
const dayStart = captureHour0 - (captureHour0 % (24 * hourMs));
const dayKey = handDayKey(captureHours[0] ?? { ...main, hourStart: captureHour0 });

let folder = '';
let dayPath = '';
let service: LocalService;
const target = { get: <T>(path: string, options?: RequestOptions) => requestService<T>(service.baseUrl, path, options) };

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mde-whole-day-'));
  dayPath = await writeHandDay(folder, captureHours);
  for (const hour of otherHours) await writeHandHour(folder, hour);
  service = await startEmbeddedService({ data: { kind: 'directory', root: folder }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => dayStart + 30 * hourMs } });
});

afterAll(async () => {
  await service.close();
  await rm(folder, { recursive: true, force: true });
});

async function rows<Row>(path: string, query: Record<string, string | number>, limit = 1000): Promise<Row[]> {
  return (await pageAll<Row>(target, path, { query: { ...query, limit }, key: paidKey })).items;
}

const inRange = (time: number): boolean => time >= range.start && time <= range.end;

function referenceBooks(): ReferenceObservation[] {
  return referenceObservations(referenceSteps(captureHours.map(referenceHourOfHand)), 25, new ReferenceL2Books());
}

/** The hand-made rows of the day file in line (arrival) order, with the time each was stamped. */
const dayRows = captureHours.flatMap((hour) => hour.rows);

describe('a whole-day file in a folder service', () => {
  it('keeps its market in the catalog, covering the whole day', async () => {
    const catalog = await target.get<CatalogResponse>('/catalog', { query: main });
    expect(catalog.body.markets.map((entry) => [entry.market, entry.start, entry.end])).toEqual([
      [captureMarket, new Date(dayStart).toISOString(), new Date(dayStart + 24 * hourMs).toISOString()],
    ]);
  });

  it('serves every hour: /l2-updates and trades of each hour are the day file rows stamped in it, in line order', async () => {
    // A row is read while the stream's replay clock (the running max of collector time, within the day) is at most 60 s past the range.
    let highest = Number.NEGATIVE_INFINITY;
    const clocked = dayRows.map((row) => {
      highest = Math.max(highest, row.time);
      return { ...row, clock: Math.min(dayStart + 24 * hourMs - 1, Math.max(dayStart, highest)) };
    });
    expect(clocked.some((row) => row.clock - row.time > minuteMs), 'one row arrives beyond the slack').toBe(true);
    for (let hour = 0; hour < 24; hour++) {
      const start = dayStart + hour * hourMs;
      const end = start + hourMs - 1;
      const served = await rows<L2Row>('/l2-updates', { ...main, start, end });
      const trades = await rows<TradeRow>('/historical/trades', { ...main, start, end });
      const stamped = clocked.filter((row) => row.time >= start && row.time <= end && row.clock <= end + minuteMs);
      expect(served.map((row) => row.collector_timestamp), `hour ${hour}`).toEqual(stamped.filter((row) => row.book !== undefined).map((row) => row.time));
      expect(trades.map((row) => [row.collector_timestamp, row.price]), `hour ${hour}`).toEqual(stamped.filter((row) => row.trade !== undefined).map((row) => [row.time, row.trade?.price]));
    }
  });

  it('/l2-orderbooks and a client replay of /l2-updates give the reference model book at every event, across its restarts', async () => {
    const expected = referenceBooks().filter((book) => inRange(book.time));
    expect(expected.length).toBeGreaterThan(25);
    const served = await rows<L2Row>('/l2-orderbooks', range, 7);
    expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
    const updates = await rows<L2Row>('/l2-updates', { ...main, start: captureHour0, end: range.end }, 5);
    const engine = new BookEngine();
    let session: string | null = null;
    const client: ReferenceObservation[] = [];
    updates.forEach((row, index) => {
      if (session !== null && row.source_capture_id !== session) engine.reset();
      session = row.source_capture_id;
      const book = engine.apply(bookEventFromL2Row(row, index));
      if (book !== null && inRange(row.collector_timestamp)) client.push(observationOfFlatRow(l2RowFromBook(row, book, row.source_event_is_snapshot)));
    });
    expect(client).toEqual(expected);
  });

  it('names three capture sessions across the day (two restarts); event ids are unique', async () => {
    const served = await rows<{ type: string; data: TypedRowBase }>('/events', { ...main, types: 'trade,l2_update', start: captureHour0, end: captureHour0 + 4 * hourMs - 1 });
    expect(served).toHaveLength(dayRows.length);
    expect(new Set(served.map((item) => item.data.event_id)).size).toBe(served.length);
    let last: number | null = null;
    let session = 0;
    const sessions = dayRows.map((row) => {
      if (last !== null && row.sequence <= last) session++;
      last = row.sequence;
      return session;
    });
    const idOfSession = new Map<number, string>();
    served.forEach((item, i) => {
      const id = idOfSession.get(sessions[i] ?? -1) ?? item.data.source_capture_id;
      idOfSession.set(sessions[i] ?? -1, id);
      expect(item.data.source_capture_id, `row ${i}`).toBe(id);
    });
    expect(new Set(idOfSession.values()).size).toBe(3);
  });

  it('is listed and downloaded as one file by its own key; an hour key inside it says which key to take', async () => {
    const listing = await target.get<SnapshotListing>('/snapshots', { query: { ...main, from: new Date(dayStart).toISOString(), to: new Date(dayStart + 24 * hourMs).toISOString() } });
    expect(listing.body.snapshots).toEqual([{ date: new Date(dayStart).toISOString().slice(0, 10), key: dayKey }]);
    expect(listing.body.total_bytes).toBe((await readFile(dayPath)).length);
    const link = await target.get<SnapshotDownloadLink>('/snapshots/download', { query: { key: dayKey, mode: 'url' } });
    expect(link.body.filename).toBe(`${dayKey}.jsonl.zst`);
    expect(new Uint8Array(await (await fetch(link.body.url)).arrayBuffer())).toEqual(new Uint8Array(await readFile(dayPath)));
    const inside = await target.get<{ error: { message: string; resolution: string } }>('/snapshots/download', { query: { key: handKey({ ...main, hourStart: captureHour0 }), mode: 'url' } });
    expect(inside.status).toBe(404);
    expect(inside.body.error.resolution).toContain(dayKey);
    const manifest = await target.get<DailyManifest>('/download', { query: { ...main, date: new Date(dayStart).toISOString().slice(0, 10) }, key: paidKey });
    expect(manifest.body.snapshots.map((entry) => [entry.key, entry.timestamp])).toEqual([[dayKey, '000000']]);
  });

  it('mde book reads the day file as one stream: the reference model book after every event', () => {
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'book', dayPath], { cwd: root, encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    const printed = cli.stdout.split('\n').filter((line) => line !== '').map((line) => observationOfFlatRow(JSON.parse(line) as object));
    expect(printed).toEqual(referenceBooks());
  });
});

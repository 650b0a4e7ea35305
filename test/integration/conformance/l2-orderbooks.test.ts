import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookEngine, bookEventFromL2Row, l2RowFromBook, l2Slots, type BookEvent, type L2Row } from '../../../shared/book/index.ts';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { hourFileLines } from './support/oracle.ts';
import { specReplayLimits, type ReplayLimits } from '../../../electron/server/service-context.ts';
import { requestService, type RequestOptions } from './support/http.ts';
import { pageAll, type PageBody } from './support/paging.ts';
import { fixedNow, hourMs, hourStartOf, minuteMs, paidKey, serviceFixture, type ConformanceService } from './support/service-fixture.ts';
import { lineTime, type SnapshotLine } from './support/snapshot-file.ts';
import { writeSnapshotFile } from '../../support/book-files.ts';
import { observationOfFlatRow, referenceHourOf } from '../../support/book-observations.ts';
import { interleavedBookEvents } from '../../support/interleaved-books.ts';
import { ReferenceL2Books, referenceObservations, referenceSteps, type ReferenceHour, type ReferenceLevel, type ReferenceRow, type ReferenceStep } from '../../support/reference-l2-books.ts';

const service = serviceFixture();
const sol = { source: 'hyperliquid', market: 'SOL' } as const;
/** Five minutes inside the rolling hour: public, and a few hundred books. */
const range = { ...sol, start: fixedNow - 20 * minuteMs, end: fixedNow - 15 * minuteMs };
/** The demo's history starts three days before now, on an hour boundary. */
const historyStart = hourStartOf(fixedNow - 3 * 24 * hourMs);

async function books(target: Pick<ConformanceService, 'get'>, query: Record<string, string | number>, limit = 1000): Promise<L2Row[]> {
  return (await pageAll<L2Row>(target, '/l2-orderbooks', { query: { ...query, limit }, key: paidKey })).items;
}

function levels(row: L2Row, side: 'bid' | 'ask'): { prices: number[]; sizes: number[] } {
  const prices: number[] = [];
  const sizes: number[] = [];
  for (const slot of l2Slots) {
    const price = row[side === 'bid' ? slot.bidPx : slot.askPx];
    const size = row[side === 'bid' ? slot.bidSz : slot.askSz];
    if (price !== null && size !== null) {
      prices.push(price);
      sizes.push(size);
    }
  }
  return { prices, sizes };
}

describe('4.12 GET /l2-orderbooks', () => {
  it('4.12 source, market, start and end are required → 400 without any of them; end before start → 400', async () => {
    for (const missing of ['source', 'market', 'start', 'end'] as const) {
      const query = Object.fromEntries(Object.entries(range).filter(([name]) => name !== missing));
      expect((await service.get('/l2-orderbooks', { query, key: paidKey })).status, missing).toBe(400);
    }
    expect((await service.get('/l2-orderbooks', { query: { ...range, start: range.end, end: range.start }, key: paidKey })).status).toBe(400);
  });

  it('4.12 /l2-orderbooks: books equal the reference model replaying the stored source events (full depth, each file in its own line order, restarts by collector_sequence), across pages and hours', async () => {
    // Twenty minutes across the 12:00 boundary, paged in 97s so that continuations start in both hours.
    const crossing = { ...sol, start: hourStartOf(fixedNow) - 10 * minuteMs, end: hourStartOf(fixedNow) + 10 * minuteMs };
    // The oracle decodes the hour files itself and replays them from the hour before the range,
    // each file in its own (arrival) order, clearing the books where the collector restarted.
    const hours: ReferenceHour[] = [];
    for (let hour = hourStartOf(crossing.start) - hourMs; hour <= crossing.end; hour += hourMs) {
      const lines: SnapshotLine[] = (await hourFileLines(service, sol.source, sol.market, hour)).filter((line) => line.type !== 'metadata');
      const rows: ReferenceRow[] = lines.map((line) => {
        const data = line.data as { is_snapshot: boolean; bids: ReferenceLevel[]; asks: ReferenceLevel[] };
        const update = line.type === 'orderbook' ? { ...sol, instrument: null, time: lineTime(line), snapshot: data.is_snapshot, bids: data.bids, asks: data.asks } : null;
        return { sequence: typeof line.collector_sequence === 'number' ? line.collector_sequence : null, time: lineTime(line), update };
      });
      hours.push({ hourStart: hour, updates: [], rows });
    }
    const model = new ReferenceL2Books();
    const expected = referenceObservations(referenceSteps(hours), 25, model).filter((book) => book.time >= crossing.start && book.time <= crossing.end);
    expect(expected.length).toBeGreaterThan(1000);
    expect(model.counts.deletedLevels).toBeGreaterThan(0);
    const served = await books(service, crossing, 97);
    expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
  });

  it('4.12 /l2-orderbooks: books agree with a replay of /l2-updates rows through the book engine (BookEngine + bookEventFromL2Row, clearing where source_capture_id changes) for the same range', async () => {
    // A flat row carries 25 levels per side and the demo's snapshots are deeper, so a replay of
    // /l2-updates rows cannot know the levels beyond 25 that later surface. What it does know
    // exactly: every snapshot's 25 levels, and the best bid and ask after every event.
    const events = (await pageAll<L2Row>(service, '/l2-updates', { query: { ...sol, start: hourStartOf(range.start) - hourMs, end: range.end, limit: 1000 }, key: paidKey })).items;
    const engine = new BookEngine();
    const expected: L2Row[] = [];
    let session: string | null = null;
    events.forEach((row, index) => {
      // A new capture session clears the books (ARCHITECTURE.md, "Capture streams and sessions").
      if (session !== null && row.source_capture_id !== session) engine.reset();
      session = row.source_capture_id;
      const book = engine.apply(bookEventFromL2Row(row, index));
      if (book === null || row.collector_timestamp < range.start) return;
      const { event_id, source, market, instrument, collector_timestamp, exchange_timestamp, source_capture_id, schema_version } = row;
      expected.push(l2RowFromBook({ event_id, source, market, instrument, collector_timestamp, exchange_timestamp, source_capture_id, schema_version }, book, row.source_event_is_snapshot));
    });
    const served = await books(service, range);
    expect(served.map((row) => row.event_id)).toEqual(expected.map((row) => row.event_id));
    const touch = (row: L2Row): (number | null)[] => [row.bid_px_00, row.bid_sz_00, row.ask_px_00, row.ask_sz_00];
    expect(served.map(touch)).toEqual(expected.map(touch));
    const snapshots = served.filter((row) => row.source_event_is_snapshot);
    expect(snapshots.length).toBeGreaterThan(0);
    expect(snapshots).toEqual(expected.filter((row) => row.source_event_is_snapshot));
  });

  it('4.12 one book after each L2 event in the range, and source_event_is_snapshot marks the event that produced it', async () => {
    const updates = (await pageAll<L2Row>(service, '/l2-updates', { query: { ...range, limit: 1000 } })).items;
    const served = await books(service, range);
    expect(served.map((row) => row.event_id)).toEqual(updates.map((row) => row.event_id));
    expect(served.map((row) => row.source_event_is_snapshot)).toEqual(updates.map((row) => row.source_event_is_snapshot));
    expect(served.some((row) => row.source_event_is_snapshot)).toBe(true);
  });

  it('2.3.3 every row is a sorted top-25 book: bids descending, asks ascending, best bid below best ask, sizes positive', async () => {
    const served = await books(service, range);
    expect(served.length).toBeGreaterThan(0);
    for (const row of served) {
      const bids = levels(row, 'bid');
      const asks = levels(row, 'ask');
      expect(bids.prices.length).toBeGreaterThan(0);
      expect(asks.prices.length).toBeGreaterThan(0);
      expect(bids.prices).toEqual([...bids.prices].sort((a, b) => b - a));
      expect(asks.prices).toEqual([...asks.prices].sort((a, b) => a - b));
      expect(bids.prices[0]).toBeLessThan(asks.prices[0] ?? 0);
      expect([...bids.sizes, ...asks.sizes].every((size) => size > 0)).toBe(true);
      // Slots fill from 00 without holes.
      for (const side of ['bid', 'ask'] as const) {
        const filled = l2Slots.map((slot) => row[side === 'bid' ? slot.bidPx : slot.askPx] !== null);
        expect(filled.indexOf(false) === -1 || filled.slice(filled.indexOf(false)).every((value) => !value)).toBe(true);
      }
    }
    // A busy book fills all 25 slots.
    expect(served.some((row) => levels(row, 'bid').prices.length === 25 && levels(row, 'ask').prices.length === 25)).toBe(true);
  });

  it('4.12 deltas that precede any source snapshot produce no book', async () => {
    const opening = { ...sol, start: historyStart, end: historyStart + 20_000 };
    const updates = (await pageAll<L2Row>(service, '/l2-updates', { query: { ...opening, limit: 1000 }, key: paidKey })).items;
    const firstSnapshot = updates.findIndex((row) => row.source_event_is_snapshot);
    expect(firstSnapshot, 'the opening hour starts with deltas before its first snapshot').toBeGreaterThan(0);
    const served = await books(service, opening);
    expect(served.map((row) => row.event_id)).toEqual(updates.slice(firstSnapshot).map((row) => row.event_id));
  });

  it('4.12 paging with the cursor continues the replay exactly, and the last page has next_cursor null', async () => {
    const whole = await service.get<PageBody<L2Row>>('/l2-orderbooks', { query: { ...range, limit: 1000 } });
    expect(whole.body.has_more).toBe(false);
    expect(whole.body.next_cursor).toBeNull();
    const paged = await pageAll<L2Row>(service, '/l2-orderbooks', { query: { ...range, limit: 41 } });
    expect(paged.pages).toBeGreaterThan(3);
    expect(paged.finalCursor).toBeNull();
    expect(paged.items).toEqual(whole.body.items);
  });

  it('4.12 the cursor is bound to the same source, market, instrument and range → 400 otherwise', async () => {
    const first = await service.get<PageBody<L2Row>>('/l2-orderbooks', { query: { ...range, limit: 5 } });
    const cursor = first.body.next_cursor ?? '';
    expect(cursor).not.toBe('');
    expect((await service.get('/l2-orderbooks', { query: { ...range, end: range.end + 1, limit: 5, cursor } })).status).toBe(400);
    expect((await service.get('/l2-orderbooks', { query: { ...range, market: 'BTC', limit: 5, cursor } })).status).toBe(400);
    expect((await service.get('/l2-orderbooks', { query: { ...range, limit: 5, cursor } })).status).toBe(200);
  });
});

describe('4.12 / part 8 replay bounds', () => {
  // A request replays from the last snapshot before its range (spec 4.12: "from a preceding
  // snapshot") until its page is full. Its work is the events from that snapshot to its page's
  // last row, in the stream's order: the oracle below counts them from /l2-updates.
  const cheap = { ...sol, start: hourStartOf(fixedNow) + 5 * minuteMs, end: hourStartOf(fixedNow) + 6 * minuteMs };
  /** The last complete hour; its own first snapshot comes a few seconds in. */
  const hour = hourStartOf(fixedNow) - hourMs;

  async function withLimits(limits: Partial<ReplayLimits>, check: (limited: ConformanceService) => Promise<void>): Promise<void> {
    const limited = await service.startSibling({ replayLimits: { ...specReplayLimits, ...limits } });
    try {
      await check(limited);
    } finally {
      await limited.close();
    }
  }

  /** The events a first page of `limit` rows replays: from the last snapshot before the range to its `limit`-th book in the range. */
  async function workOf(query: { start: number; end: number }, limit: number): Promise<number> {
    const rows = (await pageAll<L2Row>(service, '/l2-updates', { query: { ...sol, start: hourStartOf(query.start) - hourMs, end: query.end, limit: 1000 }, key: paidKey })).items;
    let clock = Number.NEGATIVE_INFINITY;
    const clocks = rows.map((row) => (clock = Math.max(clock, row.collector_timestamp)));
    const from = rows.findLastIndex((row, i) => row.source_event_is_snapshot && (clocks[i] ?? 0) < query.start);
    let served = 0;
    for (let i = from; i < rows.length; i++) {
      const at = rows[i]?.collector_timestamp ?? 0;
      if (at >= query.start && at <= query.end && ++served === limit) return i - from + 1;
    }
    return rows.length - from;
  }

  it('4.12 range over the replay limit → 422 (raw captures): a page replays from the snapshot before its range, not from an hour back', async () => {
    // A 10-row page of a minute against a full page of forty minutes, late in an hour.
    const small = { ...cheap, limit: 10 };
    const full = { ...sol, start: hour + 15 * minuteMs, end: hour + 55 * minuteMs, limit: 1000 };
    const [few, many] = [await workOf(small, 10), await workOf(full, 1000)];
    expect(many).toBeGreaterThan(few + 400);
    // Had the replay started an hour back, even the small page would be over this.
    await withLimits({ maxCaptures: Math.round((few + many) / 2) }, async (limited) => {
      expect((await limited.get('/l2-orderbooks', { query: small, key: paidKey })).status).toBe(200);
      expect((await limited.get('/l2-orderbooks', { query: full, key: paidKey })).status).toBe(422);
    });
  });

  it('4.12 range over the replay limit → 422 (bytes of storage reads): a range opening before its hour\'s first snapshot reads the hour before too', async () => {
    const listing = await service.get('/snapshots', { query: { ...sol, from: new Date(hour - hourMs).toISOString(), to: new Date(hour + hourMs).toISOString() } });
    const { total, total_bytes: twoFiles } = listing.body as { total: number; total_bytes: number };
    expect(total).toBe(2);
    // Half a second in, before the hour's first snapshot (1.5 s or later): its book comes from the hour before.
    const opening = { ...sol, start: hour + 500, end: hour + 2 * minuteMs, limit: 1000 };
    const within = { ...sol, start: hour + 10 * minuteMs, end: hour + 11 * minuteMs, limit: 1000 };
    await withLimits({ maxStorageBytes: twoFiles - 1 }, async (limited) => {
      expect((await limited.get('/l2-orderbooks', { query: within, key: paidKey })).status).toBe(200);
      expect((await limited.get('/l2-orderbooks', { query: opening, key: paidKey })).status).toBe(422);
    });
  });

  it('4.12 range over the replay limit → 422 (replay time)', async () => {
    await withLimits({ maxMilliseconds: 0 }, async (limited) => {
      expect((await limited.get('/l2-orderbooks', { query: cheap })).status).toBe(422);
    });
    expect((await service.get('/l2-orderbooks', { query: cheap })).status).toBe(200);
  });

  it('4.12 the range may span any duration: paging a three-hour range stays within the bounds on every page', async () => {
    const long = { ...sol, start: hourStartOf(fixedNow) - 3 * hourMs, end: hourStartOf(fixedNow) - 1 };
    await withLimits({ maxCaptures: 15_000 }, async (limited) => {
      const paged = await pageAll<L2Row>(limited, '/l2-orderbooks', { query: { ...long, limit: 1000 }, key: paidKey });
      expect(paged.pages).toBeGreaterThan(10);
      // Every event of the range has a book but deltas after a collector restart before its next
      // snapshot: a client replay from the hour before, clearing where source_capture_id changes.
      const updates = await pageAll<L2Row>(limited, '/l2-updates', { query: { ...long, start: long.start - hourMs, limit: 1000 }, key: paidKey });
      const engine = new BookEngine();
      let session: string | null = null;
      const booked = updates.items.filter((row, index) => {
        if (session !== null && row.source_capture_id !== session) engine.reset();
        session = row.source_capture_id;
        return engine.apply(bookEventFromL2Row(row, index)) !== null && row.collector_timestamp >= long.start;
      });
      expect(paged.items.map((row) => row.event_id)).toEqual(booked.map((row) => row.event_id));
    });
  });
});

describe('4.12 /l2-orderbooks over a folder of files, against the reference model', () => {
  // Three books of one market interleaved, over hours 10, 11 and 13 (12 has no file: a coverage
  // gap). Each book opens with deltas before its first snapshot, deltas delete levels with
  // quantity 0 and add them back, snapshots shrink books, and times step back now and then.
  const source = 'lighter';
  const market = 'SOL-USD';
  const instruments = [null, 'SOL-PERP', 'SOL-27NOV26'] as const;
  const firstHour = Date.UTC(2026, 10, 19, 10);
  const hourStarts = [firstHour, firstHour + hourMs, firstHour + 3 * hourMs];
  const hours = hourStarts.map((hourStart, i) => ({ hourStart, events: interleavedBookEvents({ seed: 4120 + i, source, market, instruments, hourStart, events: 900 }) }));
  const range = { source, market, start: firstHour, end: firstHour + 4 * hourMs - 1 };
  let root = '';
  let folder: LocalService;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'mde-l2-orderbooks-'));
    for (const { hourStart, events } of hours) {
      const dir = join(root, source, market, new Date(hourStart).toISOString().slice(0, 10));
      await mkdir(dir, { recursive: true });
      await writeSnapshotFile(dir, { source, market, hour: hourStart }, events);
    }
    folder = await startEmbeddedService({ data: { kind: 'directory', root }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => range.end + hourMs } });
  });

  afterAll(async () => {
    await folder.close();
    await rm(root, { recursive: true, force: true });
  });

  const target = { get: <T>(path: string, options?: RequestOptions) => requestService<T>(folder.baseUrl, path, options) };

  /** The model fed the events of each file in the order the service replays them: the file's own (arrival) order. */
  function modelSteps(events: (hourEvents: readonly BookEvent[]) => BookEvent[] = (list) => [...list]): { steps: ReferenceStep[]; model: ReferenceL2Books } {
    const inFileOrder = hours.map(({ hourStart, events: list }) => referenceHourOf(hourStart, events(list)));
    return { steps: referenceSteps(inFileOrder), model: new ReferenceL2Books() };
  }

  it('4.12 every book equals the reference model, across a gap, deltas before the first snapshot and levels deleted by quantity 0', async () => {
    const { steps, model } = modelSteps();
    const expected = referenceObservations(steps, 25, model);
    expect(model.counts.clears).toBe(1);
    expect(Math.min(model.counts.ignoredDeltas, model.counts.deletedLevels, model.counts.readdedLevels, model.counts.shrinkingSnapshots)).toBeGreaterThan(0);
    // Paged in 97s so that continuations resume inside hours and across the gap.
    const served = (await pageAll<L2Row>(target, '/l2-orderbooks', { query: { ...range, limit: 97 }, key: paidKey })).items;
    expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
    expect(new Set(served.map((row) => row.instrument))).toEqual(new Set(instruments));
  });

  it('4.12 with an instrument, the books of that instrument alone equal the reference model', async () => {
    const { steps, model } = modelSteps((list) => list.filter((event) => event.instrument === 'SOL-PERP'));
    const expected = referenceObservations(steps, 25, model);
    expect(expected.length).toBeGreaterThan(100);
    const served = (await pageAll<L2Row>(target, '/l2-orderbooks', { query: { ...range, instrument: 'SOL-PERP', limit: 1000 }, key: paidKey })).items;
    expect(served.map((row) => observationOfFlatRow(row))).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { BookEngine, bookEventFromL2Row, l2RowFromBook, l2Slots, type L2Row } from '../../../shared/book/index.ts';
import { hourFileLines } from './support/oracle.ts';
import { specReplayLimits, type ReplayLimits } from '../../../electron/services/local-service/service-context.ts';
import { pageAll, type PageBody } from './support/paging.ts';
import { fixedNow, hourMs, hourStartOf, minuteMs, paidKey, serviceFixture, type ConformanceService } from './support/service-fixture.ts';
import { lineTime, type SnapshotLine } from './support/snapshot-file.ts';

const service = serviceFixture();
const sol = { source: 'hyperliquid', market: 'SOL' } as const;
/** Five minutes inside the rolling hour: public, and a few hundred books. */
const range = { ...sol, start: fixedNow - 20 * minuteMs, end: fixedNow - 15 * minuteMs };
/** The demo's history starts three days before now, on an hour boundary. */
const historyStart = hourStartOf(fixedNow - 3 * 24 * hourMs);

async function books(target: Pick<ConformanceService, 'get'>, query: Record<string, string | number>, limit = 1000): Promise<L2Row[]> {
  return (await pageAll<L2Row>(target, '/l2-orderbooks', { query: { ...query, limit }, key: paidKey })).items;
}

/** A book row without its envelope: collector time, snapshot flag and the 100 level fields. */
type BookLevels = Omit<L2Row, 'event_id' | 'source' | 'market' | 'instrument' | 'exchange_timestamp' | 'source_capture_id' | 'schema_version'>;

const envelopeFields = new Set(['event_id', 'source', 'market', 'instrument', 'exchange_timestamp', 'source_capture_id', 'schema_version']);

function bookLevels(row: L2Row): BookLevels {
  return Object.fromEntries(Object.entries(row).filter(([name]) => !envelopeFields.has(name))) as BookLevels;
}

const envelope = { event_id: '', source: sol.source, market: sol.market, instrument: null, collector_timestamp: 0, exchange_timestamp: null, source_capture_id: '', schema_version: 2 };

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

  it('4.12 /l2-orderbooks: books equal a replay of the stored source events (full depth, in collector-time order) through the book engine, across pages and hours', async () => {
    // Twenty minutes across the 12:00 boundary, paged in 97s so that continuations start in both hours.
    const crossing = { ...sol, start: hourStartOf(fixedNow) - 10 * minuteMs, end: hourStartOf(fixedNow) + 10 * minuteMs };
    // The oracle decodes the hour files itself and replays them from the hour before the range.
    const lines: SnapshotLine[] = [];
    for (let hour = hourStartOf(crossing.start) - hourMs; hour <= crossing.end; hour += hourMs) {
      // Each file in collector-time order (a stable sort keeps arrival order on ties), as /l2-updates serves it.
      lines.push(...(await hourFileLines(service, sol.source, sol.market, hour)).filter((line) => line.type === 'orderbook').sort((a, b) => lineTime(a) - lineTime(b)));
    }
    const engine = new BookEngine();
    const expected: BookLevels[] = [];
    for (const line of lines) {
      if (lineTime(line) > crossing.end) continue;
      const data = line.data as { is_snapshot: boolean; bids: [number, number][]; asks: [number, number][] };
      const book = engine.apply({
        source: sol.source,
        market: sol.market,
        instrument: null,
        collectorTimestamp: lineTime(line),
        isSnapshot: data.is_snapshot,
        bids: Float64Array.from(data.bids.flat()),
        asks: Float64Array.from(data.asks.flat()),
      });
      if (book === null || lineTime(line) < crossing.start) continue;
      expected.push(bookLevels(l2RowFromBook({ ...envelope, collector_timestamp: lineTime(line) }, book, data.is_snapshot)));
    }
    expect(expected.length).toBeGreaterThan(1000);
    const served = await books(service, crossing, 97);
    expect(served.map(bookLevels)).toEqual(expected);
  });

  it('4.12 /l2-orderbooks: books agree with a replay of /l2-updates rows through the book engine (BookEngine + bookEventFromL2Row) for the same range', async () => {
    // A flat row carries 25 levels per side and the demo's snapshots are deeper, so a replay of
    // /l2-updates rows cannot know the levels beyond 25 that later surface. What it does know
    // exactly: every snapshot's 25 levels, and the best bid and ask after every event.
    const events = (await pageAll<L2Row>(service, '/l2-updates', { query: { ...sol, start: hourStartOf(range.start) - hourMs, end: range.end, limit: 1000 }, key: paidKey })).items;
    const engine = new BookEngine();
    const expected: L2Row[] = [];
    events.forEach((row, index) => {
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
  // A request replays from the start of the hour before its range (or before its cursor's hour)
  // until its page is full. In SOL (about 5,400 captures and 300 kB an hour) a range starting at
  // 12:05 replays about 6,000 captures from two files; one starting at 11:55 about 10,000.
  const cheap = { ...sol, start: hourStartOf(fixedNow) + 5 * minuteMs, end: hourStartOf(fixedNow) + 6 * minuteMs };
  const lateInHour = { ...sol, start: hourStartOf(fixedNow) - 5 * minuteMs, end: hourStartOf(fixedNow) - 4 * minuteMs };
  const threeFiles = { ...sol, start: hourStartOf(fixedNow) - minuteMs, end: hourStartOf(fixedNow) + 2 * minuteMs, limit: 1000 };

  async function withLimits(limits: Partial<ReplayLimits>, check: (limited: ConformanceService) => Promise<void>): Promise<void> {
    const limited = await service.startSibling({ replayLimits: { ...specReplayLimits, ...limits } });
    try {
      await check(limited);
    } finally {
      await limited.close();
    }
  }

  it('4.12 range over the replay limit → 422 (raw captures)', async () => {
    await withLimits({ maxCaptures: 8000 }, async (limited) => {
      expect((await limited.get('/l2-orderbooks', { query: cheap })).status).toBe(200);
      expect((await limited.get('/l2-orderbooks', { query: lateInHour })).status).toBe(422);
    });
  });

  it('4.12 range over the replay limit → 422 (bytes of storage reads)', async () => {
    await withLimits({ maxStorageBytes: 700_000 }, async (limited) => {
      expect((await limited.get('/l2-orderbooks', { query: cheap })).status).toBe(200);
      expect((await limited.get('/l2-orderbooks', { query: threeFiles, key: paidKey })).status).toBe(422);
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
      const updates = await pageAll<L2Row>(limited, '/l2-updates', { query: { ...long, limit: 1000 }, key: paidKey });
      expect(paged.items.map((row) => row.event_id)).toEqual(updates.items.map((row) => row.event_id));
    });
  });
});

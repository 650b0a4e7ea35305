import { describe, expect, it } from 'vitest';
import { demoDatasetsAt } from '../../../electron/server/simulator/demo-datasets.ts';
import { observationOfFlatRow } from '../../support/book-observations.ts';
import { ReferenceL2Books, type ReferenceLevel, type ReferenceObservation, type ReferenceUpdate } from '../../support/reference-l2-books.ts';
import { hourFileLines } from './support/oracle.ts';
import { pageAll } from './support/paging.ts';
import { fixedNow, hourMs, hourStartOf, minuteMs, paidKey, serviceFixture } from './support/service-fixture.ts';
import { lineTime, standardKey, type SnapshotLine } from './support/snapshot-file.ts';

// Spec 4.0 (pagination) and the ordering rules (1, 4.11, 4.12, 4.13): a client that follows every
// cursor of a query gets each row once, in order, with nothing left out. Checked on every demo
// market from a start in the middle of an hour about three hours back, with pages small enough that
// continuations start mid-hour, against one naive read of the hour files (decoded here, not by the
// service): one stream's rows are its hour files in hour order, each in its own line order, keeping
// the rows whose collector time lies in the range. A regression test: the demo's lighter markets
// (legacy files) paged /l2-orderbooks backwards after the first page, because a legacy file was
// decoded from its first line when a replay asked for it from a later one.

/** A quota no test here reaches: it follows thousands of cursors. */
const service = serviceFixture({ quota: { limit: 1_000_000, windowSeconds: 60 } });

/** 3 h back, 41 min 17 s into the hour: the range runs on into the next hour. */
const start = hourStartOf(fixedNow) - 3 * hourMs + 41 * minuteMs + 17_000;
/** binance/BTCUSDT (~170 book events a second) gets a short range; the light markets 25 minutes. */
const spanOf = (market: { source: string; market: string }): number => (market.source === 'binance' && market.market === 'BTCUSDT' ? 2 * minuteMs : 25 * minuteMs);
/** Pages of 173 rows (1000 on the busy market): many continuations, each starting mid-hour. */
const limitOf = (market: { source: string; market: string }): number => (spanOf(market) < 5 * minuteMs ? 1000 : 173);

/** One naive row of the files: its event id (`{file key}:{line}[:{part}]`), kind and time. */
interface NaiveRow {
  id: string;
  kind: 'trade' | 'l2_update' | 'funding_rate' | 'option_ticker' | 'intent' | 'quote';
  time: number;
  line: SnapshotLine;
  sequence: number | null;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The typed rows one file line makes, as the spec's row kinds and the field notes describe them. */
function rowsOfLine(key: string, number: number, line: SnapshotLine): NaiveRow[] {
  const data = record(line.data);
  const base = { time: lineTime(line), line, sequence: typeof line.collector_sequence === 'number' ? line.collector_sequence : null };
  const one = (kind: NaiveRow['kind']): NaiveRow[] => [{ id: `${key}:${number}`, kind, ...base }];
  switch (line.type) {
    case 'trade':
      return one('trade');
    case 'orderbook':
    case 'orderbook_delta':
      return one('l2_update');
    case 'perpetual_ticker':
      return data.funding_rate === undefined ? [] : one('funding_rate');
    case 'point':
      return data.series === 'funding_rate' ? one('funding_rate') : [];
    case 'option_ticker':
      return one('option_ticker');
    case 'intent':
      // Only pair-shaped observations are stored (spec 2.7).
      return asArray(data.inputs).length > 1 || asArray(data.outputs).length > 1 ? [] : one('intent');
    case 'record':
      if (data.series !== 'quote_ladder') return [];
      return asArray(record(data.values).quotes).map((_, part) => ({ id: `${key}:${number}:${part}`, kind: 'quote' as const, ...base }));
    default:
      return [];
  }
}

/** Every data row of a stream's hour files from the hour before the range to the range's last hour, in file order. */
async function naiveStream(source: string, market: string, end: number): Promise<NaiveRow[]> {
  const rows: NaiveRow[] = [];
  for (let hour = hourStartOf(start) - hourMs; hour <= end; hour += hourMs) {
    const key = standardKey(source, market, hour);
    const lines = await hourFileLines(service, source, market, hour);
    lines.forEach((line, index) => {
      if (line.type !== 'metadata') rows.push(...rowsOfLine(key, index + 1, line));
    });
  }
  return rows;
}

/** The book update a file's order-book line carries: a legacy `orderbook` line, or a v2 one marked `is_snapshot`, replaces the book. */
function updateOf(row: NaiveRow): ReferenceUpdate {
  const data = record(row.line.data);
  const instrument = typeof row.line.instrument === 'string' ? row.line.instrument : null;
  const snapshot = row.line.type === 'orderbook' && (typeof row.line.collector_timestamp !== 'number' || data.is_snapshot === true);
  return { source: String(row.line.source), market: String(row.line.market), instrument, time: row.time, snapshot, bids: asArray(data.bids) as ReferenceLevel[], asks: asArray(data.asks) as ReferenceLevel[] };
}

/**
 * The books `/l2-orderbooks` owes for the range: the stream replayed from the hour before in line
 * order by the reference model (a sequence at or below the previous one is a collector restart and
 * clears the books), one top-25 book for each order-book line in the range that makes one.
 */
function naiveBooks(stream: readonly NaiveRow[], end: number): { id: string; book: ReferenceObservation }[] {
  const model = new ReferenceL2Books();
  const books: { id: string; book: ReferenceObservation }[] = [];
  let lastSequence: number | null = null;
  for (const row of stream) {
    if (row.sequence !== null && lastSequence !== null && row.sequence <= lastSequence) model.clear();
    lastSequence = row.sequence ?? lastSequence;
    if (row.kind !== 'l2_update') continue;
    const update = updateOf(row);
    if (!model.apply(update) || row.time < start || row.time > end) continue;
    const book = model.observe(update, 25);
    if (book !== null) books.push({ id: row.id, book });
  }
  return books;
}

/** The paths of each row kind's typed endpoint (every one of them, whatever the market holds). */
const typedPaths: Record<NaiveRow['kind'], readonly string[]> = {
  trade: ['/historical/trades'],
  l2_update: ['/l2-updates', '/historical/orderbook-l2'],
  funding_rate: ['/historical/funding-rates'],
  option_ticker: ['/historical/options-ticker'],
  intent: ['/intents'],
  quote: ['/quotes'],
};

const markets = demoDatasetsAt(fixedNow).map((dataset) => ({ source: dataset.source, market: dataset.market }));

describe('4.0 every cursor followed from a mid-hour start: rows in order, gapless, without repeats', () => {
  it('covers every demo market, the lighter (legacy) ones among them', () => {
    expect(markets.filter((market) => market.source === 'lighter').length).toBeGreaterThan(0);
    expect(markets.length).toBeGreaterThan(20);
  });

  for (const market of markets) {
    it(`${market.source}/${market.market}: /l2-orderbooks, each typed endpoint and /events equal one naive read of the hour files`, async () => {
      const end = start + spanOf(market);
      const limit = limitOf(market);
      const stream = await naiveStream(market.source, market.market, end);
      const inRange = stream.filter((row) => row.time >= start && row.time <= end);
      expect(inRange.length, 'the range holds rows').toBeGreaterThan(0);
      const query = { ...market, start, end, limit };
      // A service that pages back never ends: stop a few pages past what the rows need.
      const maxPages = Math.ceil(inRange.length / limit) + 3;
      const ids = async (path: string): Promise<string[]> => (await pageAll<{ event_id: string }>(service, path, { query, key: paidKey }, maxPages)).items.map((row) => row.event_id);

      // /l2-orderbooks first, while no other query has decoded the hours (the cold path the report hit).
      const books = naiveBooks(stream, end);
      if (inRange.some((row) => row.kind === 'l2_update')) expect(books.length, 'the range has books').toBeGreaterThan(0);
      const served = (await pageAll<Record<string, unknown>>(service, '/l2-orderbooks', { query, key: paidKey }, maxPages)).items;
      expect(
        served.map((row) => row.event_id),
        `/l2-orderbooks of ${market.source}/${market.market}`,
      ).toEqual(books.map((book) => book.id));
      expect(served.map((row) => observationOfFlatRow(row))).toEqual(books.map((book) => book.book));

      for (const [kind, paths] of Object.entries(typedPaths)) {
        const expected = inRange.filter((row) => row.kind === kind).map((row) => row.id);
        for (const path of paths) expect(await ids(path), `${path} of ${market.source}/${market.market}`).toEqual(expected);
      }
      // One stream: /events serves its rows of every kind in the files' order (candles are derived, not stored).
      const events = await pageAll<{ type: string; data: { event_id: string } }>(
        service,
        '/events',
        { query: { ...query, types: 'trade,l2_update,funding_rate,intent,quote,option_ticker' }, key: paidKey },
        maxPages,
      );
      expect(
        events.items.map((item) => `${item.type} ${item.data.event_id}`),
        `/events of ${market.source}/${market.market}`,
      ).toEqual(inRange.map((row) => `${row.kind} ${row.id}`));
    }, 180_000);
  }
});

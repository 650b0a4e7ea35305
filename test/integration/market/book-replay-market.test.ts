import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BookKey } from '../../../shared/book/book-key.ts';
import type { FrameChunk } from '../../../shared/book/book-frames.ts';
import type { BookTracksEvent } from '../../../shared/contract/book-session-schemas.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { countingFetch, fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { observationOfFlatRow, referenceUpdateOfFlatRow } from '../../support/book-observations.ts';
import { flatFramesByBook } from '../../support/frame-reference.ts';
import { ReferenceL2Books, type ReferenceCounts } from '../../support/reference-l2-books.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { pullSessionFrames, referenceSessionFramesOfRows, sessionFramesByBook, sessionObservationsOfFrames, type SessionObservation } from '../../support/session-frames.ts';
import { bookReplayRig, type BookReplayRig } from './support/book-replay-rig.ts';
import { rawRows } from './support/raw-rows.ts';

// `book.replayMarket` over the contract against the demo service on 127.0.0.1: the replay keeps
// its books in main (a session), and the frames pulled back with `book.window` once it ended must
// equal the naive reference book fed with the raw rows (fetched by hand, not through the client),
// with an empty reset frame wherever a new capture session cleared a book.

const minute = 60_000;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;
const recent = { ...btc, start: fixedNow - 12 * minute, end: fixedNow - 4 * minute };
// Six minutes: the demo writes a book snapshot every 3 to 5 minutes, so the range holds at least one.
const older = { ...btc, start: fixedNow - 3 * 60 * minute, end: fixedNow - 3 * 60 * minute + 6 * minute };

let service: TestService;
let rig: BookReplayRig | undefined;
let proxy: FaultProxy | undefined;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});
afterEach(async () => {
  await rig?.close();
  await proxy?.close();
  rig = undefined;
  proxy = undefined;
});

function replayIdOf(value: { replayId: string }): string {
  expect(value.replayId).toMatch(/^[0-9a-f-]{36}$/);
  return value.replayId;
}

/** The reference books after every `/l2-updates` row that made one (and the reset frames of new capture sessions), cut to `depth`. */
function rebuiltFromRows(rows: readonly L2Row[], depth = 25): { observed: Map<string, SessionObservation[]>; counts: ReferenceCounts } {
  const books = new ReferenceL2Books();
  const observed = referenceSessionFramesOfRows(
    rows,
    (row) => {
      const update = referenceUpdateOfFlatRow(row);
      return books.apply(update) ? books.observe(update, depth) : null;
    },
    (id) => books.clear(id),
  );
  return { observed: sessionFramesByBook(observed), counts: books.counts };
}

/** Every frame a replay holds, pulled with `book.window` book by book as its last `book.tracks` lists them. */
async function framesOf(on: BookReplayRig, replayId: string): Promise<{ book: BookKey; chunk: FrameChunk }[]> {
  const tracks = on.payloadsOf<BookTracksEvent>('book.tracks', replayId).at(-1)?.tracks ?? [];
  const frames: { book: BookKey; chunk: FrameChunk }[] = [];
  for (const track of tracks) frames.push(...(await pullSessionFrames((input) => on.api.book.window(input), replayId, track.key, track.entries)).frames);
  return frames;
}

/** The frames of a replay as the reference sees them, by book. */
async function observedOf(on: BookReplayRig, replayId: string): Promise<Map<string, SessionObservation[]>> {
  return sessionFramesByBook(sessionObservationsOfFrames(await framesOf(on, replayId)));
}

describe('book.replayMarket', () => {
  it('rebuilds /l2-updates of the last hour into frames that equal the reference books', async () => {
    const counting = countingFetch();
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey, fetch: counting.fetch });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...recent, rows: 'l2-updates' }));
    const ended = await rig.ended(replayId);
    expect(ended).toMatchObject({ ok: true, error: null });

    const raw = await rawRows<L2Row>(service.service.baseUrl, '/l2-updates', { ...recent, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(1000);
    const { observed, counts } = rebuiltFromRows(raw);
    expect(counts.deltas).toBeGreaterThan(0);
    expect(observed.size).toBeGreaterThan(0);
    // Session mode: nothing but what the books hold is pushed; the frames are pulled.
    expect(rig.framesOf(replayId)).toEqual([]);
    expect(await observedOf(rig, replayId)).toEqual(observed);
    expect(ended.progress).toMatchObject({ events: raw.length, pages: Math.ceil(raw.length / 1000) });
    expect(counting.urls.every((url) => new URL(url).pathname === '/l2-updates')).toBe(true);
  });

  it('reads a range before the last hour from /historical/orderbook-l2', async () => {
    const counting = countingFetch();
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey, fetch: counting.fetch });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...older, rows: 'l2-updates', depth: 10 }));
    expect(await rig.ended(replayId)).toMatchObject({ ok: true });

    const raw = await rawRows<L2Row>(service.service.baseUrl, '/historical/orderbook-l2', { ...older, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(0);
    const { observed, counts } = rebuiltFromRows(raw, 10);
    expect(counts.snapshots).toBeGreaterThan(0);
    expect(observed.size).toBeGreaterThan(0);
    expect(await observedOf(rig, replayId)).toEqual(observed);
    expect(counting.urls.length).toBeGreaterThan(0);
    expect(counting.urls.every((url) => new URL(url).pathname === '/historical/orderbook-l2')).toBe(true);
  });

  it("replays the service's own /l2-orderbooks books, one frame per row", async () => {
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...recent, rows: 'l2-orderbooks' }));
    expect(await rig.ended(replayId)).toMatchObject({ ok: true });

    const raw = await rawRows<L2Row>(service.service.baseUrl, '/l2-orderbooks', { ...recent, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(1000);
    // Every row is a whole book: one frame each, and a reset frame where a new capture session began.
    const expected = referenceSessionFramesOfRows(raw, (row) => observationOfFlatRow(row), () => {});
    const frames = await framesOf(rig, replayId);
    expect(sessionFramesByBook(sessionObservationsOfFrames(frames))).toEqual(sessionFramesByBook(expected));
    // Each frame keeps its row's exchange time; a null one stays unknown (NaN), never guessed (a reset frame has none).
    const exchangeByBook = new Map<string, number[]>();
    const rowsLeft = [...raw];
    for (const frame of expected) {
      const exchange = 'reset' in frame ? Number.NaN : (rowsLeft.shift()?.exchange_timestamp ?? Number.NaN);
      exchangeByBook.set(frame.book, [...(exchangeByBook.get(frame.book) ?? []), exchange]);
    }
    const framed = flatFramesByBook(frames);
    expect(new Map([...framed].map(([name, flat]) => [name, flat.exchangeTimestamps]))).toEqual(exchangeByBook);
    expect(raw.some((row) => row.exchange_timestamp !== null)).toBe(true);
  });

  it('refuses a range before the last hour without a key, before sending anything', async () => {
    const counting = countingFetch();
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: null, fetch: counting.fetch });
    const error = await rejectionOf(rig.api.book.replayMarket({ ...older, rows: 'l2-orderbooks' }), ContractError);
    expect(error).toMatchObject({ kind: 'needs-api-key', channel: 'book.replayMarket' });
    expect(error.message).toContain('/l2-orderbooks');
    const historical = await rejectionOf(rig.api.book.replayMarket({ ...older, rows: 'l2-updates' }), ContractError);
    expect(historical.message).toContain('/historical/orderbook-l2');
    expect(counting.count).toBe(0);
    expect(rig.events).toEqual([]);
  });

  it('goes anonymously inside the last hour, on /l2-updates', async () => {
    const counting = countingFetch();
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: null, fetch: counting.fetch });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...recent, rows: 'l2-updates' }));
    expect(await rig.ended(replayId)).toMatchObject({ ok: true });
    expect(counting.count).toBeGreaterThan(0);
  });

  it("ends a replay whose page fails with the service's message, resolution and kind", async () => {
    proxy = await startFaultProxy(service.service.baseUrl);
    const body = JSON.stringify({ error: { code: 'storage_down', message: 'Snapshot storage is unavailable', resolution: 'Retry in a minute.' } });
    proxy.plan = (_request, index) => (index === 0 ? { kind: 'pass' } : { kind: 'respond', status: 400, body });
    rig = bookReplayRig({ baseUrl: proxy.url, key: paidKey });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...recent, rows: 'l2-updates' }));
    const ended = await rig.ended(replayId);
    expect(ended).toMatchObject({ ok: false, error: { kind: 'page-source', resolution: 'Retry in a minute.', serviceKind: 'invalid-request' } });
    expect(ended.error?.message).toContain('Snapshot storage is unavailable');
    // The first page's books are kept and still answer windows: exactly the first page of rows, rebuilt.
    expect(ended.progress.pages).toBe(1);
    const raw = await rawRows<L2Row>(service.service.baseUrl, '/l2-updates', { ...recent, limit: 1000 }, paidKey);
    const { observed } = rebuiltFromRows(raw.slice(0, 1000));
    expect(observed.size).toBeGreaterThan(0);
    expect(await observedOf(rig, replayId)).toEqual(observed);
  });

  it('stops paging on book.cancel: the replay ends cancelled and no page is asked for after it', async () => {
    proxy = await startFaultProxy(service.service.baseUrl);
    let release = (): void => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held = (): void => {};
    const secondAsked = new Promise<void>((resolve) => (held = resolve));
    proxy.plan = (_request, index) => {
      if (index === 0) return { kind: 'pass' };
      held();
      return { kind: 'hold', until: gate };
    };
    rig = bookReplayRig({ baseUrl: proxy.url, key: paidKey });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...recent, rows: 'l2-updates' }));
    await secondAsked;
    expect(await rig.api.book.cancel({ replayId })).toEqual({ cancelled: true });
    release();
    const ended = await rig.ended(replayId);
    expect(ended).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(proxy.requests.length).toBe(2);
    expect(await rig.api.book.cancel({ replayId })).toEqual({ cancelled: false });
  });
});

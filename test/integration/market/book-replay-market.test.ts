import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { L2Row } from '../../../shared/book/l2-row.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { countingFetch, fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { observationOfFlatRow, observationsOfFrames, referenceUpdateOfFlatRow } from '../../support/book-observations.ts';
import { flatFramesByBook } from '../../support/frame-reference.ts';
import { observationsByBook, referenceBookName, referenceObservations, ReferenceL2Books } from '../../support/reference-l2-books.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { bookReplayRig, type BookReplayRig } from './support/book-replay-rig.ts';
import { rawRows } from './support/raw-rows.ts';

// `book.replayMarket` over the contract against the demo service on 127.0.0.1: the frames must
// equal the naive reference book fed with the raw rows (fetched by hand, not through the client).

const minute = 60_000;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;
const recent = { ...btc, start: fixedNow - 12 * minute, end: fixedNow - 4 * minute };
const older = { ...btc, start: fixedNow - 3 * 60 * minute, end: fixedNow - 3 * 60 * minute + 3 * minute };

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

/** The reference books after every `/l2-updates` row that made one. */
function rebuiltFromRows(rows: readonly L2Row[]) {
  const books = new ReferenceL2Books();
  const observed = referenceObservations(rows.map((row) => ({ update: referenceUpdateOfFlatRow(row) })), 25, books);
  return { observed: observationsByBook(observed), counts: books.counts };
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
    expect(observationsByBook(observationsOfFrames(rig.framesOf(replayId)))).toEqual(observed);
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
    const books = new ReferenceL2Books();
    const expected = observationsByBook(referenceObservations(raw.map((row) => ({ update: referenceUpdateOfFlatRow(row) })), 10, books));
    expect(observationsByBook(observationsOfFrames(rig.framesOf(replayId)))).toEqual(expected);
    expect(counting.urls.length).toBeGreaterThan(0);
    expect(counting.urls.every((url) => new URL(url).pathname === '/historical/orderbook-l2')).toBe(true);
  });

  it("replays the service's own /l2-orderbooks books, one frame per row", async () => {
    rig = bookReplayRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const replayId = replayIdOf(await rig.api.book.replayMarket({ ...recent, rows: 'l2-orderbooks' }));
    expect(await rig.ended(replayId)).toMatchObject({ ok: true });

    const raw = await rawRows<L2Row>(service.service.baseUrl, '/l2-orderbooks', { ...recent, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(1000);
    expect(observationsByBook(observationsOfFrames(rig.framesOf(replayId)))).toEqual(observationsByBook(raw.map((row) => observationOfFlatRow(row))));
    // Each frame keeps its row's exchange time; a null one stays unknown (NaN), never guessed.
    const exchangeByBook = new Map<string, number[]>();
    for (const row of raw) {
      const name = referenceBookName(row);
      exchangeByBook.set(name, [...(exchangeByBook.get(name) ?? []), row.exchange_timestamp ?? Number.NaN]);
    }
    const framed = flatFramesByBook(rig.framesOf(replayId));
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
    // The first page's frames arrived before the failure.
    expect(rig.framesOf(replayId).length).toBeGreaterThan(0);
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

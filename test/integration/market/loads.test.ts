import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { countingFetch, fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { expectNonDecreasing } from '../conformance/support/paging.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { marketRig } from './support/market-rig.ts';
import { rawRows } from './support/raw-rows.ts';

// Long market loads over the embedded demo on 127.0.0.1: progress pushed per page, and a cancel
// that stops the client's paging. The pages pass through a proxy that can hold one at a gate, so
// the test waits on events (the first progress, the held request), never on a timer.

const hour = 3_600_000;
const lastHour = { source: 'hyperliquid', market: 'BTC', start: fixedNow - hour, end: fixedNow } as const;

let service: TestService;
let running: FaultProxy | undefined;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service.close();
});
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A fresh proxy in front of the demo for one test, closed after it. */
async function startProxy(): Promise<FaultProxy> {
  running = await startFaultProxy(service.service.baseUrl);
  return running;
}

/** A promise with its resolve function. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** What a promise settled with: its value, or the error it rejected with. */
const settledOf = (promise: Promise<unknown>): Promise<unknown> => promise.then((value) => value, (error: unknown) => error);

describe('market.trades over several pages', () => {
  it('equals the raw rows and pushes progress: the requestId, counts that never fall, ending at the total', async () => {
    const proxy = await startProxy();
    const raw = await rawRows<TradeRow>(service.service.baseUrl, '/historical/trades', { ...lastHour, limit: 1000 }, paidKey);
    expect(raw.length).toBeGreaterThan(2000);
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const columns = await rig.api.market.trades({ ...lastHour, requestId: 'long-1' });
    expect(columns.time).toEqual(raw.map((row) => row.collector_timestamp));
    expect(columns.price).toEqual(raw.map((row) => row.price));
    expect(columns.truncated).toBe(false);

    expect(rig.progress.every((event) => event.requestId === 'long-1')).toBe(true);
    const counts = rig.progressOf('long-1');
    expect(counts.length).toBe(proxy.requests.length);
    expect(counts.length).toBeGreaterThan(2);
    expectNonDecreasing(counts, 'market.progress rows');
    expect(counts.at(-1)).toBe(raw.length);
  });
});

describe('market.cancel', () => {
  it('stops a running load: the call fails as cancelled, and the client asks for no page after the cancel', async () => {
    const proxy = await startProxy();
    const secondPageAsked = deferred();
    const gate = deferred();
    // The first page is answered; every later one waits at the gate until the test opens it.
    proxy.plan = (_request, index) => {
      if (index === 0) return { kind: 'pass' };
      secondPageAsked.resolve();
      return { kind: 'hold', until: gate.promise };
    };
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const outcome = settledOf(rig.api.market.trades({ ...lastHour, requestId: 'long-2' }));

    // The newest ten minutes are read first (`newest-rows.ts`): their first page is the first progress.
    const first = await rig.firstProgress('long-2');
    expect(first.rows).toBeGreaterThan(0);
    await secondPageAsked.promise;
    const askedBeforeCancel = proxy.requests.length;
    expect(askedBeforeCancel).toBe(2);

    // A second load under an id still running is refused, and sends nothing.
    const duplicate = await rejectionOf(rig.api.market.trades({ ...lastHour, requestId: 'long-2' }), ContractError);
    expect(duplicate).toMatchObject({ kind: 'invalid-request', channel: 'market.trades', message: 'A load with id long-2 is already running' });

    expect(await rig.api.market.cancel({ requestId: 'long-2' })).toEqual({ cancelled: true });
    // The held page now goes on to the service: a load that ignored the cancel would read it and ask for the next.
    gate.resolve();
    const error = await outcome;
    expect(error).toBeInstanceOf(ContractError);
    expect(error).toMatchObject({ kind: 'cancelled', channel: 'market.trades', message: 'market.trades was cancelled' });
    expect(proxy.requests.length).toBe(askedBeforeCancel);
    expect(rig.progressOf('long-2')).toEqual([first.rows]);

    // Nothing left to cancel, and the id is free again.
    expect(await rig.api.market.cancel({ requestId: 'long-2' })).toEqual({ cancelled: false });
    proxy.plan = () => ({ kind: 'pass' });
    const again = await rig.api.market.trades({ ...lastHour, start: fixedNow - 60_000, requestId: 'long-2' });
    expect(again.time.length).toBeGreaterThan(0);
  });

  it('stops a load whose data source is not ready yet: cancelled, with no request sent', async () => {
    const ready = deferred();
    const counting = countingFetch();
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey, fetch: counting.fetch, clientReady: ready.promise });
    const outcome = settledOf(rig.api.market.candles({ ...lastHour, interval: '1m', requestId: 'early' }));
    expect(await rig.api.market.cancel({ requestId: 'early' })).toEqual({ cancelled: true });
    ready.resolve();
    expect(await outcome).toMatchObject({ kind: 'cancelled', channel: 'market.candles' });
    expect(counting.count).toBe(0);
  });

  it('answers false for an id that names no load', async () => {
    const proxy = await startProxy();
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    expect(await rig.api.market.cancel({ requestId: 'never-started' })).toEqual({ cancelled: false });
    expect(proxy.requests).toEqual([]);
  });
});

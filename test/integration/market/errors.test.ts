import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { countingFetch, fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { marketRig } from './support/market-rig.ts';
import { rawRows } from './support/raw-rows.ts';

// Failures of the market channels keep their kind across the contract, so a view can offer the
// fix: the access windows judged before sending, and the service's own answers (through a proxy
// that answers for it where the demo never would).

const minute = 60_000;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;

let service: TestService;
let proxy: FaultProxy;

beforeAll(async () => {
  service = await startTestService();
  proxy = await startFaultProxy(service.service.baseUrl);
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});
beforeEach(() => {
  proxy.plan = () => ({ kind: 'pass' });
  proxy.requests.length = 0;
});

const contractFailure = (promise: Promise<unknown>): Promise<ContractError> => rejectionOf(promise, ContractError);

const serviceError = (code: string, message: string, resolution: string): string => JSON.stringify({ error: { code, message, resolution } });

describe('without an API key, what needs one is refused before anything is sent', () => {
  it('market.events on a remote service: needs-api-key, no request', async () => {
    const counting = countingFetch();
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: null, fetch: counting.fetch });
    const error = await contractFailure(rig.api.market.events({ start: fixedNow - 5 * minute, end: fixedNow, requestId: 'e-1' }));
    expect(error).toMatchObject({ kind: 'needs-api-key', channel: 'market.events', message: '/events needs an API key on every request.' });
    expect(error.resolution).toMatch(/^Add an API key for http:\/\/127\.0\.0\.1:\d+/);
    expect(counting.count).toBe(0);
  });

  it('a bounded market.trades: needs-api-key, no request', async () => {
    const counting = countingFetch();
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: null, fetch: counting.fetch });
    const error = await contractFailure(rig.api.market.trades({ ...btc, start: fixedNow - 5 * minute, end: fixedNow, requestId: 't-1' }));
    expect(error).toMatchObject({ kind: 'needs-api-key', channel: 'market.trades' });
    expect(error.message).toContain('anonymous access covers the latest ten minutes');
    expect(counting.count).toBe(0);
  });

  it('market.candles before the latest hour: needs-api-key, no request; inside it, served', async () => {
    const counting = countingFetch();
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: null, fetch: counting.fetch });
    const older = { ...btc, interval: '1m', start: fixedNow - 3 * 60 * minute, end: fixedNow - 2 * 60 * minute } as const;
    const error = await contractFailure(rig.api.market.candles({ ...older, requestId: 'c-old' }));
    expect(error).toMatchObject({ kind: 'needs-api-key', channel: 'market.candles' });
    expect(error.message).toContain('serves the rolling last hour anonymously');
    expect(counting.count).toBe(0);
    const recent = await rig.api.market.candles({ ...btc, interval: '1m', start: fixedNow - 30 * minute, end: fixedNow, requestId: 'c-recent' });
    expect(recent.openTime.length).toBe(30);
  });

  it('an unbounded market.trades goes anonymously and serves the latest ten minutes', async () => {
    const raw = await rawRows<TradeRow>(service.service.baseUrl, '/historical/trades', { ...btc, limit: 1000 });
    expect(raw.length).toBeGreaterThan(100);
    expect(raw.every((row) => row.collector_timestamp >= fixedNow - 10 * minute && row.collector_timestamp <= fixedNow)).toBe(true);
    const rig = marketRig({ baseUrl: proxy.url, key: null });
    const columns = await rig.api.market.trades({ ...btc, requestId: 't-2' });
    expect(columns.time).toEqual(raw.map((row) => row.collector_timestamp));
    expect(columns.price).toEqual(raw.map((row) => row.price));
    expect(proxy.requests.length).toBeGreaterThan(0);
    expect(proxy.requests.every((request) => request.authorization === undefined)).toBe(true);
  });
});

describe("the service's refusals keep their kind", () => {
  it('a 429 with a long Retry-After is rate-limited with retryAfterMs, not waited out', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, headers: { 'retry-after': '120' }, body: serviceError('rate_limited', 'Too many requests', 'Retry after 120 s.') });
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const error = await contractFailure(rig.api.market.candles({ ...btc, interval: '1m', start: fixedNow - 5 * minute, end: fixedNow, requestId: 'c-429' }));
    expect(error).toMatchObject({ kind: 'rate-limited', channel: 'market.candles', retryAfterMs: 120_000, message: 'Too many requests', resolution: 'Retry after 120 s.' });
    expect(rig.waits).toEqual([]);
    expect(proxy.requests.length).toBe(1);
  });

  it('a 429 with a short Retry-After is waited out in the client and the load goes on', async () => {
    proxy.plan = (_request, index) => (index === 0 ? { kind: 'respond', status: 429, headers: { 'retry-after': '2' }, body: serviceError('rate_limited', 'Too many requests', 'Retry after 2 s.') } : { kind: 'pass' });
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const columns = await rig.api.market.trades({ ...btc, start: fixedNow - 5 * minute, end: fixedNow, requestId: 't-429' });
    expect(columns.time.length).toBeGreaterThan(0);
    expect(rig.waits).toEqual([2000]);
  });

  it('a 404 from /quotes is not-found, saying calmly that the service does not serve quotes yet', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 404, body: JSON.stringify({ message: 'Route GET:/quotes not found', error: 'Not Found', statusCode: 404 }) });
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const error = await contractFailure(rig.api.market.quotes({ source: 'fermiswap', market: 'ethereum', requestId: 'q-404' }));
    expect(error).toMatchObject({
      kind: 'not-found',
      channel: 'market.quotes',
      message: '/quotes is not yet available on this service (the service answered: Not Found)',
      resolution: 'This service does not serve DEX quotes yet; the embedded demo does (Settings → Data source).',
    });
  });

  it('a dataset gated by payment is payment-required, with the service message and resolution', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 402, body: serviceError('payment_required', 'aster/BTCUSDT requires payment', 'Send an API key with a paid subscription.') });
    const rig = marketRig({ baseUrl: proxy.url, key: paidKey });
    const error = await contractFailure(rig.api.market.trades({ source: 'aster', market: 'BTCUSDT', start: fixedNow - 5 * minute, end: fixedNow, requestId: 't-402' }));
    expect(error).toMatchObject({ kind: 'payment-required', channel: 'market.trades', message: 'aster/BTCUSDT requires payment', resolution: 'Send an API key with a paid subscription.' });
  });

  it('a key the service does not know is auth-required (the key store had one, the service refused it)', async () => {
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: 'mde-not-a-known-key-42', dataSource: 'remote' });
    const error = await contractFailure(rig.api.market.funding({ ...btc, start: fixedNow - 5 * minute, end: fixedNow, requestId: 'f-401' }));
    expect(error).toMatchObject({ kind: 'auth-required', channel: 'market.funding', message: 'The API key is not valid' });
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MarketDataClient, type MarketDataClientOptions } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { sleep as realSleep, type Sleep } from '../../../electron/host/client/retry-policy.ts';
import { startFaultProxy, type FaultProxy, type ProxyAction } from './support/fault-proxy.ts';
import { fixedNow, freeKey, paidKey, startTestService, type TestService } from './support/test-service.ts';
import { rejectionOf } from '../../support/rejection.ts';

const minute = 60_000;
const hour = 60 * minute;
/** The demo's markets: 22 since the busy binance/BTCUSDT perpetual joined the simulator. */
const demoMarkets = 22;
const fastRetry = { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 4 };

let test: TestService;
let proxy: FaultProxy;
/** Every wait the client asked for, in order; the injected sleep records it and returns at once. */
let waits: number[] = [];
const recordWait: Sleep = (ms) => {
  waits.push(ms);
  return Promise.resolve();
};

beforeAll(async () => {
  test = await startTestService();
  proxy = await startFaultProxy(test.service.baseUrl);
});
afterEach(() => {
  waits = [];
  proxy.plan = () => ({ kind: 'pass' });
  proxy.requests.length = 0;
  Object.assign(test.service.faults, { metadata: false, storage: false, auth: false });
});
afterAll(async () => {
  await proxy.close();
  await test.close();
});

function client(options: Partial<MarketDataClientOptions> = {}): MarketDataClient {
  return new MarketDataClient({ baseUrl: proxy.url, now: () => fixedNow, sleep: recordWait, retry: fastRetry, ...options });
}

const failure = (promise: Promise<unknown>): Promise<MarketDataError> => rejectionOf(promise, MarketDataError);

const errorBody = (code: string, message: string, resolution: string): string => JSON.stringify({ error: { code, message, resolution } });

describe('429: waits out Retry-After, bounded and cancellable', () => {
  it('delta-seconds: the real service quota (2 per second) is waited out for exactly its Retry-After', async () => {
    // One clock for the service and the client; only the client's waits move it.
    let clock = fixedNow;
    const quotaService = await startTestService({ quota: { limit: 2, windowSeconds: 1 }, now: () => clock });
    try {
      const paced = new MarketDataClient({
        baseUrl: quotaService.service.baseUrl,
        now: () => clock,
        sleep: (ms) => {
          waits.push(ms);
          clock += ms;
          return Promise.resolve();
        },
      });
      const counts = await Promise.all([paced.count(), paced.count(), paced.count()]);
      expect(counts.map((count) => count.markets)).toEqual([demoMarkets, demoMarkets, demoMarkets]);
      // The third request met "Retry-After: 1" and waited exactly that, once.
      expect(waits).toEqual([1000]);
      expect(paced.usage.rateLimit?.limit).toBe(2);
    } finally {
      await quotaService.close();
    }
  });

  it('HTTP-date: waits until the date by the client clock', async () => {
    proxy.plan = (_request, index) =>
      index === 0 ? { kind: 'respond', status: 429, headers: { 'retry-after': new Date(fixedNow + 7000).toUTCString() }, body: errorBody('rate_limited', 'Slow down', 'Wait.') } : { kind: 'pass' };
    expect((await client().count()).markets).toBe(demoMarkets);
    expect(waits).toEqual([7000]);
    expect(proxy.requests).toHaveLength(2);
  });

  it('reset_at in the body when there is no Retry-After', async () => {
    proxy.plan = (_request, index) =>
      index === 0 ? { kind: 'respond', status: 429, body: JSON.stringify({ error: 'Too many requests', reset_at: new Date(fixedNow + 300).toISOString() }) } : { kind: 'pass' };
    await client().count();
    expect(waits).toEqual([300]);
  });

  it("the real service's 429 seen without its Retry-After: the client waits until the body's reset_at", async () => {
    let clock = fixedNow;
    const quotaService = await startTestService({ quota: { limit: 1, windowSeconds: 60 }, now: () => clock });
    const stripping = await startFaultProxy(quotaService.service.baseUrl);
    stripping.plan = () => ({ kind: 'pass', dropHeaders: ['retry-after'] });
    try {
      const paced = new MarketDataClient({
        baseUrl: stripping.url,
        now: () => clock,
        sleep: (ms) => {
          waits.push(ms);
          clock += ms;
          return Promise.resolve();
        },
      });
      await paced.count();
      await paced.count();
      // The window ends on the next whole minute: reset_at names it, to the millisecond.
      expect(waits).toEqual([fixedNow - (fixedNow % 60_000) + 60_000 - fixedNow]);
      expect(stripping.requests).toHaveLength(3);
    } finally {
      await stripping.close();
      await quotaService.close();
    }
  });

  it('a reset_at too far off is reported at once as the wait, as a Retry-After would be', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Quota exceeded', resolution: 'Wait.' }, reset_at: new Date(fixedNow + 3_600_000).toISOString() }) });
    const error = await failure(client().count());
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, message: 'Quota exceeded', retryAfterMs: 3_600_000 });
    expect(waits).toEqual([]);
  });

  it('a wait longer than the bound is reported at once, with the service message and the wait', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, headers: { 'retry-after': '3600' }, body: errorBody('rate_limited', 'Quota exceeded', 'Wait an hour.') });
    const error = await failure(client().count());
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, message: 'Quota exceeded', resolution: 'Wait an hour.', retryAfterMs: 3_600_000 });
    expect(proxy.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it.each([
    ['Retry-After: 0', { 'retry-after': '0' }, {}],
    ['reset_at in the past (2000-01-01)', {}, { reset_at: '2000-01-01T00:00:00Z' }],
    ['reset_at of -1', {}, { reset_at: -1 }],
  ])('a 429 that asks for no wait (%s) is never asked again at once: 250 ms, doubled on each repeat, then reported with a wait', async (_name, headers, extra) => {
    proxy.plan = () => ({ kind: 'respond', status: 429, headers, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Quota exceeded', resolution: 'Wait.' }, ...extra }) });
    const error = await failure(client({ retry: { ...fastRetry, maxRateLimitWaits: 5, maxRateLimitWaitMs: 60_000 } }).count());
    // Hand-computed: the floor 250 ms doubles per repeat; the sixth 429 reports the next wait.
    expect(waits).toEqual([250, 500, 1_000, 2_000, 4_000]);
    expect(proxy.requests).toHaveLength(6);
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 8_000 });
  });

  it('a reset_at in year 9999 is reported at once with a wait of at most an hour, never 251,605,654,722 s', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Quota exceeded', resolution: 'Wait.' }, reset_at: '9999-01-01T00:00:00Z' }) });
    const error = await failure(client().count());
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 3_600_000 });
    expect(proxy.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('an AbortSignal ends the wait at once', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 429, headers: { 'retry-after': '30' }, body: errorBody('rate_limited', 'Slow down', 'Wait.') });
    const controller = new AbortController();
    // The real sleep, aborted as soon as the 30 s wait has begun: had the abort not ended it, the
    // test would run past its own timeout.
    const abortMidWait: Sleep = (ms, signal) => {
      waits.push(ms);
      const waiting = realSleep(ms, signal);
      controller.abort(new Error('user moved on'));
      return waiting;
    };
    await expect(client({ sleep: abortMidWait }).count({ signal: controller.signal })).rejects.toThrow('user moved on');
    expect(waits).toEqual([30_000]);
    expect(proxy.requests).toHaveLength(1);
  });
});

describe('503 and network failures: jittered backoff, bounded attempts', () => {
  it('a burst of 503s from the service is retried through', async () => {
    test.service.faults.metadata = true;
    let retries = 0;
    const catalog = await client({
      log: () => {
        retries++;
        if (retries === 2) test.service.faults.metadata = false;
      },
    }).catalog().all();
    expect(catalog).toHaveLength(demoMarkets);
    expect(proxy.requests).toHaveLength(3);
  });

  it('a 503 that does not end is an `unavailable` error with the service message and resolution', async () => {
    test.service.faults.storage = true;
    const error = await failure(client().historicalTrades({ source: 'hyperliquid', market: 'BTC' }).all());
    expect(error.kind).toBe('unavailable');
    expect(error.status).toBe(503);
    expect(error.message).toBe('Snapshot storage is temporarily unavailable');
    expect(error.resolution).toBe('Retry after a short wait.');
    expect(proxy.requests).toHaveLength(fastRetry.maxAttempts);
  });

  it('a connection reset mid-body is retried with the same cursor', async () => {
    const query = { source: 'hyperliquid', market: 'BTC', limit: 200 } as const;
    let cut = false;
    proxy.plan = (request) => {
      if (!cut && request.path.includes('cursor=')) {
        cut = true;
        return { kind: 'cut' };
      }
      return { kind: 'pass' };
    };
    const rows = await client({ apiKey: paidKey }).l2Updates({ ...query, start: fixedNow - 20 * minute, end: fixedNow - 15 * minute }).all();
    const cursorRequests = proxy.requests.map((request) => request.path).filter((path) => path.includes('cursor='));
    expect(cursorRequests[0]).toBe(cursorRequests[1]);
    const direct = await new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, apiKey: paidKey })
      .l2Updates({ ...query, start: fixedNow - 20 * minute, end: fixedNow - 15 * minute })
      .all();
    expect(rows.map((row) => row.event_id)).toEqual(direct.map((row) => row.event_id));
  });

  it('a refused connection fails as `network` after the bounded attempts', async () => {
    const error = await failure(new MarketDataClient({ baseUrl: 'http://127.0.0.1:9', now: () => fixedNow, retry: fastRetry }).count());
    expect(error.kind).toBe('network');
    expect(error.message).toContain('4 attempts');
  });

  it('a hung service hits the timeout on every attempt and fails as `network`', async () => {
    // Each attempt's timeout expires the moment the proxy holds its request: no time passes.
    const attempts: AbortController[] = [];
    const timeout = (ms: number): AbortSignal => {
      expect(ms).toBe(100);
      attempts.push(new AbortController());
      return (attempts.at(-1) as AbortController).signal;
    };
    proxy.plan = () => ({ kind: 'hang', onHang: () => attempts.at(-1)?.abort(new DOMException('timed out', 'TimeoutError')) });
    const error = await failure(client({ timeoutMs: 100, timeout, retry: { ...fastRetry, maxAttempts: 2 } }).count());
    expect(error.kind).toBe('network');
    expect(error.message).toContain('no complete response within 100 ms (gave up after 2 attempts)');
    expect(attempts).toHaveLength(2);
    expect(proxy.requests).toHaveLength(2);
    expect(waits).toHaveLength(1);
  });

  const plain503 = (): ProxyAction => ({ kind: 'respond', status: 503, body: errorBody('service_unavailable', 'Down for a moment', 'Retry.') });

  it.each([
    // Equal jitter (retry-policy.ts): ceiling = min(max, base · 2^(n-1)); the wait is ceiling/2 + random · ceiling/2.
    ['the least jitter', 0, [50, 100, 150, 150]],
    ['the most jitter', 0.999999, [100, 200, 300, 300]],
  ])('backoff between 503s stays within the policy: %s', async (_name, jitter, expected) => {
    proxy.plan = plain503;
    const policy = { maxAttempts: 5, baseDelayMs: 100, maxDelayMs: 300 };
    const error = await failure(client({ retry: policy, random: () => jitter }).count());
    expect(error).toMatchObject({ kind: 'unavailable', message: 'Down for a moment' });
    expect(waits).toEqual(expected);
  });

  it('backoff with real randomness stays between half the ceiling and the ceiling', async () => {
    proxy.plan = plain503;
    const policy = { maxAttempts: 6, baseDelayMs: 100, maxDelayMs: 1000 };
    await failure(client({ retry: policy }).count());
    const ceilings = [100, 200, 400, 800, 1000];
    expect(waits).toHaveLength(ceilings.length);
    waits.forEach((wait, index) => {
      const ceiling = ceilings[index] ?? 0;
      expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
      expect(wait).toBeLessThanOrEqual(ceiling);
    });
  });

  it("a 503's Retry-After (the local service sends 1 s) lengthens the backoff, up to the longest delay", async () => {
    test.service.faults.metadata = true;
    await failure(client({ retry: { maxAttempts: 4, baseDelayMs: 100, maxDelayMs: 5000 }, random: () => 0 }).count());
    expect(waits).toEqual([1000, 1000, 1000]);
    waits = [];
    await failure(client({ retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 600 }, random: () => 0 }).count());
    expect(waits).toEqual([600, 600]);
  });
});

describe('422: the range is split in halves and the stream continues', () => {
  it('/l2-orderbooks: the split gives the same rows as one narrow query per half', async () => {
    const start = fixedNow - 50 * minute;
    const end = fixedNow - 20 * minute;
    proxy.plan = (request) => {
      const params = new URL(request.path, 'http://proxy').searchParams;
      return Number(params.get('end')) - Number(params.get('start')) > 20 * minute
        ? { kind: 'respond', status: 422, body: errorBody('replay_limit_exceeded', 'The replay exceeds its limit', 'Narrow the time range.') }
        : { kind: 'pass' };
    };
    const query = { source: 'hyperliquid', market: 'DOGE', start, end };
    const ranges: string[] = [];
    const rows = [];
    for await (const page of client().l2Orderbooks(query).pages()) {
      ranges.push(JSON.stringify(page.range));
      rows.push(...page.items);
    }
    const mid = Math.floor((start + end) / 2);
    expect([...new Set(ranges)]).toEqual([JSON.stringify({ start, end: mid }), JSON.stringify({ start: mid + 1, end })]);
    const direct = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow });
    const halves = [...(await direct.l2Orderbooks({ ...query, end: mid }).all()), ...(await direct.l2Orderbooks({ ...query, start: mid + 1 }).all())];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(halves);
  });

  it('/events over a long range against the real work limit: one ordered stream, the same rows as without the limit', async () => {
    const limited = await startTestService({ eventsMaxHourFiles: 2 });
    try {
      const query = { source: 'hyperliquid', market: 'SOL', types: ['funding_rate'] as const, start: fixedNow - 8 * hour, end: fixedNow - 2 * hour };
      const split = new MarketDataClient({ baseUrl: limited.service.baseUrl, now: () => fixedNow, apiKey: paidKey });
      const ranges = new Set<string>();
      const items = [];
      for await (const page of split.events(query).pages()) {
        if (page.range !== null) ranges.add(`${page.range.start}-${page.range.end}`);
        items.push(...page.items);
      }
      expect(ranges.size).toBeGreaterThan(1);
      const whole = await new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => fixedNow, apiKey: paidKey }).events(query).all();
      expect(items).toEqual(whole);
      const times = items.map((item) => item.data.collector_timestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      await limited.close();
    }
  });
});

describe('status errors carry the status, the service message and resolution', () => {
  it('401: a wrong key', async () => {
    const error = await failure(client({ apiKey: 'not-a-known-key-1' }).historicalTrades({ start: fixedNow - minute }).all());
    expect(error).toMatchObject({ kind: 'auth-required', status: 401, code: 'authentication_required', message: 'The API key is not valid' });
    expect(error.resolution).toContain('Check the key');
  });

  it('402: a payment-gated dataset asked for anonymously past its cutoff', async () => {
    const error = await failure(client().dailyManifest({ source: 'aster', market: 'BTCUSDT', date: '2026-11-20' }));
    expect(error).toMatchObject({ kind: 'payment-required', status: 402, code: 'payment_required' });
    expect(error.resolution).toContain('paid subscription');
  });

  it('403: a free key on a payment-gated dataset', async () => {
    const error = await failure(client({ apiKey: freeKey }).dailyManifest({ source: 'aster', market: 'BTCUSDT', date: '2026-11-20' }));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403, code: 'forbidden' });
  });

  it('404: no snapshot data for a date; and /quotes reads "not yet available on this service"', async () => {
    const error = await failure(client().dailyManifest({ source: 'hyperliquid', market: 'BTC', date: '2020-01-01' }));
    expect(error).toMatchObject({ kind: 'not-found', status: 404 });
    proxy.plan = (request) => (request.path.startsWith('/quotes') ? { kind: 'respond', status: 404, body: JSON.stringify({ message: 'Not Found' }) } : { kind: 'pass' });
    const quotes = await failure(client().quotes({ source: 'fermiswap' }).all());
    expect(quotes.kind).toBe('not-found');
    expect(quotes.message).toContain('not yet available on this service');
  });

  it('400 with the older {error: "text"} body', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 400, body: JSON.stringify({ error: 'bad market' }) });
    const error = await failure(client().count());
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, message: 'bad market', resolution: null });
  });

  it('a malformed JSON body is `invalid-response`', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 200, body: '{"items": [' });
    const error = await failure(client().count());
    expect(error.kind).toBe('invalid-response');
    expect(error.status).toBe(200);
  });

  it('a row that breaks its kind names the endpoint, row index and field', async () => {
    proxy.plan = () => ({
      kind: 'rewrite',
      rewrite: (body) => {
        const page = body as { items: Record<string, unknown>[] };
        const row = page.items[3];
        if (row !== undefined) row['price'] = '97000.5';
        return page;
      },
    });
    const error = await failure(client().historicalTrades({ source: 'hyperliquid', market: 'BTC' }).all());
    expect(error).toMatchObject({ kind: 'invalid-response', rowIndex: 3, field: 'price' });
    expect(error.message).toContain('/historical/trades');
  });
});

describe('pagination rules', () => {
  it('has_more without a cursor is a `pagination` error', async () => {
    proxy.plan = () => ({ kind: 'rewrite', rewrite: (body) => ({ ...(body as object), has_more: true, next_cursor: null }) });
    expect((await failure(client().catalog().all())).kind).toBe('pagination');
  });

  it('a repeated cursor is a `pagination` error, not an endless loop', async () => {
    proxy.plan = () => ({ kind: 'respond', status: 200, body: JSON.stringify({ updatedAt: '2026-11-20T12:34:56Z', markets: [], has_more: true, next_cursor: 'same-cursor' }) });
    expect((await failure(client().catalog().all())).kind).toBe('pagination');
    expect(proxy.requests.length).toBe(2);
  });

  it('an AbortSignal stops paging', async () => {
    const controller = new AbortController();
    const rows: unknown[] = [];
    const promise = (async () => {
      for await (const row of client().instruments({ source: 'deribit', market: 'BTC', limit: 10 }, { signal: controller.signal })) {
        rows.push(row);
        if (rows.length === 15) controller.abort(new Error('closed the view'));
      }
    })();
    await expect(promise).rejects.toThrow('closed the view');
    expect(proxy.requests.length).toBe(2);
  });

  it('anonymous latest-hour queries run at most two at a time per host', async () => {
    // The first requests are held until two are in flight at once; a client that sent more would
    // have them all in flight by then, one that sent fewer would never open the gate.
    let openGate = (): void => {};
    const twoInFlight = new Promise<void>((resolve) => (openGate = resolve));
    proxy.plan = (_request, index) => {
      if (index === 1) openGate();
      return { kind: 'hold', until: twoInFlight };
    };
    const anonymous = client();
    await Promise.all(['BTC', 'ETH', 'SOL', 'HYPE', 'DOGE', 'SPX'].map((market) => anonymous.fundingRates({ source: 'hyperliquid', market, limit: 5 }).firstPage()));
    expect(proxy.requests).toHaveLength(6);
    expect(proxy.maxInFlight).toBe(2);
  });
});

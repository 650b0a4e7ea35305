import { describe, expect, it } from 'vitest';
import type { ServiceErrorObject } from '../../../shared/rows/common.ts';
import type { SnapshotDownloadLink } from '../../../shared/rows/snapshots.ts';
import { assertErrorBody, fetchBytes, rawExchange, type Query, type RawResponse, type RequestOptions } from './support/http.ts';
import { fixedNow, freeKey, hourStartOf, minuteMs, paidKey, serviceFixture, type ConformanceService } from './support/service-fixture.ts';
import { standardKey } from './support/snapshot-file.ts';

const service = serviceFixture({ quota: { limit: 500, windowSeconds: 60 } });
const today = new Date(fixedNow).toISOString().slice(0, 10);
const intents = { source: 'uniswapx', market: 'intents' } as const;
const rowRange = { source: 'hyperliquid', market: 'SPX', start: fixedNow - 2 * minuteMs, end: fixedNow - minuteMs };
const rateLimitHeaders = ['ratelimit-policy', 'ratelimit', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'];

/** The endpoints of part 8 that carry the RateLimit-* headers, each with a valid request. */
const limitedRequests: [string, RequestOptions][] = [
  ['/catalog', {}],
  ['/catalog/instruments', { query: { source: 'deribit', market: 'BTC' } }],
  ['/count', {}],
  ['/snapshots', { query: { ...intents, from: `${today}T00:00:00Z`, to: `${today}T01:00:00Z` } }],
  ['/snapshots/download', { query: { key: standardKey(intents.source, intents.market, hourStartOf(fixedNow)), mode: 'json' } }],
  ['/download', { query: { ...intents, date: today } }],
  ['/events', { query: { ...rowRange, types: 'trade' }, key: paidKey }],
];

async function withService(extra: Parameters<typeof service.startSibling>[0], check: (sibling: ConformanceService) => Promise<void>): Promise<void> {
  const sibling = await service.startSibling(extra);
  try {
    await check(sibling);
  } finally {
    await sibling.close();
  }
}

describe('part 8 limits', () => {
  it('part 8 RateLimit-* headers on catalog/count/download/events', async () => {
    for (const [path, options] of limitedRequests) {
      const first = await service.get(path, options);
      const second = await service.get(path, options);
      expect(first.status, path).toBe(200);
      for (const header of rateLimitHeaders) expect(first.headers.get(header), `${path} ${header}`).not.toBeNull();
      expect(first.headers.get('ratelimit-limit'), path).toBe('500');
      expect(Number(second.headers.get('ratelimit-remaining')), path).toBe(Number(first.headers.get('ratelimit-remaining')) - 1);
      const reset = Number(first.headers.get('ratelimit-reset'));
      expect(reset, path).toBeGreaterThan(0);
      expect(reset, path).toBeLessThanOrEqual(60);
    }
  });

  it('part 8 RateLimit-* headers are on error responses of those endpoints too', async () => {
    const errors: [string, Query, number][] = [
      ['/catalog', { market: 'BTC' }, 400],
      ['/download', { ...intents, date: '2026-02-30' }, 400],
      ['/snapshots/download', { key: 'standard-nosuch-x-2026-11-20-00' }, 404],
    ];
    for (const [path, query, status] of errors) {
      const response = await service.get(path, { query });
      expect(response.status, path).toBe(status);
      for (const header of rateLimitHeaders) expect(response.headers.get(header), `${path} ${header}`).not.toBeNull();
    }
  });

  it('part 7 429 with Retry-After past the quota', async () => {
    await withService({ quota: { limit: 3, windowSeconds: 60 } }, async (limited) => {
      for (let i = 0; i < 3; i++) expect((await limited.get('/count')).status).toBe(200);
      const refused = await limited.get<{ error: unknown; reset_at?: string }>('/count');
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      // Beside the error object, reset_at: the ISO-8601 UTC end of the 60 s window (fixed windows from
      // the epoch), as the service's SDKs read it; Retry-After is the whole seconds up to it.
      const windowEnd = fixedNow - (fixedNow % 60_000) + 60_000;
      expect(refused.body.reset_at).toBe(new Date(windowEnd).toISOString());
      expect(retryAfter).toBe(Math.ceil((windowEnd - fixedNow) / 1000));
      // The quota is per client and covers every endpoint.
      expect((await limited.get('/historical/trades', { query: { source: 'hyperliquid', market: 'SPX' } })).status).toBe(429);
      expect((await limited.get('/count', { key: freeKey })).status).toBe(200);
      // After the wait Retry-After names, the client is served again.
      limited.clock.now = fixedNow + retryAfter * 1000;
      expect((await limited.get('/count')).status).toBe(200);
    });
  });

  it('part 8 anonymous concurrency: at most 2 concurrent anonymous latest-hour queries; keyed queries are not limited', async () => {
    const markets = [
      ['binance', 'SOL-USDT'],
      ['binance', 'XRP-USDT'],
      ['binance', 'DOGE-USDT'],
      ['hyperliquid', 'SPX'],
      ['hyperliquid', '0G'],
      ['binance', 'ETH-USDT'],
    ] as const;
    await withService({}, async (fresh) => {
      // Keyed: the last 20 minutes of each market, generated cold and all at once.
      const keyed = await Promise.all(markets.map(([source, market]) => fresh.get('/l2-updates', { query: { source, market, start: fixedNow - 20 * minuteMs }, key: paidKey })));
      expect(keyed.map((response) => response.status)).toEqual(markets.map(() => 200));
      // Anonymous: the whole rolling hour, whose earlier file is still cold, all at once.
      const anonymous = await Promise.all(markets.map(([source, market]) => fresh.get('/l2-updates', { query: { source, market } })));
      const statuses = anonymous.map((response) => response.status);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
      expect(statuses).toContain(429);
      for (const response of anonymous.filter((item) => item.status === 429)) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((response.body as { reset_at?: string }).reset_at).toBe(new Date(fixedNow + 1000).toISOString());
      }
    });
  });
});

describe('503 modes', () => {
  async function statuses(requests: [string, RequestOptions][]): Promise<number[]> {
    const result: number[] = [];
    for (const [path, options] of requests) result.push((await service.get(path, options)).status);
    return result;
  }

  const metadataRequests: [string, RequestOptions][] = [
    ['/catalog', {}],
    ['/catalog/instruments', { query: { source: 'deribit', market: 'BTC' } }],
    ['/count', {}],
  ];
  const storageRequests: [string, RequestOptions][] = [
    ['/snapshots', { query: { ...intents } }],
    ['/snapshots/download', { query: { key: standardKey(intents.source, intents.market, hourStartOf(fixedNow)) } }],
    ['/download', { query: { ...intents, date: today } }],
    ['/historical/trades', { query: rowRange, key: paidKey }],
    ['/l2-updates', { query: rowRange }],
    ['/l2-orderbooks', { query: rowRange }],
    ['/events', { query: rowRange, key: paidKey }],
  ];

  it('503 mode for catalog metadata: /catalog, /catalog/instruments and /count → 503, snapshot and row endpoints unaffected', async () => {
    service.faults.metadata = true;
    try {
      expect(await statuses(metadataRequests)).toEqual([503, 503, 503]);
      expect(await statuses(storageRequests.slice(0, 4))).toEqual([200, 302, 200, 200]);
    } finally {
      service.faults.metadata = false;
    }
    expect(await statuses(metadataRequests)).toEqual([200, 200, 200]);
  });

  it('503 mode for snapshot storage: listings, downloads, manifests, rows, books and events → 503, the catalog unaffected', async () => {
    const link = await service.get<SnapshotDownloadLink>('/snapshots/download', { query: { key: standardKey(intents.source, intents.market, hourStartOf(fixedNow)), mode: 'json' } });
    service.faults.storage = true;
    try {
      expect(await statuses(storageRequests)).toEqual(storageRequests.map(() => 503));
      expect((await fetchBytes(link.body.url)).status).toBe(503);
      expect(await statuses(metadataRequests)).toEqual([200, 200, 200]);
    } finally {
      service.faults.storage = false;
    }
    expect(await statuses(storageRequests)).toEqual([200, 302, 200, 200, 200, 200, 200]);
    expect((await fetchBytes(link.body.url)).status).toBe(200);
  });

  it('503 mode for authentication: requests with a key → 503, anonymous requests unaffected', async () => {
    service.faults.auth = true;
    try {
      expect((await service.get('/historical/trades', { query: rowRange, key: paidKey })).status).toBe(503);
      expect((await service.get('/events', { query: rowRange, key: paidKey })).status).toBe(503);
      expect((await service.get('/download', { query: { ...intents, date: today }, key: freeKey })).status).toBe(503);
      expect((await service.get('/catalog', { key: paidKey })).status).toBe(503);
      expect((await service.get('/catalog')).status).toBe(200);
      expect((await service.get('/historical/trades', { query: { source: 'hyperliquid', market: 'SPX' } })).status).toBe(200);
      expect((await service.get('/download', { query: { ...intents, date: today } })).status).toBe(200);
    } finally {
      service.faults.auth = false;
    }
    expect((await service.get('/historical/trades', { query: rowRange, key: paidKey })).status).toBe(200);
  });
});

describe('2.14 / part 7 errors', () => {
  it('2.14 every error body is {error:{code,message,resolution}} — one of each status of part 7', async () => {
    const cases: [number, string, RequestOptions][] = [
      [400, '/historical/trades', { query: { limit: 1001 } }],
      [401, '/events', { query: rowRange }],
      [402, '/download', { query: { source: 'aster', market: 'BTCUSDT', date: today } }],
      [403, '/download', { query: { source: 'aster', market: 'BTCUSDT', date: today }, key: freeKey }],
      [404, '/download', { query: { ...intents, date: '2026-01-01' } }],
      [404, '/no-such-path', {}],
    ];
    const codes = new Map<number, string>();
    for (const [status, path, options] of cases) {
      const response = await service.get(path, options);
      expect(response.status, path).toBe(status);
      assertErrorBody(response.body, path);
      expect(response.headers.get('content-type')).toContain('application/json');
      codes.set(status, response.body.error.code);
    }
    await withService({ eventsMaxHourFiles: 1, quota: { limit: 2, windowSeconds: 60 } }, async (bounded) => {
      const tooExpensive = await bounded.get('/events', { query: { start: fixedNow - minuteMs, end: fixedNow }, key: paidKey });
      expect(tooExpensive.status).toBe(422);
      assertErrorBody(tooExpensive.body, '422');
      codes.set(422, tooExpensive.body.error.code);
      await bounded.get('/count');
      await bounded.get('/count');
      const limited = await bounded.get('/count');
      expect(limited.status).toBe(429);
      assertErrorBody(limited.body, '429');
      codes.set(429, limited.body.error.code);
    });
    service.faults.metadata = true;
    try {
      const down = await service.get('/count');
      expect(down.status).toBe(503);
      assertErrorBody(down.body, '503');
      codes.set(503, down.body.error.code);
    } finally {
      service.faults.metadata = false;
    }
    // Different conditions are told apart by their codes.
    expect(new Set(codes.values()).size).toBe(codes.size);
  });
});

describe('2.14 / part 7 oversized and malformed requests', () => {
  /** Parses a raw answer's body as the spec 2.14 error object, failing the test when it is not. */
  function errorOf(response: RawResponse, context: string): ServiceErrorObject {
    expect(response.headers['content-type'], context).toContain('application/json');
    const body: unknown = JSON.parse(response.body);
    assertErrorBody(body, context);
    return body.error;
  }

  it('2.14 a request line over 16 KB (a 20 KB URL) → 414 with the spec error body saying the request line is too long', async () => {
    const response = await rawExchange(service.baseUrl, `GET /snapshots?source=uniswapx&market=intents&pad=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(response.status).toBe(414);
    const error = errorOf(response, '20 KB URL');
    expect(error.message).toMatch(/request line/);
    expect(error.message).toMatch(/16 KB/);
  });

  it('2.14 headers over 16 KB (one huge header, or many) → 431 with the spec error body saying the headers are too large', async () => {
    const oneHuge = await rawExchange(service.baseUrl, `GET /count HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'b'.repeat(20 * 1024)}\r\n\r\n`);
    const many = Array.from({ length: 400 }, (_, i) => `X-Padding-${i}: ${'c'.repeat(60)}`).join('\r\n');
    const manyHeaders = await rawExchange(service.baseUrl, `GET /count HTTP/1.1\r\nHost: 127.0.0.1\r\n${many}\r\n\r\n`);
    for (const [label, response] of [
      ['one huge header', oneHuge],
      ['many headers', manyHeaders],
    ] as const) {
      expect(response.status, label).toBe(431);
      expect(errorOf(response, label).message, label).toMatch(/headers are larger than the 16 KB/);
    }
  });

  it('2.14 a query string the parser accepts but no real query needs (12 KB) → 414 with the spec error body naming its size', async () => {
    const target = `/snapshots?source=uniswapx&market=intents&pad=${'a'.repeat(12 * 1024)}`;
    const response = await rawExchange(service.baseUrl, `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    expect(response.status).toBe(414);
    expect(errorOf(response, '12 KB query').message).toContain(`${target.length} bytes`);
    // A long query within the bound is served as usual.
    const within = `/snapshots?source=uniswapx&market=intents&from=${today}T00:00:00Z&to=${today}T01:00:00Z&pad=${'a'.repeat(4 * 1024)}`;
    expect((await rawExchange(service.baseUrl, `GET ${within} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).status).toBe(200);
  });

  it('2.14 a request that is not HTTP, or a path that cannot be decoded → 400 with the spec error body', async () => {
    const garbage = await rawExchange(service.baseUrl, 'HELLO THERE\r\n\r\n');
    expect(garbage.status).toBe(400);
    errorOf(garbage, 'not HTTP');
    const badPath = await rawExchange(service.baseUrl, 'GET /snapshots%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(badPath.status).toBe(400);
    expect(errorOf(badPath, 'bad path').code).toBe('invalid_request');
  });

  it('download host: an oversized request → 414 or 431 in the host\'s own plain-text form, saying what was too large', async () => {
    const longUrl = await rawExchange(service.downloadOrigin, `GET /snapshots/x.jsonl.zst?pad=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    expect(longUrl.status).toBe(414);
    expect(longUrl.headers['content-type']).toBe('text/plain');
    expect(longUrl.body).toMatch(/request line .* longer than the 16 KB/);
    const bigHeaders = await rawExchange(service.downloadOrigin, `GET /snapshots/x.jsonl.zst HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'b'.repeat(20 * 1024)}\r\n\r\n`);
    expect(bigHeaders.status).toBe(431);
    expect(bigHeaders.body).toMatch(/headers are larger than the 16 KB/);
  });
});

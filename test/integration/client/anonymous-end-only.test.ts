// Pins spec 4.14 for anonymous latest-hour queries that give `end` without `start`, on the local service and in the client, edges and continuations included.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { ServiceErrorObject } from '../../../shared/rows/common.ts';
import { rejectionOf } from '../../support/rejection.ts';
import { countingFetch, fixedNow, startTestService, type TestService } from './support/test-service.ts';

const minute = 60_000;
const hour = 60 * minute;
const btc = { source: 'hyperliquid', market: 'BTC' } as const;

/** One clock for the service and the clients; a test may move it, and it is put back before each test. */
let clock = fixedNow;
let test: TestService;

beforeAll(async () => {
  test = await startTestService({ now: () => clock });
});
beforeEach(() => {
  clock = fixedNow;
});
afterAll(async () => {
  await test.close();
});

/** One anonymous GET of a latest-hour page, straight to the service (no client to refuse it first). */
async function anonymousPage(end: number, limit = 1000): Promise<{ status: number; items: L2Row[]; error: ServiceErrorObject | undefined }> {
  const response = await fetch(`${test.service.baseUrl}/l2-updates?source=${btc.source}&market=${btc.market}&end=${end}&limit=${limit}`);
  const body = (await response.json()) as { items?: L2Row[]; error?: ServiceErrorObject };
  return { status: response.status, items: body.items ?? [], error: body.error };
}

const times = (rows: readonly L2Row[]): number[] => rows.map((row) => row.collector_timestamp);

describe('the local service: anonymous, only `end` (spec 4.14: the preceding hour, clamped to the public hour)', () => {
  it('`end` exactly at the start of the public hour is public: 200, nothing before it or after it', async () => {
    const page = await anonymousPage(fixedNow - hour);
    expect(page.status).toBe(200);
    expect(times(page.items).every((time) => time === fixedNow - hour)).toBe(true);
  });

  it('`end` one millisecond before the public hour needs a key: 401 with the error object', async () => {
    const page = await anonymousPage(fixedNow - hour - 1);
    expect(page.status).toBe(401);
    expect(page.error?.code).toBe('authentication_required');
    expect(page.error?.resolution).toContain(String(fixedNow - hour));
  });

  it('`end` after now covers the hour before `end`, not the whole public hour', async () => {
    const end = fixedNow + 30 * minute;
    const page = await anonymousPage(end);
    expect(page.status).toBe(200);
    const served = times(page.items);
    expect(served.length).toBeGreaterThan(0);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(end - hour);
    expect(Math.min(...served) - (end - hour)).toBeLessThan(minute);
  });
});

describe('the client: anonymous, only `end` (and, on a continuation, only `start`)', () => {
  it('sends `end` at the start of the public hour, and refuses one millisecond before it without a request', async () => {
    const counting = countingFetch();
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => clock, fetch: counting.fetch });
    await client.l2Updates({ ...btc, end: fixedNow - hour }).all();
    expect(counting.count).toBe(1);
    const error = await rejectionOf(client.l2Updates({ ...btc, end: fixedNow - hour - 1 }).all(), MarketDataError);
    expect(error.kind).toBe('needs-api-key');
    expect(counting.count).toBe(1);
  });

  it('sends an `end` after now anonymously', async () => {
    const counting = countingFetch();
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => clock, fetch: counting.fetch });
    const page = await client.l2Updates({ ...btc, end: fixedNow + 30 * minute, limit: 5 }).firstPage();
    expect(page.items.length).toBe(5);
    expect(counting.count).toBe(1);
  });

  // Spec 4.0.5: an anonymous continuation skips rows that aged out of the hour; the service, not the
  // client, decides what a continuation returns, so the client must not refuse it as a new query.
  const aging: [string, { start?: number; end?: number }][] = [
    ['only `end`', { end: fixedNow - 59 * minute }],
    ['only `start`', { start: fixedNow - 59 * minute }],
  ];
  it.each(aging)('%s, paged while the hour rolls past the bound: the continuation is sent, and the stream ends with no key asked for', async (_name, bounds) => {
    const counting = countingFetch();
    const client = new MarketDataClient({ baseUrl: test.service.baseUrl, now: () => clock, fetch: counting.fetch });
    const rows: L2Row[] = [];
    let pages = 0;
    for await (const page of client.l2Updates({ ...btc, ...bounds, limit: 5 }).pages()) {
      rows.push(...page.items);
      pages++;
      // After the first page, two minutes pass: the bound now lies before the rolling hour.
      if (pages === 1) {
        expect(page.hasMore).toBe(true);
        clock = fixedNow + 2 * minute;
      }
      if (pages > 3) break;
    }
    expect(counting.count).toBeGreaterThan(1);
    expect(counting.urls.slice(1).every((url) => new URL(url).searchParams.has('cursor'))).toBe(true);
    // The first page's rows were public when served; nothing later is older than the hour at its time.
    const firstPage = rows.slice(0, 5);
    expect(times(firstPage).every((time) => time >= fixedNow - hour)).toBe(true);
    expect(times(rows.slice(5)).every((time) => time >= clock - hour)).toBe(true);
    if (bounds.end !== undefined) expect(times(rows).every((time) => time <= (bounds.end ?? 0))).toBe(true);
  });
});

// Pins spec 4.0.4, 4.2, 4.7–4.13 and 7: an integer parameter spelled as a float, hex, exponent, signed or padded number is a 400 naming it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { requestService, type Query, type ServiceResponse } from './support/http.ts';
import { fixedNow, paidKey } from './support/service-fixture.ts';

// Spellings a lax reader (Number, parseInt, parseFloat) turns into a number; in brackets what it
// would read, worked out by hand. None is an integer as written, so each must be refused.
const nearIntegers = [
  '1e12', // Number: 1000000000000
  '0x10', // Number: 16
  '1.0', // Number: 1
  '5.', // Number: 5
  '+5', // Number: 5 (sent as %2B5)
  ' 5', // Number: 5 (also what an unencoded `+5` arrives as)
  '5 ', // Number: 5
  '1_000', // parseInt: 1
  '12abc', // parseInt: 12
  '9007199254740993', // Number: 9007199254740992, not the value sent (2^53 + 1)
];
// The same for `limit`, inside its 1–1000 range so that only the spelling is wrong.
const nearLimits = ['1e2', '0x10', '10.0', '10.', '+10', ' 10', '10 ', '1_0', '10abc'];

const rowPaths = [
  '/historical/trades',
  '/historical/orderbook-l2',
  '/historical/funding-rates',
  '/historical/options-ticker',
  '/l2-updates',
  '/funding-rates',
  '/perpetual-ticker',
  '/options-ticker',
  '/ohlcv',
  '/intents',
  '/quotes',
];
/** Every paginated endpoint with the other parameters it needs, all canonical. */
const pagedEndpoints: [string, Query][] = [
  ...rowPaths.map((path): [string, Query] => [path, {}]),
  ['/l2-orderbooks', { source: 'binance', market: 'BTC-USDT', start: 0, end: fixedNow }],
  ['/events', { start: 0, end: fixedNow }],
  ['/catalog', {}],
  ['/catalog/instruments', { source: 'deribit', market: 'BTC' }],
  ['/snapshots', { source: 'binance', market: 'BTC-USDT' }],
];
/** Endpoints with the `start`/`end` pair; the bound not under test is left out, or canonical where both are required. */
const rangeEndpoints = pagedEndpoints.filter(([path]) => rowPaths.includes(path) || path === '/l2-orderbooks' || path === '/events');

let root = '';
let service: LocalService;

/** GETs with the paid key, so no access rule stands in front of the parameter check. */
function get(path: string, query: Query): Promise<ServiceResponse<{ error?: { message: string }; limit?: number }>> {
  return requestService(service.baseUrl, path, { query, key: paidKey });
}

/** Expects a 400 whose spec 2.14 error message names the parameter (requestService checks the body's shape). */
async function expectRefused(path: string, query: Query, name: string): Promise<void> {
  const response = await get(path, query);
  const label = `${path} ${name}=${JSON.stringify(query[name])}`;
  expect(response.status, label).toBe(400);
  expect(response.body.error?.message, label).toContain(`"${name}"`);
}

beforeAll(async () => {
  // An empty folder: no data to page, so a parameter read leniently would answer 200 with no rows.
  root = await mkdtemp(join(tmpdir(), 'mde-integer-params-'));
  service = await startEmbeddedService({ data: { kind: 'directory', root }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => fixedNow } });
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe('integer parameters are whole decimal numbers as written, or a 400 naming them', () => {
  it.each(rangeEndpoints)('%s takes start and end written as plain digits', async (path, base) => {
    for (const name of ['start', 'end']) expect((await get(path, { ...base, [name]: 5 })).status, `${path} ${name}=5`).toBe(200);
  });

  it.each(rangeEndpoints)('%s refuses start and end spelled as a float, hex, exponent, signed, padded or unsafe number', async (path, base) => {
    for (const name of ['start', 'end']) {
      for (const text of nearIntegers) await expectRefused(path, { ...base, [name]: text }, name);
    }
  });

  it('/catalog/instruments takes expiry as plain digits and refuses the near spellings', async () => {
    const base = { source: 'deribit', market: 'BTC' };
    expect((await get('/catalog/instruments', { ...base, expiry: 1_711_699_200_000 })).status).toBe(200);
    for (const text of nearIntegers) await expectRefused('/catalog/instruments', { ...base, expiry: text }, 'expiry');
  });

  it.each(pagedEndpoints)('%s takes limit=10 as written', async (path, base) => {
    const response = await get(path, { ...base, limit: 10 });
    expect(response.status).toBe(200);
    // The listings that echo their page size (spec 2.12, field notes) read it as 10.
    if (path === '/catalog' || path === '/snapshots') expect(response.body.limit).toBe(10);
  });

  it.each(pagedEndpoints)('%s refuses limit spelled as a float, hex, exponent, signed or padded number, even inside 1–1000', async (path, base) => {
    for (const text of nearLimits) await expectRefused(path, { ...base, limit: text }, 'limit');
  });

  it('an unencoded plus sign is a space in a query string, and refused like one', async () => {
    const response = await requestService<{ error: { message: string } }>(service.baseUrl, '/historical/trades?start=+5', { key: paidKey });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('"start"');
  });
});

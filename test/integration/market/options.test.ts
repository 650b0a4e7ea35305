import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import { startFaultProxy, type FaultProxy } from '../client/support/fault-proxy.ts';
import { fixedNow, paidKey, startTestService, type TestService } from '../client/support/test-service.ts';
import { requestService, type Query } from '../conformance/support/http.ts';
import { marketRig } from './support/market-rig.ts';
import { rawRows } from './support/raw-rows.ts';

// market.optionChain and market.instruments over the embedded demo's options (deribit/BTC).

const minute = 60_000;
const deribit = { source: 'deribit', market: 'BTC' } as const;
const lastMinutes = { ...deribit, start: fixedNow - 10 * minute, end: fixedNow } as const;

let service: TestService;
let proxy: FaultProxy;

beforeAll(async () => {
  service = await startTestService();
  proxy = await startFaultProxy(service.service.baseUrl);
  // Each page with its rows in reverse: a contract's newest ticker of the page arrives first.
  proxy.plan = (request) =>
    request.path.startsWith('/options-ticker') ? { kind: 'rewrite', rewrite: (body) => ({ ...(body as { items: unknown[] }), items: [...(body as { items: unknown[] }).items].reverse() }) } : { kind: 'pass' };
});
afterAll(async () => {
  await proxy.close();
  await service.close();
});

/** The latest ticker of each contract by collector time (of equal times, the one served later), by instrument name. */
function latestByContract(rows: readonly OptionTickerRow[]): OptionTickerRow[] {
  const latest = new Map<string, OptionTickerRow>();
  for (const row of rows) {
    const held = latest.get(row.instrument);
    if (held === undefined || row.collector_timestamp >= held.collector_timestamp) latest.set(row.instrument, row);
  }
  return [...latest.values()].sort((a, b) => (a.instrument < b.instrument ? -1 : 1));
}

const byInstrument = (rows: readonly OptionTickerRow[]): OptionTickerRow[] => [...rows].sort((a, b) => (a.instrument < b.instrument ? -1 : 1));

describe('market.optionChain', () => {
  it('returns one row per contract: its latest ticker in the range', async () => {
    const raw = await rawRows<OptionTickerRow>(service.service.baseUrl, '/options-ticker', { ...lastMinutes, limit: 1000 }, paidKey);
    const expected = latestByContract(raw);
    // Several pages, and contracts ticking more than once with changing values.
    expect(raw.length).toBeGreaterThan(1000);
    expect(expected.length).toBeGreaterThan(20);
    const firstOf = new Map<string, OptionTickerRow>();
    for (const row of raw) if (!firstOf.has(row.instrument)) firstOf.set(row.instrument, row);
    expect(expected.filter((row) => firstOf.get(row.instrument)?.mark_price !== row.mark_price).length).toBeGreaterThan(5);

    const chain = await marketRig({ baseUrl: service.service.baseUrl, key: paidKey }).api.market.optionChain({ ...lastMinutes, requestId: 'o-1' });
    expect(chain.truncated).toBe(false);
    expect(byInstrument(chain.rows)).toEqual(expected);
  });

  it('keeps the latest ticker of each contract whatever order the rows arrive in', async () => {
    const raw = await rawRows<OptionTickerRow>(proxy.url, '/options-ticker', { ...lastMinutes, limit: 1000 }, paidKey);
    const chain = await marketRig({ baseUrl: proxy.url, key: paidKey }).api.market.optionChain({ ...lastMinutes, requestId: 'o-reversed' });
    expect(byInstrument(chain.rows)).toEqual(latestByContract(raw));
  });

  it('reads at most cap tickers: the chain of the first cap rows, truncated', async () => {
    const raw = await rawRows<OptionTickerRow>(service.service.baseUrl, '/options-ticker', { ...lastMinutes, limit: 1000 }, paidKey);
    const cap = 700;
    const chain = await marketRig({ baseUrl: service.service.baseUrl, key: paidKey, caps: { optionTickers: cap } }).api.market.optionChain({ ...lastMinutes, requestId: 'o-cap' });
    expect(chain).toMatchObject({ cap, truncated: true });
    expect(byInstrument(chain.rows)).toEqual(latestByContract(raw.slice(0, cap)));
  });
});

describe('market.instruments passes q, expiry and option type through to /catalog/instruments', () => {
  /** Every entry of /catalog/instruments for a query, paged by hand (`{instruments, next_cursor}`, no has_more). */
  async function catalogInstruments(query: Query): Promise<InstrumentEntry[]> {
    const entries: InstrumentEntry[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const response = await requestService<{ instruments: InstrumentEntry[]; next_cursor: string | null }>(service.service.baseUrl, '/catalog/instruments', { query: { ...deribit, ...query, limit: 40, cursor } });
      expect(response.status).toBe(200);
      entries.push(...response.body.instruments);
      if (response.body.next_cursor === null) return entries;
      cursor = response.body.next_cursor;
    }
    throw new Error('/catalog/instruments did not end');
  }

  it('with each filter and all of them, the entries the service lists for the same query', async () => {
    const all = await catalogInstruments({});
    const expiry = all.find((entry) => entry.option_type === 'put')?.expiry_timestamp ?? 0;
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey });
    const cases: { input: { q?: string; expiry?: number; optionType?: 'call' | 'put' }; query: Query }[] = [
      { input: {}, query: {} },
      { input: { q: '90000' }, query: { q: '90000' } },
      { input: { expiry }, query: { expiry } },
      { input: { optionType: 'put' }, query: { option_type: 'put' } },
      { input: { q: '-C', expiry, optionType: 'call' }, query: { q: '-C', expiry, option_type: 'call' } },
    ];
    for (const { input, query } of cases) {
      const expected = await catalogInstruments(query);
      const label = JSON.stringify(input);
      // Each filter narrows the list, and the service's answer is the same list.
      if (Object.keys(input).length > 0) expect(expected.length, label).toBeLessThan(all.length);
      expect(expected.length, label).toBeGreaterThan(0);
      expect(await rig.api.market.instruments({ ...deribit, ...input }), label).toEqual({ instruments: expected, cap: 20_000, truncated: false });
    }
  });

  it('stops at the cap: exactly cap entries, truncated', async () => {
    const all = await catalogInstruments({});
    const rig = marketRig({ baseUrl: service.service.baseUrl, key: paidKey, caps: { instruments: 7 } });
    expect(await rig.api.market.instruments(deribit)).toEqual({ instruments: all.slice(0, 7), cap: 7, truncated: true });
  });
});

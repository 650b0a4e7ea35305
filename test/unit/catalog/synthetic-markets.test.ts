import { describe, expect, it } from 'vitest';
import { maxSyntheticMarkets, powerOfTen, syntheticBase, syntheticMarkets } from '../../../electron/server/store/synthetic-markets.ts';
import { demoDatasets } from '../../../electron/server/simulator/demo-datasets.ts';

const decimal = /^(0|[1-9]\d*)(\.\d*[1-9])?$/;

describe('synthetic catalog-only markets (mde serve --extra-markets)', () => {
  const markets = syntheticMarkets(20_000);

  it('are the same for the same count, and a shorter list is a prefix of a longer one', () => {
    expect(syntheticMarkets(500)).toEqual(syntheticMarkets(500));
    expect(syntheticMarkets(300)).toEqual(markets.slice(0, 300));
    expect(syntheticMarkets(0)).toEqual([]);
  });

  it('are distinct markets, and none has the name of a demo market', () => {
    const all = syntheticMarkets(maxSyntheticMarkets);
    expect(all).toHaveLength(maxSyntheticMarkets);
    const keys = new Set(all.map((market) => `${market.source}/${market.market}`));
    expect(keys.size).toBe(maxSyntheticMarkets);
    for (const demo of demoDatasets) expect(keys.has(`${demo.source}/${demo.market}`)).toBe(false);
  });

  it('vary in source, category (Futures, Spot, Options, DEX, Intents) and access', () => {
    const count = (pick: (market: (typeof markets)[number]) => string): Map<string, number> => {
      const counts = new Map<string, number>();
      for (const market of markets) counts.set(pick(market), (counts.get(pick(market)) ?? 0) + 1);
      return counts;
    };
    expect(count((market) => market.source).size).toBeGreaterThanOrEqual(20);
    const categories = count((market) => market.categories[0] ?? '');
    for (const category of ['Futures', 'Spot', 'Options', 'DEX', 'Intents']) expect(categories.get(category) ?? 0, category).toBeGreaterThan(100);
    const access = count((market) => market.access.status);
    expect(access.get('open') ?? 0).toBeGreaterThan(access.get('preview') ?? 0);
    expect(access.get('preview') ?? 0).toBeGreaterThan(200);
    expect(access.get('restricted') ?? 0).toBeGreaterThan(200);
  });

  it('have plausible symbols, terms, coverage and access, and no data', () => {
    const faults: string[] = [];
    const fault = (market: (typeof markets)[number], what: string): number => faults.push(`${market.source}/${market.market}: ${what}`);
    for (const market of markets) {
      const { base, quote, tick_size: tick, lot_size: lot } = market.terms;
      if (base === null || market.symbol !== `${base}${quote ?? ''}` || !market.market.includes(base)) fault(market, `symbol ${market.symbol}, base ${String(base)}`);
      if (!/^[a-z0-9-]+$/.test(market.source)) fault(market, 'source');
      for (const term of [tick, lot]) if (term !== null && !decimal.test(String(term))) fault(market, `term ${String(term)}`);
      if (market.coverageStart < Date.UTC(2018, 6, 1)) fault(market, 'starts too early');
      if (market.coverageEnd !== null && market.coverageEnd <= market.coverageStart) fault(market, 'ends before it starts');
      const { status, publicCutoffDate, gate } = market.access;
      if (status === 'open' ? publicCutoffDate !== null || gate !== 'none' : !/^\d{4}-\d{2}-\d{2}$/.test(publicCutoffDate ?? '')) fault(market, 'access');
      if (market.rowKinds?.length !== 0) fault(market, 'has data');
    }
    expect(faults.slice(0, 10)).toEqual([]);
  });

  it('name dated futures by their expiry, the last Friday of the quarter', () => {
    const futures = markets.filter((market) => market.sourceType === 'futures');
    expect(futures.length).toBeGreaterThan(0);
    for (const future of futures) {
      const match = /-(\d{2})(\d{2})(\d{2})$/.exec(future.market);
      expect(match, future.market).not.toBeNull();
      const expiry = Date.UTC(2000 + Number(match?.[1]), Number(match?.[2]) - 1, Number(match?.[3]), 8);
      expect(new Date(expiry).getUTCDay()).toBe(5);
      expect([2, 5, 8, 11]).toContain(new Date(expiry).getUTCMonth());
      expect(new Date(expiry + 7 * 86_400_000).getUTCMonth()).not.toBe(new Date(expiry).getUTCMonth());
      expect(future.coverageEnd).toBe(expiry);
    }
  });

  it('refuse a count outside 0 to 100,000', () => {
    for (const count of [-1, maxSyntheticMarkets + 1, 2.5, Number.NaN]) expect(() => syntheticMarkets(count)).toThrow(RangeError);
  });
});

describe('syntheticBase', () => {
  it('starts with real tickers and continues with distinct made-up ones', () => {
    expect([0, 1, 2].map(syntheticBase)).toEqual(['BTC', 'ETH', 'SOL']);
    const names = new Set<string>();
    for (let j = 0; j < 400_000; j++) names.add(syntheticBase(j));
    expect(names.size).toBe(400_000);
    expect(syntheticBase(5000)).toMatch(/^[A-Z]{6}$/);
  });
});

describe('powerOfTen', () => {
  it('writes 10^e as an exact decimal', () => {
    expect([3, 0, -1, -5].map(powerOfTen)).toEqual(['1000', '1', '0.1', '0.00001']);
  });
});

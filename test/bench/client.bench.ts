import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MarketDataClient } from '../../electron/host/client/market-data-client.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import { isL2Row } from '../../shared/rows/row-guards.ts';
import { validateRows } from '../../shared/rows/validate-rows.ts';
import { measure, report } from './measure.ts';

const now = Date.UTC(2026, 10, 20, 12, 34, 56);
const key = 'bench-client-key';
const hourMs = 3_600_000;

/** The baseline: a plain fetch + JSON.parse loop over the same pages, cursor passed back. */
async function plainPaging(baseUrl: string, search: string): Promise<number> {
  let rows = 0;
  let cursor: string | null = null;
  do {
    const url = `${baseUrl}/historical/trades?${search}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    const page = JSON.parse(await response.text()) as { items: unknown[]; has_more: boolean; next_cursor: string | null };
    rows += page.items.length;
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor !== null);
  return rows;
}

/** F5: client overhead against plain fetch + JSON.parse over the same pages; validating 1000 L2 rows. */
export async function run(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mde-bench-client-'));
  const service = await startEmbeddedService({ data: { kind: 'demo', dataDir, seed: 1 }, keys: [{ key, tier: 'paid' }], extra: { now: () => now, quota: { limit: 1e9, windowSeconds: 60 } } });
  try {
    const query = { source: 'hyperliquid', market: 'BTC', start: now - 3 * hourMs, end: now - 2 * hourMs, limit: 1000 };
    const search = `end=${query.end}&limit=1000&market=BTC&source=hyperliquid&start=${query.start}`;
    const client = new MarketDataClient({ baseUrl: service.baseUrl, apiKey: key, now: () => now });
    const rows = await plainPaging(service.baseUrl, search);
    if ((await client.historicalTrades(query).all()).length !== rows) throw new Error('the client and the plain loop disagree');
    // Alternate the two, so drift on this shared machine hits both alike; keep the best of each.
    let plain = Number.POSITIVE_INFINITY;
    let typed = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      plain = Math.min(plain, (await measure(() => plainPaging(service.baseUrl, search), { rounds: 3, roundMs: 400 })).msPerOp);
      typed = Math.min(typed, (await measure(() => client.historicalTrades(query).all(), { rounds: 3, roundMs: 400 })).msPerOp);
    }
    report({ name: `client: page ${rows} trade rows (ms per query)`, value: typed, unit: 'ms', baselineName: 'fetch+JSON.parse', baseline: plain, higherIsBetter: false, target: '≤ 1.15×' });

    const pageText = await (await fetch(`${service.baseUrl}/l2-updates?source=hyperliquid&market=BTC&limit=1000`)).text();
    const items = (JSON.parse(pageText) as { items: unknown[] }).items;
    if (items.length !== 1000) throw new Error(`expected 1000 L2 rows, got ${items.length}`);
    const validating = await measure(() => validateRows('/l2-updates', items, isL2Row), { rounds: 5, roundMs: 300 });
    const parsing = await measure(() => JSON.parse(pageText) as unknown, { rounds: 5, roundMs: 300 });
    report({ name: 'validate a 1000-row page of L2 rows (ms)', value: validating.msPerOp, unit: 'ms', baselineName: 'JSON.parse of the page', baseline: parsing.msPerOp, higherIsBetter: false, target: '< 5 ms' });
  } finally {
    await service.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

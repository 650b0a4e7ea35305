import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketDataClient } from '../../electron/host/client/market-data-client.ts';
import { clientLinks } from '../../electron/host/downloads/client-links.ts';
import { DownloadQueue } from '../../electron/host/downloads/download-queue.ts';
import { transferSnapshot } from '../../electron/host/downloads/snapshot-transfer.ts';
import { SnapshotLibrary } from '../../electron/host/library/snapshot-library.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import type { LocalService } from '../../electron/server/local-service.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import type { CatalogMarket, CatalogResponse, InstrumentEntry, InstrumentsResponse } from '../../shared/rows/catalog.ts';
import { fixedNow, paidKey, startTestService, type TestService } from './client/support/test-service.ts';
import { requestService } from './conformance/support/http.ts';
import { useTempDirs } from '../support/temp-dir.ts';

// A library served offline describes its datasets: the kind of market (source type, categories)
// from the rows its files hold, option contracts from its tickers, and, where a download kept
// the service's catalog entry beside the files, that entry. The expected values are written out by
// hand from the hand-made files below.

const hour = Date.UTC(2026, 10, 24, 10);
const date = '2026-11-24';
const temp = useTempDirs();

type Row = Record<string, unknown>;
const v2 = (source: string, market: string, rows: readonly Row[], counts: Record<string, number> = {}): string => {
  const envelope = (sequence: number, time: number) => ({ collector_timestamp: time, collector_sequence: sequence, exchange_timestamp: null, exchange_sequence: null, source, market });
  const metadata = { ...envelope(0, hour), type: 'metadata', data: { schema_version: 'v2', date, start_time: hour, end_time: hour + 3_599_999, event_count: rows.length, ...counts } };
  return `${[metadata, ...rows.map((row, i) => ({ ...envelope(i + 1, hour + 1000 * (i + 1)), ...row }))].map((row) => JSON.stringify(row)).join('\n')}\n`;
};
const book = { type: 'orderbook', data: { is_snapshot: true, bids: [[100, 1]], asks: [[101, 1]] } };
const trade = { type: 'trade', data: { price: 100.5, quantity: 1, side: 'buy', order_id: null } };

/** The hand-made datasets: each file's text, by source and market. */
const datasets: { source: string; market: string; text: string }[] = [
  {
    source: 'deribit',
    market: 'BTC',
    text: v2('deribit', 'BTC', [
      // Terms in the row, then again with newer currencies: the latest ticker of a contract wins.
      { instrument: 'BTC-27DEC26-100000-C', type: 'option_ticker', data: { underlying: 'BTC', option_type: 'call', strike: '100000', expiry_timestamp: Date.UTC(2026, 11, 27, 8), premium_currency: 'BTC', mark_iv: '0.5' } },
      // Terms only in the name (Deribit settles at 08:00 UTC).
      { instrument: 'BTC-25DEC26-90000-P', type: 'option_ticker', data: { mark_price: '0.01', greeks: { delta: '-0.3' } } },
      { instrument: 'BTC-27DEC26-100000-C', type: 'option_ticker', data: { underlying: 'BTC', option_type: 'call', strike: '100000', expiry_timestamp: Date.UTC(2026, 11, 27, 8), premium_currency: 'BTC', quantity_unit: 'BTC', mark_iv: '0.51' } },
      trade,
    ]),
  },
  { source: 'hyperliquid', market: 'SOL', text: v2('hyperliquid', 'SOL', [book, { type: 'perpetual_ticker', data: { mark_price: '171.2', funding_rate: '0.0001' } }, trade]) },
  { source: 'aster', market: 'ETHUSDT', text: v2('aster', 'ETHUSDT', [book, { type: 'point', data: { series: 'funding_rate', value: '0.0001' } }]) },
  { source: 'metric', market: 'ethereum', text: v2('metric', 'ethereum', [{ type: 'record', data: { series: 'quote_ladder', values: { event_id: 'e', chain_id: 1, block_number: 1, block_hash: 'b', parent_hash: 'p', transaction_hash: 't', transaction_index: 0, router: 'r', oracle: null, token_in: 'a', token_out: 'b', token_in_decimals: 18, token_out_decimals: 6, quotes: [] } } }]) },
  { source: 'uniswapx', market: 'intents', text: v2('uniswapx', 'intents', [{ type: 'intent', data: { intent_id: 'i-1', status: 'open', inputs: [], outputs: [] } }]) },
  // Books and trades only, the types named by the header's counts.
  { source: 'binance', market: 'BTC-USDT', text: v2('binance', 'BTC-USDT', [book, trade], { orderbook_count: 1, trade_count: 1 }) },
  { source: 'lighter', market: 'BTC-USD', text: `${JSON.stringify({ timestamp: hour + 1000, source: 'lighter', market: 'BTC-USD', type: 'orderbook', data: { bids: [[1, 1]], asks: [[2, 1]] } })}\n` },
];

/** A catalog entry the service had sent for binance/BTC-USDT, kept by a download. */
const keptEntry: CatalogMarket = {
  source: 'binance',
  market: 'BTC-USDT',
  symbol: 'BTCUSDT',
  start: '2024-01-01T00:00:00.000Z',
  end: '2026-11-25T00:00:00.000Z',
  source_type: 'spot',
  categories: ['Spot'],
  access: { status: 'open', public_cutoff_date: null },
  instrument: { base: 'BTC', quote: 'USDT', tick_size: '0.01', lot_size: '0.00001', min_notional: '5' },
};

let folder = '';
let service: LocalService;

async function putDataset(root: string, source: string, market: string, text: string): Promise<void> {
  const dir = join(root, 'data', 'standard', source, market, date);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `standard-${source}-${market}-${date}-10.jsonl.zst`), compressZstdFrame(new TextEncoder().encode(text)));
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'mde-offline-metadata-'));
  for (const dataset of datasets) await putDataset(folder, dataset.source, dataset.market, dataset.text);
  service = await startEmbeddedService({ data: { kind: 'directory', root: folder }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => hour + 2 * 3_600_000 } });
});

afterAll(async () => {
  await service.close();
  await rm(folder, { recursive: true, force: true });
});

async function catalog(base: string): Promise<Map<string, CatalogMarket>> {
  const body = (await requestService<CatalogResponse>(base, '/catalog', { query: { limit: 1000 } })).body;
  return new Map(body.markets.map((entry) => [`${entry.source}/${entry.market}`, entry]));
}

describe('a library served offline describes its datasets', () => {
  it('takes source type and categories from the kinds of rows the files hold', async () => {
    const markets = await catalog(service.baseUrl);
    const kinds = Object.fromEntries([...markets].map(([id, entry]) => [id, [entry.source_type, entry.categories]]));
    expect(kinds).toEqual({
      'deribit/BTC': ['options', ['Options']],
      'hyperliquid/SOL': ['perpetuals', ['Futures', 'Perpetual']],
      'aster/ETHUSDT': ['perpetuals', ['Futures', 'Perpetual']],
      'metric/ethereum': ['propamm', ['DEX', 'Quotes']],
      'uniswapx/intents': ['intents', ['Intents']],
      // Books and trades do not tell spot from a derivative: no category is claimed.
      'binance/BTC-USDT': ['orderbook', []],
      'lighter/BTC-USD': ['orderbook', []],
    });
  });

  it('lists the option contracts its tickers show, terms from the row or the name', async () => {
    const body = (await requestService<InstrumentsResponse>(service.baseUrl, '/catalog/instruments', { query: { source: 'deribit', market: 'BTC', limit: 100 } })).body;
    const expected: InstrumentEntry[] = [
      { source: 'deribit', market: 'BTC', instrument: 'BTC-25DEC26-90000-P', status: 'open', option_type: 'put', underlying: 'BTC', strike: '90000', expiry_timestamp: Date.UTC(2026, 11, 25, 8), contract_size: null, exercise_style: null, premium_currency: null, quantity_unit: null, settlement_currency: null, statistics: null },
      { source: 'deribit', market: 'BTC', instrument: 'BTC-27DEC26-100000-C', status: 'open', option_type: 'call', underlying: 'BTC', strike: '100000', expiry_timestamp: Date.UTC(2026, 11, 27, 8), contract_size: null, exercise_style: null, premium_currency: 'BTC', quantity_unit: 'BTC', settlement_currency: null, statistics: null },
    ];
    expect(body.instruments).toEqual(expected);
    const puts = (await requestService<InstrumentsResponse>(service.baseUrl, '/catalog/instruments', { query: { source: 'deribit', market: 'BTC', option_type: 'put', limit: 100 } })).body;
    expect(puts.instruments.map((entry) => entry.instrument)).toEqual(['BTC-25DEC26-90000-P']);
    // A market without tickers has none.
    expect((await requestService<InstrumentsResponse>(service.baseUrl, '/catalog/instruments', { query: { source: 'hyperliquid', market: 'SOL', limit: 100 } })).body.instruments).toEqual([]);
  });

  it('prefers the catalog entry a download kept beside the files; a malformed or foreign one is not read', async () => {
    const root = await temp();
    for (const dataset of datasets.filter((entry) => entry.source === 'binance' || entry.source === 'hyperliquid')) await putDataset(root, dataset.source, dataset.market, dataset.text);
    await writeFile(join(root, 'data', 'standard', 'binance', 'BTC-USDT', 'catalog-entry.json'), JSON.stringify({ saved_at: new Date(hour).toISOString(), entry: keptEntry }));
    await writeFile(join(root, 'data', 'standard', 'hyperliquid', 'SOL', 'catalog-entry.json'), JSON.stringify({ saved_at: new Date(hour).toISOString(), entry: { ...keptEntry } }));
    const offline = await startEmbeddedService({ data: { kind: 'directory', root }, extra: { now: () => hour + 2 * 3_600_000 } });
    try {
      const markets = await catalog(offline.baseUrl);
      expect(markets.get('binance/BTC-USDT')).toMatchObject({ symbol: 'BTCUSDT', source_type: 'spot', categories: ['Spot'], instrument: keptEntry.instrument, access: keptEntry.access });
      // Coverage is the files', not the entry's.
      expect(markets.get('binance/BTC-USDT')).toMatchObject({ start: new Date(hour).toISOString(), end: new Date(hour + 3_600_000).toISOString() });
      // hyperliquid/SOL's sidecar describes another dataset: the files say what it is.
      expect(markets.get('hyperliquid/SOL')).toMatchObject({ symbol: 'SOL', source_type: 'perpetuals', categories: ['Futures', 'Perpetual'] });
    } finally {
      await offline.close();
    }
  });
});

describe('a download keeps the catalog entry beside the files', () => {
  let remote: TestService;
  beforeAll(async () => {
    remote = await startTestService();
  });
  afterAll(async () => {
    await remote.close();
  });

  it('writes the service\'s entry in the dataset folder, and the library served offline describes the dataset by it', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const client = new MarketDataClient({ baseUrl: remote.service.baseUrl, apiKey: paidKey, now: () => fixedNow });
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(null) });
    const queue = new DownloadQueue({ transfer: transferSnapshot, links: clientLinks(() => Promise.resolve(client)), library, concurrency: 1 });
    const served = (await client.catalog({ source: 'deribit', market: 'BTC' }).all()).find((entry) => entry.market === 'BTC');
    if (served === undefined) throw new Error('the demo lists deribit/BTC');
    const hourStart = fixedNow - (fixedNow % 3_600_000) - 3_600_000;
    const iso = new Date(hourStart).toISOString();
    await queue.enqueue({ source: 'deribit', market: 'BTC', keys: [`standard-deribit-BTC-${iso.slice(0, 10)}-${iso.slice(11, 13)}`] });
    await queue.idle();
    expect(queue.snapshot().totals).toMatchObject({ done: 1, failed: 0 });
    const sidecar = JSON.parse(await readFile(join(root, 'data', 'standard', 'deribit', 'BTC', 'catalog-entry.json'), 'utf8')) as { entry: CatalogMarket; saved_at: string };
    expect(sidecar.entry).toEqual(served);
    expect(Number.isNaN(Date.parse(sidecar.saved_at))).toBe(false);
    const offline = await startEmbeddedService({ data: { kind: 'directory', root }, extra: { now: () => fixedNow } });
    try {
      expect((await catalog(offline.baseUrl)).get('deribit/BTC')).toMatchObject({ symbol: served.symbol, source_type: served.source_type, categories: served.categories, instrument: served.instrument });
      // Its contracts come from the downloaded hour's tickers.
      const instruments = (await requestService<InstrumentsResponse>(offline.baseUrl, '/catalog/instruments', { query: { source: 'deribit', market: 'BTC', limit: 1000 } })).body.instruments;
      expect(instruments.length).toBeGreaterThan(0);
      expect(instruments.every((entry) => entry.source === 'deribit' && entry.market === 'BTC' && Number(entry.strike) > 0)).toBe(true);
    } finally {
      await offline.close();
      await queue.close();
      await library.close();
    }
  });
});

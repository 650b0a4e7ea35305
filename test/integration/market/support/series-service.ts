import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedService } from '../../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../../electron/server/local-service.ts';
import { compressZstdFrame } from '../../../../electron/codec/zstd/zstd-compressor.ts';
import { fixedNow, paidKey } from '../../client/support/test-service.ts';
import { standardKey } from '../../conformance/support/snapshot-file.ts';

const hourMs = 3_600_000;

/** The hour of the trades fixture: the one holding the test clock, so its last minutes are the anonymous window. */
export const tradesHour = fixedNow - (fixedNow % hourMs);
/** The hour of `test/fixtures/rows/funding-exactness.jsonl`. */
export const fundingHour = Date.UTC(2026, 2, 2, 7);

const envelope = (time: number, sequence: number) => ({
  collector_timestamp: time,
  collector_sequence: sequence,
  exchange_timestamp: time - 7,
  exchange_sequence: null,
  source: 'hyperliquid',
  market: 'BTC',
});

/**
 * Trades of hyperliquid/BTC, each written as a venue would: a liquidation buy, a sell with a
 * string price, trades with no side (one of them a liquidation), a buy with a null flag, a sell
 * with none. Two lie in the anonymous ten minutes before the clock.
 */
export const fixtureTrades = [
  { at: tradesHour + 20 * 60_000 + 100, data: { price: 84210.5, quantity: 0.25, side: 'buy', order_id: 't-1', liquidation: true } },
  { at: tradesHour + 20 * 60_000 + 250, data: { price: '84209', quantity: 1e-3, side: 'sell', order_id: 't-2', liquidation: false } },
  { at: tradesHour + 21 * 60_000, data: { price: 84208, quantity: 2, side: null, order_id: null } },
  { at: tradesHour + 22 * 60_000, data: { price: 84207.25, quantity: 0.5, side: null, order_id: 't-4', liquidation: true } },
  { at: fixedNow - 5 * 60_000, data: { price: 84300, quantity: 0.125, side: 'buy', order_id: 't-5', liquidation: null } },
  { at: fixedNow - 60_000, data: { price: '84301.5', quantity: 3, side: 'sell', order_id: 't-6' } },
] as const;

function tradesFileText(): string {
  const metadata = {
    ...envelope(tradesHour, 0),
    type: 'metadata',
    data: { schema_version: 'v2', date: new Date(tradesHour).toISOString().slice(0, 10), start_time: tradesHour, end_time: tradesHour + hourMs - 1, event_count: fixtureTrades.length, trade_count: fixtureTrades.length, collector_version: 'market-series-fixture' },
  };
  const lines = [metadata, ...fixtureTrades.map((trade, i) => ({ ...envelope(trade.at, i + 1), type: 'trade', data: trade.data }))];
  return `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
}

async function writeHour(root: string, hourStart: number, text: string): Promise<void> {
  const folder = join(root, 'hyperliquid', 'BTC', new Date(hourStart).toISOString().slice(0, 10));
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${standardKey('hyperliquid', 'BTC', hourStart)}.jsonl.zst`), compressZstdFrame(new TextEncoder().encode(text)));
}

/** A running fixture-backed service and its folder. */
export interface SeriesService {
  service: LocalService;
  close(): Promise<void>;
}

/**
 * The local service over a folder (a DirectoryStore) holding two hours of hyperliquid/BTC: the
 * trades above, and the funding exactness fixture. Its clock is the test clock; it accepts the
 * paid test key.
 */
export async function startSeriesService(): Promise<SeriesService> {
  const root = await mkdtemp(join(tmpdir(), 'mde-market-series-'));
  await writeHour(root, tradesHour, tradesFileText());
  await writeHour(root, fundingHour, await readFile(join(import.meta.dirname, '..', '..', '..', 'fixtures', 'rows', 'funding-exactness.jsonl'), 'utf8'));
  const service = await startEmbeddedService({ data: { kind: 'directory', root }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => fixedNow } });
  return {
    service,
    close: async () => {
      await service.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

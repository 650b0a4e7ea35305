// Pins field notes "legacy timestamp ≥ 1e14 is µs: divide by 1000" with spec 2 "integer ms": a µs time between two ms is served as the ms it falls in.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { legacyMilliseconds } from '../../../electron/codec/records/legacy-record.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { requestService } from './support/http.ts';
import { paidKey } from './support/service-fixture.ts';
import { standardKey } from './support/snapshot-file.ts';

const dataset = { source: 'binance', market: 'BTC-USDT' } as const;
/** 2023-11-14T22:00:00Z, the hour of 1700000000123 ms (2023-11-14T22:13:20.123Z). */
const hour = Date.UTC(2023, 10, 14, 22);

// Legacy trade times in µs and, worked out by hand, the ms each falls in: the µs count divided by
// 1000 with the fraction dropped (an instant inside ms 123 belongs to ms 123, even at .999).
const times: { micros: number; ms: number }[] = [
  { micros: 1_700_000_000_123_000, ms: 1_700_000_000_123 },
  { micros: 1_700_000_000_123_456, ms: 1_700_000_000_123 },
  { micros: 1_700_000_000_123_500, ms: 1_700_000_000_123 },
  { micros: 1_700_000_000_123_999, ms: 1_700_000_000_123 },
  { micros: 1_700_000_000_124_000, ms: 1_700_000_000_124 },
  { micros: 1_700_000_000_124_001, ms: 1_700_000_000_124 },
];

/** A headerless (legacy) file: one trade line per time, the price telling the lines apart. */
const legacyText = times
  .map(({ micros }, index) => `{"timestamp":${micros},"source":"${dataset.source}","market":"${dataset.market}","type":"trade","data":{"price":${37_000 + index},"quantity":0.5,"side":"buy"}}`)
  .join('\n');

let root = '';
let service: LocalService;

interface TradePage {
  items: { collector_timestamp: unknown; price: number }[];
}

async function tradesBetween(start: number, end: number): Promise<TradePage['items']> {
  const response = await requestService<TradePage>(service.baseUrl, '/historical/trades', { query: { ...dataset, start, end, limit: 1000 }, key: paidKey });
  expect(response.status).toBe(200);
  return response.body.items;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'mde-legacy-micros-'));
  const folder = join(root, dataset.source, dataset.market, '2023-11-14');
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `${standardKey(dataset.source, dataset.market, hour)}.jsonl.zst`), compressZstdFrame(new TextEncoder().encode(`${legacyText}\n`)));
  service = await startEmbeddedService({ data: { kind: 'directory', root }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => hour + 30 * 60_000 } });
});

afterAll(async () => {
  await service.close();
  await rm(root, { recursive: true, force: true });
});

describe('legacy microsecond times that are not whole milliseconds', () => {
  it('the conversion both readers share drops the fraction: never the next ms, never a fractional ms', () => {
    for (const { micros, ms } of times) expect(legacyMilliseconds(micros), String(micros)).toBe(ms);
  });

  it('are served as the integer ms they fall in, one row per line, in file order', async () => {
    const items = await tradesBetween(hour, hour + 3_600_000 - 1);
    expect(items.map((row) => row.price)).toEqual(times.map((_, index) => 37_000 + index));
    expect(items.map((row) => row.collector_timestamp)).toEqual(times.map(({ ms }) => ms));
    for (const row of items) expect(Number.isSafeInteger(row.collector_timestamp)).toBe(true);
  });

  it('fall inside the one-ms range of their own ms and outside the next one', async () => {
    expect((await tradesBetween(1_700_000_000_123, 1_700_000_000_123)).map((row) => row.price)).toEqual([37_000, 37_001, 37_002, 37_003]);
    expect((await tradesBetween(1_700_000_000_124, 1_700_000_000_124)).map((row) => row.price)).toEqual([37_004, 37_005]);
  });
});

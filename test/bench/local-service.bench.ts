import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BookEngine } from '../../shared/book/book-engine.ts';
import { l2RowFromBook } from '../../shared/book/book-row.ts';
import { rowBase } from '../../shared/rows/from-records/row-context.ts';
import { tradeRowOf } from '../../shared/rows/from-records/trade-rows.ts';
import { startLocalService } from '../../electron/server/local-service.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore } from '../../electron/server/store/directory-store.ts';
import { demoDatasets } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile, generateHourText } from '../../electron/server/simulator/generate-hour.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { report } from './measure.ts';

const hourMs = 3_600_000;
const hour = Date.UTC(2026, 10, 18, 9);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function pageAll(baseUrl: string, path: string): Promise<number> {
  let rows = 0;
  let cursor: string | null = null;
  do {
    const url = `${baseUrl}${path}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
    const response = await fetch(url, { headers: { authorization: 'Bearer bench-key' } });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { items: unknown[]; has_more: boolean; next_cursor: string | null };
    rows += page.items.length;
    cursor = page.has_more ? page.next_cursor : null;
  } while (cursor !== null);
  return rows;
}

/** F4: simulating a busy hour, paging /historical/trades, and replaying /l2-orderbooks over an hour. */
export async function run(): Promise<void> {
  const base = demoDatasets.find((d) => d.source === 'hyperliquid' && d.market === 'BTC');
  if (base === undefined) throw new Error('no BTC dataset');
  const busy = { ...base, bookEventsPerSecond: 10, tradesPerSecond: 2 };

  // 1. Generating one busy hour (≥ 10 book events/s, ≥ 2 trades/s) vs compressing the same text.
  generateHourFile(1, busy, hour - hourMs);
  const generation: number[] = [];
  const compression: number[] = [];
  let bytes: Uint8Array = new Uint8Array(0);
  for (let round = 0; round < 3; round++) {
    let started = performance.now();
    bytes = generateHourFile(round + 2, busy, hour);
    generation.push((performance.now() - started) / 1000);
    const text = Buffer.from(generateHourText(round + 2, busy, hour));
    started = performance.now();
    compressZstdFrame(text);
    compression.push((performance.now() - started) / 1000);
  }
  report({ name: 'simulate one busy hour (s per hour)', value: median(generation), unit: 's', baselineName: 'zstd of its text', baseline: median(compression), higherIsBetter: false, target: '< 1 s' });

  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-svc-'));
  try {
    const date = new Date(hour).toISOString().slice(0, 10);
    const key = `standard-hyperliquid-BTC-${date}-09`;
    await mkdir(join(dir, 'hyperliquid', 'BTC', date), { recursive: true });
    const path = join(dir, 'hyperliquid', 'BTC', date, `${key}.jsonl.zst`);
    await writeFile(path, bytes);
    const store = new DirectoryStore(dir, decodeHourFile);
    await store.scan();
    const service = await startLocalService({ store, keys: [{ key: 'bench-key', tier: 'paid' }], now: () => hour + 2 * hourMs, quota: { limit: 1_000_000, windowSeconds: 60 } });
    try {
      const range = `start=${hour}&end=${hour + hourMs - 1}`;
      await pageAll(service.baseUrl, `/historical/trades?source=hyperliquid&market=BTC&${range}&limit=1000`);

      // 2. /historical/trades paging vs reading the same rows from the decoded file.
      let started = performance.now();
      const served = await pageAll(service.baseUrl, `/historical/trades?source=hyperliquid&market=BTC&${range}&limit=1000`);
      const serviceSeconds = (performance.now() - started) / 1000;
      started = performance.now();
      const records = await decodeHourFile(path);
      const direct = records.flatMap((r) => (r.type === 'trade' ? [tradeRowOf({ sourceCaptureId: key }, r)] : [])).length;
      const directSeconds = (performance.now() - started) / 1000;
      if (direct !== served) throw new Error(`/historical/trades served ${served} rows, the file has ${direct}`);
      report({ name: `/historical/trades paging (${served} rows), rows/s`, value: served / serviceSeconds, unit: 'rows/s', baselineName: 'decode file', baseline: direct / directSeconds, higherIsBetter: true });

      // 3. /l2-orderbooks over the whole busy hour vs replaying the same events in-process.
      started = performance.now();
      const books = await pageAll(service.baseUrl, `/l2-orderbooks?source=hyperliquid&market=BTC&${range}&limit=1000`);
      const replaySeconds = (performance.now() - started) / 1000;
      started = performance.now();
      const engine = new BookEngine();
      let inProcess = 0;
      for (const record of records) {
        if (record.type !== 'orderbook') continue;
        const book = engine.apply(record);
        if (book !== null) {
          l2RowFromBook(rowBase({ sourceCaptureId: key }, record), book);
          inProcess++;
        }
      }
      const engineSeconds = (performance.now() - started) / 1000;
      report({ name: `/l2-orderbooks whole busy hour (${books} books), s`, value: replaySeconds, unit: 's', baselineName: 'in-process replay', baseline: engineSeconds, higherIsBetter: false, target: '< 2 s' });
      if (inProcess !== books) console.log(`  note: service returned ${books} books, in-process replay ${inProcess}`);
    } finally {
      await service.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

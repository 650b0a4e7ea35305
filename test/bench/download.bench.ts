import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MarketDataClient } from '../../electron/host/client/market-data-client.ts';
import { streamingVerifier } from '../../electron/host/downloads/download-verifier.ts';
import { createSnapshotTransfer } from '../../electron/host/downloads/snapshot-transfer.ts';
import { workerVerifier } from '../../electron/host/downloads/worker-verifier.ts';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import { writeL2File } from '../../electron/server/simulator/l2-file-generator.ts';
import { defaultZstdDecompressor } from '../../electron/codec/zstd/zstd-decompressor.ts';
import { report } from './measure.ts';

const hour = Date.UTC(2026, 2, 2, 10);
const key = 'standard-binance-BTCUSDT-2026-03-02-10';
/** Events for a ~50 MB compressed L2 file (about 31.7 compressed bytes per event with the generator's defaults). */
const events = Number(process.env['MDE_BENCH_DOWNLOAD_EVENTS'] ?? 1_600_000);
const rounds = 3;

/** A plain stream of the URL to disk: http.get piped to createWriteStream, nothing else. */
async function plainDownload(url: string, path: string): Promise<number> {
  const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => get(url, resolve).on('error', reject));
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}`);
  let bytes = 0;
  response.on('data', (chunk: Buffer) => (bytes += chunk.length));
  await pipeline(response, createWriteStream(path));
  return bytes;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Download throughput from the real local download host: transferSnapshot (with verification) vs a plain stream to disk. */
export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-download-'));
  const service = { close: (): Promise<void> => Promise.resolve() };
  try {
    const folder = join(dir, 'data', 'binance', 'BTCUSDT', '2026-03-02');
    await mkdir(folder, { recursive: true });
    const file = await writeL2File(join(folder, `${key}.jsonl.zst`), { seed: 5, events, source: 'binance', market: 'BTCUSDT', startTime: hour });
    const mb = file.compressedBytes / 1e6;
    console.log(`  input: ${mb.toFixed(1)} MB zstd (${(file.uncompressedBytes / 1e6).toFixed(0)} MB of JSON lines), ${file.events.toLocaleString('en-US')} events, decompressor ${defaultZstdDecompressor().name}`);
    const started = await startEmbeddedService({ data: { kind: 'directory', root: join(dir, 'data') }, extra: { now: () => hour + 7_200_000 } });
    service.close = () => started.close();
    const client = new MarketDataClient({ baseUrl: started.baseUrl, now: () => hour + 7_200_000 });
    const variants = [
      { name: 'verify in a worker', transfer: createSnapshotTransfer({ verifier: (name) => workerVerifier(name) }), rates: [] as number[] },
      { name: 'verify on the event loop', transfer: createSnapshotTransfer({ verifier: (name) => streamingVerifier(name) }), rates: [] as number[] },
      { name: 'frames + zstd only, no record decode (reference)', transfer: createSnapshotTransfer({ verifier: (name) => streamingVerifier(name, { decodeRecords: false }) }), rates: [] as number[] },
      { name: 'no verification (reference)', transfer: createSnapshotTransfer({ verifier: () => ({ push: () => Promise.resolve(), finish: () => Promise.resolve({ records: 0 }), abandon: () => undefined }) }), rates: [] as number[] },
    ];
    const plain: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const url = (await client.snapshotDownloadLink(key)).url;
      const target = join(dir, `plain-${round}.jsonl.zst`);
      let t = performance.now();
      await plainDownload(url, target);
      plain.push(mb / ((performance.now() - t) / 1000));
      await rm(target);
      const figures = [`plain ${plain.at(-1)?.toFixed(0)}`];
      for (const variant of variants) {
        const destination = join(dir, 'library', `${key}-${round}.jsonl.zst`);
        t = performance.now();
        await variant.transfer({ key, destination, url, refreshUrl: async () => (await client.snapshotDownloadLink(key)).url, signal: new AbortController().signal, onProgress: () => undefined });
        variant.rates.push(mb / ((performance.now() - t) / 1000));
        await rm(destination);
        figures.push(`${variant.name} ${variant.rates.at(-1)?.toFixed(0)}`);
      }
      console.log(`  round ${round + 1}, MB/s: ${figures.join(', ')}`);
    }
    for (const variant of variants) {
      report({ name: `transferSnapshot, ${variant.name}`, value: median(variant.rates), unit: 'MB/s', baselineName: 'plain stream to disk', baseline: median(plain), higherIsBetter: true, ...(variant === variants[0] ? { target: '≥ ×0.8' } : {}) });
    }
  } finally {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  }
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import { DemoStore } from '../../electron/server/store/demo-store.ts';
import { WorkerHourGenerator, defaultGenerationWorkers } from '../../electron/server/simulator/hour-generator.ts';
import { report } from './measure.ts';

// F16 point 7: the first `/download` manifest of a busy day the demo has not generated yet
// (binance/BTCUSDT, 24 hours of ~540k book events each), through the real HTTP service on a
// fresh data folder, with the pool of generation workers (one per core, at most 4) beside the
// same request with one worker (how the demo generated before), in the same run. Then the same
// day built ahead by `DemoStore.pregenerate` (the app does it while idle): the manifest's time
// once it has run. This machine's two cores are shared: CPU time is printed too.

/** 05:30 UTC on 2026-11-20: the last whole day is 2026-11-19. */
const now = Date.UTC(2026, 10, 20, 5, 30);
const date = '2026-11-19';

interface ManifestTiming {
  seconds: number;
  cpuSeconds: number;
  total: number;
  totalBytes: number;
}

/** Seconds to the first manifest of `date` on a fresh folder, with `workers` generation workers. */
async function firstManifest(workers: number): Promise<ManifestTiming> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-manifest-'));
  const service = await startEmbeddedService({ data: { kind: 'demo', dataDir: dir, seed: 1 }, generationWorkers: workers, extra: { now: () => now } });
  try {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const response = await fetch(`${service.baseUrl}/download?source=binance&market=BTCUSDT&date=${date}`);
    const body = (await response.json()) as { total?: number; total_bytes?: number };
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    if (response.status !== 200) throw new Error(`/download answered ${response.status}`);
    return { seconds, cpuSeconds: (used.user + used.system) / 1e6, total: body.total ?? 0, totalBytes: body.total_bytes ?? 0 };
  } finally {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The manifest's time once `pregenerate` has built the day (and the time pregeneration took). */
async function pregeneratedManifest(): Promise<{ pregenerateSeconds: number; manifestSeconds: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-manifest-'));
  const generator = new WorkerHourGenerator();
  try {
    const store = new DemoStore({ dataDir: dir, seed: 1, now: () => now, generate: generator.generate });
    await store.open();
    let started = performance.now();
    await store.pregenerate(new AbortController().signal);
    const pregenerateSeconds = (performance.now() - started) / 1000;
    await generator.close();
    const service = await startEmbeddedService({ data: { kind: 'demo', dataDir: dir, seed: 1 }, extra: { now: () => now } });
    try {
      started = performance.now();
      const response = await fetch(`${service.baseUrl}/download?source=binance&market=BTCUSDT&date=${date}`);
      await response.json();
      if (response.status !== 200) throw new Error(`/download answered ${response.status}`);
      return { pregenerateSeconds, manifestSeconds: (performance.now() - started) / 1000 };
    } finally {
      await service.close();
    }
  } finally {
    await generator.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs the manifest figures. */
export async function run(): Promise<void> {
  const workers = defaultGenerationWorkers();
  const single = await firstManifest(1);
  const pooled = await firstManifest(workers);
  console.log(`  ${date}: ${pooled.total} hour files, ${(pooled.totalBytes / 1e6).toFixed(0)} MB; generation CPU (worker threads included) ${pooled.cpuSeconds.toFixed(1)} s with ${workers} workers, ${single.cpuSeconds.toFixed(1)} s with 1`);
  if (pooled.totalBytes !== single.totalBytes) throw new Error(`the pool's files differ from one worker's: ${pooled.totalBytes} against ${single.totalBytes} bytes`);
  report({ name: `first busy-day manifest, ${workers} generation workers`, value: pooled.seconds, unit: 's', baselineName: 'one worker', baseline: single.seconds, higherIsBetter: false, target: '< 10 s' });
  const ahead = await pregeneratedManifest();
  console.log(`  pregenerate (today's 5 hours and the whole previous day, one at a time): ${ahead.pregenerateSeconds.toFixed(1)} s`);
  report({ name: 'the same manifest after pregenerate', value: ahead.manifestSeconds, unit: 's', baselineName: 'first manifest, pool', baseline: pooled.seconds, higherIsBetter: false, target: '< 10 s' });
}

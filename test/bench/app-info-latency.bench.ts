import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { libraryPathOf } from '../../electron/codec/layout/library-layout.ts';
import { defaultLibraryRoot } from '../../electron/host/library/library-root.ts';
import { defaultDemoSeed, demoDataDir } from '../../electron/server/embedded-service.ts';
import { hourKey } from '../../shared/snapshot/snapshot-key.ts';
import { utcDateHour } from '../../shared/time/time-units.ts';
import { DemoStore, demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import { demoDatasets } from '../../electron/server/simulator/demo-datasets.ts';
import { workerEntry } from '../../electron/base/workers/worker-entry.ts';
import type { Health } from '../../shared/contract/channels.ts';
import { connectContract, quantile, sampleAppInfo, type AppInfoSamples, type ContractClient } from './contract-client.ts';
import type { LoadMessage, LoadPlan, LoadSummary } from './app-info-load-worker.ts';
import { startBrowserModeApp, type BrowserModeApp } from '../support/browser-mode-app.ts';
import { report } from './measure.ts';

// F12 point 4, "a main process that stays free": the round trip of a cheap contract call
// (`app.info`) in browser mode, started as a user starts it (`node scripts/start.mjs --browser`,
// a fresh user-data folder), p99 while at the same time
//   (a) a 6 h range of the demo's exchange-grade market (binance/BTCUSDT, ~530k book events an
//       hour; hyperliquid/BTC has ~14k) loads in the Replay view (`book.replayMarket` of the
//       service's books, its first window of frames and the range's trades, as the view asks for
//       them); the 3.2M events take minutes even alone (~8–9k a second here), so the loaded phase
//       stops at `MDE_BENCH_LOAD_MS` (60 s) unless the replay ends first,
//   (b) an export of 6 h of that market runs (CSV of every type, from the library, ~1 GB; another
//       starts when one ends),
//   (c) the Events view asks for the mixed stream of every market over the last hour of that
//       range, 20,000 events a call (`market.eventsStream`: main follows the service's cursors, a
//       page of 250 at a time, and pushes each page to the window), each call going on from the
//       last event of the one before; an hour, not 6 h, because
//       over 6 h of all markets one service page took ~26 s on an idle app here and over 30 s under
//       load, past the client's per-request limit, so the view would be retrying, not paging;
// beside the same call with nothing else running, in the same run. The probe calls `app.info`
// every 20 ms on its own socket from this thread; the load runs in a worker thread with its own
// socket (the window's), which also times `app.info` behind its traffic.
//
// The hours the load reads are generated before the app starts (the 7 hours of the busy market,
// and every demo market's hours of the same window), and the app's own warm-up (the live hour of
// each market) is let finish before the baseline: the loaded phase measures the app's steady work
// (reading, decoding, paging, rebuilding books, exporting), not the simulator writing hours.
// `MDE_BENCH_COLD=1` skips that pre-generation (the app generates the hours, in its worker, as the
// load asks for them). `MDE_BENCH_LOAD_MS` caps the loaded phase (default 60 s).

const hourMs = 3_600_000;
const busy = { source: 'binance', market: 'BTCUSDT', priceStep: 0.1 };
const eventsSpanMs = hourMs;
const pingEveryMs = 20;
const baselineSamples = 300;
const maxLoadMs = Number(process.env['MDE_BENCH_LOAD_MS'] ?? 60_000);
const cold = process.env['MDE_BENCH_COLD'] === '1';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until the active data source (the embedded demo) reports healthy. */
async function healthy(client: ContractClient, timeoutMs: number): Promise<Health> {
  const deadline = Date.now() + timeoutMs;
  let last: Health | null = null;
  while (Date.now() < deadline) {
    // A call the server never answers must not hold the wait past its deadline.
    last = await Promise.race([client.api.health.check().catch(() => null), sleep(5000).then(() => null)]);
    if (last?.status === 'ok') return last;
    await sleep(500);
  }
  throw new Error(`the data source did not become healthy in ${timeoutMs / 1000} s (last: ${last?.status ?? 'no answer'} ${last?.message ?? ''})`);
}

/** Waits until the demo's warm-up has written the live hour of every market it warms; answers whether it did in time. */
async function warmedUp(userDataDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const folder = join(demoDataDir(userDataDir), demoSeedFolder(defaultDemoSeed));
  while (Date.now() < deadline) {
    const hourStart = Date.now() - (Date.now() % hourMs);
    const { date, hour } = utcDateHour(hourStart);
    const missing = demoDatasets
      .filter((dataset) => dataset.warmUp)
      .filter((dataset) => !existsSync(join(folder, dataset.source, dataset.market, date, `${hourKey(dataset.source, dataset.market, date, hour)}.jsonl.zst`)));
    if (missing.length === 0) return true;
    await sleep(1000);
  }
  return false;
}

/** Starts the load worker on its own socket; resolves once it is connected. */
async function startLoad(plan: LoadPlan): Promise<{ go: () => void; loadEnded: Promise<number>; summary: Promise<LoadSummary>; stop: () => Promise<void> }> {
  const entry = workerEntry(import.meta.url, { sourceFile: './app-info-load-worker.ts', builtFile: 'app-info-load-worker.js' });
  const worker = entry.kind === 'eval' ? new Worker(entry.code, { eval: true, workerData: plan, execArgv: entry.execArgv }) : new Worker(entry.url, { workerData: plan, execArgv: entry.execArgv });
  let connected: () => void = () => {};
  let endLoad: (ms: number) => void = () => {};
  let done: (summary: LoadSummary) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    connected = resolve;
    fail = reject;
  });
  const loadEnded = new Promise<number>((resolve) => (endLoad = resolve));
  const summary = new Promise<LoadSummary>((resolve, reject) => {
    done = resolve;
    const previous = fail;
    fail = (error) => {
      previous(error);
      reject(error);
    };
  });
  summary.catch(() => {});
  worker.on('message', (message: LoadMessage) => {
    if (message.type === 'connected') connected();
    else if (message.type === 'load-ended') endLoad(message.loadMs);
    else if (message.type === 'summary') done(message.summary);
    else fail(new Error(`the load worker failed: ${message.message}`));
  });
  worker.on('error', (error) => fail(error));
  worker.on('exit', (code) => fail(new Error(`the load worker exited (${code})`)));
  await ready;
  return { go: () => worker.postMessage('go'), loadEnded, summary, stop: async () => {
      await worker.terminate();
    },
  };
}

function figures(samples: AppInfoSamples): string {
  const { times } = samples;
  const f = (n: number): string => n.toFixed(1);
  return `${times.length} calls, p50 ${f(quantile(times, 0.5))} ms, p95 ${f(quantile(times, 0.95))} ms, p99 ${f(quantile(times, 0.99))} ms, max ${f(Math.max(...times))} ms${samples.failures.length > 0 ? `, ${samples.failures.length} failed (${samples.failures[0] ?? ''})` : ''}`;
}

/** Runs the figure. */
export async function run(): Promise<void> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-app-info-'));
  // Six complete hours ending with the last complete one (no live hour, which is regenerated as time passes).
  const lastHour = Math.floor(Date.now() / hourMs) * hourMs - hourMs;
  const range = { start: lastHour - 5 * hourMs, end: lastHour + hourMs - 1 };
  const store = new DemoStore({ dataDir: demoDataDir(userDataDir), seed: defaultDemoSeed, now: () => Date.now() });
  let app: BrowserModeApp | null = null;
  let probe: ContractClient | null = null;
  let load: Awaited<ReturnType<typeof startLoad>> | null = null;
  try {
    await store.open();
    const writing = performance.now();
    // The busy market's hours (and the one before the range: the replay starts from a snapshot before it).
    const busyHours = await store.hours(busy.source, busy.market, range.start - hourMs, range.end);
    const libraryRoot = defaultLibraryRoot(userDataDir);
    for (const hour of busyHours) {
      const file = await store.file(hour);
      // The export reads them from the library, as if downloaded.
      const target = libraryPathOf(libraryRoot, hour.key);
      await mkdir(join(target, '..'), { recursive: true });
      await copyFile(file.path, target);
    }
    const busyWritten = (performance.now() - writing) / 1000;
    if (!cold) {
      for (const dataset of store.datasets()) {
        if (dataset.source === busy.source && dataset.market === busy.market) continue;
        for (const hour of await store.hours(dataset.source, dataset.market, range.start, range.end)) await store.file(hour);
      }
    }
    console.log(
      `  (before the app starts: the busy market's ${busyHours.length} hours written in ${busyWritten.toFixed(1)} s and put in the library` +
        (cold ? '; the other markets are left to the app (MDE_BENCH_COLD=1))' : `; every other market's 6 hours in ${((performance.now() - writing) / 1000 - busyWritten).toFixed(1)} s more)`),
    );

    const starting = performance.now();
    app = await startBrowserModeApp(userDataDir, 300_000);
    probe = connectContract(app.url);
    const health = await healthy(probe, 300_000);
    const info = await probe.api.app.info();
    console.log(`  (browser mode up in ${((performance.now() - starting) / 1000).toFixed(1)} s: ${info.mode}, Node ${info.nodeVersion}, source ${health.dataSource} ${health.status})`);
    const warmStarted = performance.now();
    const warm = await warmedUp(userDataDir, 180_000);
    console.log(`  (${warm ? `the app's warm-up of the live hours finished after ${((performance.now() - warmStarted) / 1000).toFixed(1)} s more` : "the app's warm-up had not finished after 180 s; measuring anyway"})`);
    await sleep(2000);

    load = await startLoad({
      url: app.url,
      replay: { ...busy, ...range },
      exported: { source: busy.source, market: busy.market, ...range },
      events: { start: range.end + 1 - eventsSpanMs, end: range.end },
      maxMs: maxLoadMs,
      pingEveryMs,
    });
    // Baseline: the same calls with nothing else running (the load's socket is open, idle).
    await sampleAppInfo(probe.api, { everyMs: pingEveryMs, count: 25 });
    const idle = await sampleAppInfo(probe.api, { everyMs: pingEveryMs, count: baselineSamples });

    let loadOver = false;
    // Over when the worker says so, or when it failed (its summary then rejects).
    void load.loadEnded.then(() => (loadOver = true));
    load.summary.catch(() => (loadOver = true));
    load.go();
    const loaded = await sampleAppInfo(probe.api, { everyMs: pingEveryMs, stop: () => loadOver });
    const summary = await load.summary;

    console.log(`  idle:   ${figures(idle)}`);
    console.log(`  loaded: ${figures(loaded)} (over ${(summary.loadMs / 1000).toFixed(1)} s)`);
    console.log(`  loaded, on the loading socket: ${figures(summary.sameSocket)}`);
    const r = summary.replay;
    const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(
      `  (replay of ${busy.source}/${busy.market} ${new Date(range.start).toISOString()} to ${new Date(range.end + 1).toISOString()}: ` +
        (r.ended ? `${r.ok === true ? 'loaded' : `ended (${r.error ?? 'failed'})`} in ${((r.endedAtMs ?? 0) / 1000).toFixed(1)} s` : `still loading when the load stopped${r.error === null ? '' : ` (${r.error})`}`) +
        `, ${(r.progress?.events ?? 0).toLocaleString('en-US')} events (${Math.round((r.progress?.events ?? 0) / ((r.endedAtMs ?? summary.loadMs) / 1000)).toLocaleString('en-US')} a second), ${(r.progress?.frames ?? 0).toLocaleString('en-US')} frames, ${r.progress?.pages ?? 0} pages; ` +
        `first books after ${r.firstEntriesAtMs === null ? '—' : `${(r.firstEntriesAtMs / 1000).toFixed(1)} s`}, first window ${r.windowMs === null ? (r.windowError ?? '—') : `${r.windowMs.toFixed(0)} ms`}; ` +
        `trades ${summary.trades.rows === null ? summary.trades.error ?? `not all loaded (${summary.trades.sofar.toLocaleString('en-US')} so far)` : `${summary.trades.rows.toLocaleString('en-US')} in ${((summary.trades.ms ?? 0) / 1000).toFixed(1)} s`})`,
    );
    const e = summary.exports;
    console.log(
      `  (exports: ${e.started} started, ${e.done} done (${e.rows.toLocaleString('en-US')} rows, ${mb(e.bytes)} CSV)` +
        (e.runningRows > 0 || e.runningFraction > 0 ? `, the running one at ${e.runningRows.toLocaleString('en-US')} rows, ${(e.runningFraction * 100).toFixed(0)} % read` : '') +
        `${e.failures.length > 0 ? `; failures: ${e.failures.slice(0, 3).join(' | ')}` : ''})`,
    );
    const v = summary.events;
    console.log(
      `  (events: ${v.calls} calls answered (${v.items.toLocaleString('en-US')} events, ${v.truncated} cut at the cap${v.calls > 0 ? `, slowest ${(v.slowestMs / 1000).toFixed(1)} s` : ''}), ${v.pages} service pages in all` +
        (v.runningRows > 0 ? `, the running call at ${v.runningRows.toLocaleString('en-US')} events` : '') +
        `${v.failures.length > 0 ? `; ${v.failures.length} failed: ${v.failures.slice(0, 3).join(' | ')}` : ''})`,
    );
    console.log(`  (push events on the loading socket: ${Object.entries(summary.eventCounts).map(([channel, count]) => `${channel} ${count}`).join(', ') || 'none'})`);
    const base = idle.times;
    const under = loaded.times;
    report({ name: 'app.info round trip under load, p99, ms', value: quantile(under, 0.99), unit: 'ms', baselineName: 'idle p99', baseline: quantile(base, 0.99), higherIsBetter: false, target: '< 50 ms' });
    report({ name: 'app.info round trip under load, p95, ms', value: quantile(under, 0.95), unit: 'ms', baselineName: 'idle p95', baseline: quantile(base, 0.95), higherIsBetter: false, target: 'report it' });
    report({ name: 'app.info round trip under load, p50, ms', value: quantile(under, 0.5), unit: 'ms', baselineName: 'idle p50', baseline: quantile(base, 0.5), higherIsBetter: false, target: 'report it' });
    report({ name: 'app.info round trip under load, max, ms', value: Math.max(...under), unit: 'ms', baselineName: 'idle max', baseline: Math.max(...base), higherIsBetter: false, target: 'report it' });
    report({ name: 'app.info on the loading socket, p99, ms', value: quantile(summary.sameSocket.times, 0.99), unit: 'ms', baselineName: 'idle p99', baseline: quantile(base, 0.99), higherIsBetter: false, target: 'report it' });
  } catch (error) {
    if (app !== null) console.error(`  the app printed:\n${app.output()}`);
    throw error;
  } finally {
    await load?.stop();
    probe?.close();
    await app?.stop();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

import { join } from 'node:path';
import type { ApiKeyGrant } from './access-policy.ts';
import { startLocalService, type LocalService, type LocalServiceOptions } from './local-service.ts';
import { DemoStore } from './store/demo-store.ts';
import { decodeHourFile } from './store/decode-hour-file.ts';
import { DirectoryStore } from './store/directory-store.ts';
import type { MarketDataStore } from './store/market-data-store.ts';
import { SyntheticCatalogStore } from './store/synthetic-catalog-store.ts';
import { syntheticMarkets } from './store/synthetic-markets.ts';
import { quietMoment } from './service-activity.ts';
import { readRecentHours } from './recent-reads.ts';
import { WorkerHourGenerator } from './simulator/hour-generator.ts';

/** How long the service must have served nothing before the warm-up generates its next file. */
const warmQuietMs = 1_500;
/** How long the service must have served nothing before building the next hour ahead of demand (`pregenerate`): minutes of work, done only while the client is idle. */
const pregenerateQuietMs = 10_000;
/** How often `keepLiveFresh` rebuilds the demo's live hours, and the age of a version it rebuilds. */
const liveRefreshEveryMs = 4 * 60_000;
const liveRefreshOlderThanMs = 3 * 60_000;
/** The trades-only decodes kept by an app that keeps its live hours fresh: every market's live and last hour (~30 MB at an hour's end), until the next refresh. */
const keptTradeDecodes = { maxBytes: 64 * 1024 * 1024, idleMs: 5 * 60_000 };

export { defaultDemoSeed } from './demo-seed.ts';

/** Where the embedded service's data comes from. */
export type EmbeddedData = { kind: 'demo'; dataDir: string; seed: number } | { kind: 'directory'; root: string };

/** Options of an embedded (or standalone `mde serve`) service. */
export interface EmbeddedServiceOptions {
  data: EmbeddedData;
  keys?: readonly ApiKeyGrant[];
  port?: number;
  /** Generate the live and previous hour of every demo dataset in the background after start. */
  warm?: boolean;
  /**
   * With `warm`: demo datasets whose live hour is generated at once on start, before the rest
   * (the user's recently viewed markets, which are likely to be opened first).
   */
  warmFirst?: readonly { source: string; market: string }[];
  /**
   * With `warm`: rebuild the demo's live hours every few minutes in quiet moments (the app), and
   * read what a query over the last ten minutes needs first (`recent-reads.ts`), so that its first
   * page finds them on disk and read rather than waiting for a rebuild and whole-file reads.
   */
  keepLiveFresh?: boolean;
  /**
   * With `warm`: after the warm-up, build the busy market's complete hours of today and the
   * previous UTC day while no request has come for 10 s, one at a time, newest first (`DemoStore.pregenerate`), so
   * the last whole day's `/download` manifest and a replay over it find their files on disk.
   */
  pregenerate?: boolean;
  /** Demo hours generated at once, each in a worker thread of its own (the cores, at most 4, by default). */
  generationWorkers?: number;
  /** Catalog-only synthetic markets added after the data's own (`mde serve --extra-markets N`); 0 by default. */
  extraMarkets?: number;
  extra?: Omit<LocalServiceOptions, 'store' | 'keys' | 'port'>;
}

/** A running embedded service; over a folder, its `DirectoryStore` too (to rescan it and read what it holds). */
export interface EmbeddedService extends LocalService {
  /** The folder's store when the data is a directory; null for the demo. */
  readonly directory: DirectoryStore | null;
}

/** The demo data folder inside the user-data directory. */
export function demoDataDir(userDataDir: string): string {
  return join(userDataDir, 'demo-data');
}

/**
 * Starts the local Market Data Service over the simulated demo (generated into the user-data
 * folder on first use) or over a folder of the user's own snapshot files.
 */
export async function startEmbeddedService(options: EmbeddedServiceOptions): Promise<EmbeddedService> {
  const now = options.extra?.now ?? Date.now;
  let store: MarketDataStore;
  let warm: ((signal: AbortSignal, beforeEachFile: () => Promise<void>) => Promise<void>) | null = null;
  let warmFirst: ((signal: AbortSignal) => Promise<void>) | null = null;
  let refreshLive: ((signal: AbortSignal, beforeEachFile: () => Promise<void>) => Promise<void>) | null = null;
  let pregenerate: ((signal: AbortSignal, beforeEachFile: () => Promise<void>) => Promise<void>) | null = null;
  let generator: WorkerHourGenerator | null = null;
  let directory: DirectoryStore | null = null;
  if (options.data.kind === 'demo') {
    // Simulated hours are built in a worker thread, off the event loop that serves requests.
    generator = new WorkerHourGenerator(undefined, options.generationWorkers === undefined ? {} : { workers: options.generationWorkers });
    // Kept fresh, the live hours' trades (read after each refresh) are kept until the next one.
    const tradeDecodes = options.keepLiveFresh === true ? { tradeDecodes: keptTradeDecodes } : {};
    const demo = new DemoStore({ dataDir: options.data.dataDir, seed: options.data.seed, now, generate: generator.generate, ...tradeDecodes });
    await demo.open();
    store = demo;
    warm = (signal, beforeEachFile) => demo.warm(signal, beforeEachFile);
    const first = options.warmFirst ?? [];
    warmFirst = (signal) => demo.warmLive(first, signal);
    if (options.pregenerate === true) pregenerate = (signal, beforeEachFile) => demo.pregenerate(signal, beforeEachFile);
    if (options.keepLiveFresh === true) {
      refreshLive = async (signal, beforeEachFile) => {
        await demo.refreshLive(signal, liveRefreshOlderThanMs, beforeEachFile);
        await beforeEachFile();
        if (!signal.aborted) await readRecentHours(demo, now());
      };
    }
  } else {
    directory = new DirectoryStore(options.data.root, decodeHourFile);
    await directory.scan();
    store = directory;
  }
  const extraMarkets = options.extraMarkets ?? 0;
  if (extraMarkets > 0) store = new SyntheticCatalogStore(store, syntheticMarkets(extraMarkets), now);
  const service = await startLocalService({
    ...options.extra,
    store,
    keys: options.keys ?? [],
    // The demo's data is the simulator's: its /health says so to every client.
    simulated: options.data.kind === 'demo',
    ...(options.port !== undefined ? { port: options.port } : {}),
  });
  const stopGenerator = async (): Promise<void> => {
    await generator?.close();
  };
  if (options.warm !== true || warm === null) {
    return { ...service, directory, close: async () => Promise.all([service.close(), stopGenerator()]).then(() => undefined) };
  }
  // Warm up a moment after start, so the first requests are not queued behind generation, and
  // stop (between files) when the service closes.
  const stop = new AbortController();
  const startWarm = warm;
  const firstWarming = warmFirst === null ? Promise.resolve() : warmFirst(stop.signal).catch(() => {});
  let warming: Promise<void> = Promise.resolve();
  const quiet = (): Promise<void> => quietMoment(service.activity, warmQuietMs, stop.signal);
  const refresh = refreshLive;
  const ahead = pregenerate;
  let pregenerating: Promise<void> = Promise.resolve();
  const timer = setTimeout(() => {
    // Each file waits until no request has been served for a moment: warming never competes with
    // one. Kept fresh, the live hours the warm-up skips (the busy market's) are built right after.
    const warmed = startWarm(stop.signal, quiet).catch(() => {});
    warming = warmed.then(() => (refresh === null || stop.signal.aborted ? undefined : refresh(stop.signal, quiet))).catch(() => {});
    // Its own chain beside the refreshes (which must not wait minutes behind it), one hour at a time.
    const idle = (): Promise<void> => quietMoment(service.activity, pregenerateQuietMs, stop.signal);
    if (ahead !== null) pregenerating = warmed.then(() => (stop.signal.aborted ? undefined : ahead(stop.signal, idle))).catch(() => {});
  }, 2000);
  timer.unref();
  const refreshTimer =
    refresh === null
      ? null
      : setInterval(() => {
          // One refresh at a time, after the warm-up, between requests.
          warming = warming.then(() => (stop.signal.aborted ? undefined : refresh(stop.signal, quiet))).catch(() => {});
        }, liveRefreshEveryMs);
  refreshTimer?.unref();
  return {
    ...service,
    directory,
    close: async () => {
      clearTimeout(timer);
      if (refreshTimer !== null) clearInterval(refreshTimer);
      stop.abort();
      await Promise.all([firstWarming, warming]);
      // A busy hour being built ahead is not waited for: closing the generator ends it.
      await Promise.all([service.close(), stopGenerator()]);
      await pregenerating;
    },
  };
}

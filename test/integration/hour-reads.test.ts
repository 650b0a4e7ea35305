import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { existsSync } from 'node:fs';
import { startEmbeddedService } from '../../electron/server/embedded-service.ts';
import { DemoStore, demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { DirectoryStore, type HourDecoder } from '../../electron/server/store/directory-store.ts';
import { pageRows } from '../../electron/server/rows/row-pager.ts';
import type { RowKind } from '../../shared/rows/row-kinds.ts';
import { generateInProcess, type HourGenerator } from '../../electron/server/simulator/hour-generator.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { fixtureText } from '../unit/snapshot/decode-helpers.ts';

// How the local service reads hour files: only the line types a query is built from, each
// decode once however many requests want it at the same moment, and (for the demo) the hours a
// query will need generated ahead while earlier ones are read.

const hourMs = 3_600_000;
const trades: ReadonlySet<string> = new Set(['trade']);

describe('reading hours from a folder of files', () => {
  let root: string;
  let decodes: { path: string; lineTypes: string[] | null }[];
  let store: DirectoryStore;
  const counting: HourDecoder = (path, lineTypes) => {
    decodes.push({ path, lineTypes: lineTypes === undefined ? null : [...lineTypes] });
    return decodeHourFile(path, lineTypes);
  };
  const path = (): string => join(root, 'aster', 'ETH-USDT', '2024-06-01', 'standard-aster-ETH-USDT-2024-06-01-00.jsonl.zst');

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'mde-hour-reads-'));
    await mkdir(join(root, 'aster', 'ETH-USDT', '2024-06-01'), { recursive: true });
    await writeFile(path(), compressZstdFrame(new TextEncoder().encode(fixtureText('v2-book-trades.jsonl'))));
    decodes = [];
    store = new DirectoryStore(root, counting);
    await store.scan();
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function theHour() {
    const [hour] = await store.hours('aster', 'ETH-USDT', Date.UTC(2024, 5, 1), Date.UTC(2024, 5, 1, 1));
    if (hour === undefined) throw new Error('the fixture hour is not indexed');
    return hour;
  }

  it('reads only the trades when a query needs only trades', async () => {
    const decoded = await store.readHour(await theHour(), trades);
    // The fixture's trades are lines 4, 5 and 7, read in file (arrival) order: line 5 (…250) steps
    // back from line 4 (…300) but still comes after it, never sorted by collector time.
    expect([...decoded.records].map((record) => [record.type, record.line])).toEqual([
      ['trade', 4],
      ['trade', 5],
      ['trade', 7],
    ]);
    expect(decodes).toEqual([{ path: path(), lineTypes: ['trade'] }]);
  });

  it('a page of each row kind reads only the lines that kind is built from', async () => {
    // Candles are built from trades; quote rows come from `record` lines (spec: quote ladders).
    const expected: [RowKind[], string[]][] = [
      [['ohlcv'], ['trade']],
      [['trade'], ['trade']],
      [['l2_update'], ['orderbook']],
      [['funding_rate'], ['perpetual_ticker', 'point']],
      [['option_ticker'], ['option_ticker']],
      [['intent'], ['intent']],
      [['quote'], ['record']],
      [['trade', 'intent'], ['trade', 'intent']],
    ];
    for (const [kinds, lineTypes] of expected) {
      decodes = [];
      store = new DirectoryStore(root, counting);
      await store.scan();
      const range = { start: Date.UTC(2024, 5, 1), end: Date.UTC(2024, 5, 1, 1) };
      await pageRows(store, { kinds, datasets: [{ source: 'aster', market: 'ETH-USDT' }], range, instrument: undefined, limit: 100, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: false } });
      expect(decodes.map((decode) => decode.lineTypes?.sort())).toEqual([lineTypes.sort()]);
    }
  });

  it('decodes an hour once for requests that want it at the same moment', async () => {
    const hour = await theHour();
    const [a, b, c] = await Promise.all([store.readHour(hour, trades), store.readHour(hour, trades), store.readHour(hour, new Set(['trade']))]);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(decodes).toHaveLength(1);
  });

  it('a whole decode serves any later query; a partial one does not serve a whole read', async () => {
    const hour = await theHour();
    await store.readHour(hour, trades);
    const whole = await store.readHour(hour);
    expect(whole.records).toHaveLength(7);
    expect(decodes).toHaveLength(2);
    expect(await store.readHour(hour, trades)).toBe(whole);
    expect(await store.readHour(hour, new Set(['orderbook']))).toBe(whole);
    expect(decodes).toHaveLength(2);
  });

  it('a file rewritten on disk is decoded again', async () => {
    const hour = await theHour();
    await store.readHour(hour, trades);
    const shorter = fixtureText('v2-book-trades.jsonl').split('\n').slice(0, 5).join('\n');
    await writeFile(path(), compressZstdFrame(new TextEncoder().encode(`${shorter}\n`)));
    const again = await store.readHour(hour, trades);
    // The shorter file's trades, lines 4 and 5, in its line order.
    expect([...again.records].map((record) => record.line)).toEqual([4, 5]);
    expect(decodes).toHaveLength(2);
  });
});

describe('the demo generates the hours a query will read ahead of the reads', () => {
  let dir: string;
  let generated: string[];
  const generate: HourGenerator = (seed, dataset, hourStart, until) => {
    generated.push(`${new Date(hourStart).toISOString().slice(11, 13)}h${until === Number.POSITIVE_INFINITY ? '' : ' (live)'}`);
    return generateInProcess(seed, dataset, hourStart, until);
  };
  // 10:30 UTC: the live hour is 10h.
  const now = Date.UTC(2026, 10, 20, 10, 30);

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-prefetch-'));
    generated = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('starts on at most three missing hours, oldest first, and on a restart only on the live hour', async () => {
    const first = new DemoStore({ dataDir: dir, seed: 5, now: () => now, historyDays: 1, generate });
    await first.open();
    const refs = await first.hours('hyperliquid', 'BTC', now - 5 * hourMs, now);
    expect(refs.map((ref) => ref.hour)).toEqual([5, 6, 7, 8, 9, 10]);
    first.prefetch(refs);
    await vi.waitFor(() => expect(generated).toEqual(['05h', '06h', '07h']));
    for (const ref of refs) await first.file(ref);
    expect(generated).toEqual(['05h', '06h', '07h', '08h', '09h', '10h (live)']);

    // A restart ten minutes later: the complete hours are on disk; the live one has grown.
    const later = now + 10 * 60_000;
    const restarted = new DemoStore({ dataDir: dir, seed: 5, now: () => later, historyDays: 1, generate });
    await restarted.open();
    generated = [];
    const laterRefs = await restarted.hours('hyperliquid', 'BTC', later - 5 * hourMs, later);
    restarted.prefetch(laterRefs);
    await vi.waitFor(() => expect(generated).toEqual(['10h (live)']));
    // The prefetch's file is written before the folder is removed (a read joins the generation under way).
    const live = laterRefs.at(-1);
    if (live !== undefined) await restarted.file(live);
    expect(generated).toEqual(['10h (live)']);
  });

  it('a live hour whose data reaches what a query reads is not rebuilt for the query\'s later pages, however old; a read past it is', async () => {
    let clock = now;
    const store = new DemoStore({ dataDir: dir, seed: 5, now: () => clock, historyDays: 1, liveRefreshMs: 5_000, generate });
    await store.open();
    const [live] = await store.hours('hyperliquid', 'BTC', now, now + 1);
    if (live === undefined) throw new Error('no live hour');
    // A ten-minute query ending now: its first page builds the live hour up to now (10:30:00).
    const range = { start: now - 10 * 60_000, end: now };
    const page = () => pageRows(store, { kinds: ['trade'], datasets: [{ source: 'hyperliquid', market: 'BTC' }], range, instrument: undefined, limit: 5, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } });
    const first = await page();
    expect(first.rows).toHaveLength(5);
    expect(generated).toEqual(['10h (live)']);
    // Its later pages come a minute on, long past the refresh: the data reaches the range's end, nothing is rebuilt.
    clock = now + 60_000;
    expect((await page()).rows).toEqual(first.rows);
    await store.readHour(live, new Set(['trade']), range.end);
    expect(generated).toEqual(['10h (live)']);
    // A read that needs data past 10:30 (or says nothing of what it needs) gets the hour rebuilt to 10:31.
    await store.readHour(live, new Set(['trade']), now + 30_000);
    expect(generated).toEqual(['10h (live)', '10h (live)']);
    clock = now + 120_000;
    await store.readHour(live, new Set(['trade']));
    expect(generated).toEqual(['10h (live)', '10h (live)', '10h (live)']);
  });

  it('the general warm-up waits before each file for what the service says (a quiet moment)', async () => {
    const store = new DemoStore({ dataDir: dir, seed: 5, now: () => now, historyDays: 1, generate });
    await store.open();
    const stop = new AbortController();
    let waits = 0;
    await store.warm(stop.signal, () => {
      waits++;
      // Two files in, the service closes: the warm-up stops before a third.
      if (waits === 3) stop.abort();
      return Promise.resolve();
    });
    expect(waits).toBe(3);
    expect(generated).toEqual(['10h (live)', '10h (live)']);
  });

  it('warms the live hour of the markets named, in order, skipping any the demo lacks', async () => {
    const store = new DemoStore({ dataDir: dir, seed: 5, now: () => now, historyDays: 1, generate });
    await store.open();
    await store.warmLive([{ source: 'hyperliquid', market: 'ETH' }, { source: 'nowhere', market: 'X' }, { source: 'hyperliquid', market: 'BTC' }], new AbortController().signal);
    expect(generated).toEqual(['10h (live)', '10h (live)']);
    const stopped = new AbortController();
    stopped.abort();
    await store.warmLive([{ source: 'hyperliquid', market: 'SOL' }], stopped.signal);
    expect(generated).toHaveLength(2);
  });

  it('keeps the live hours recent: every dataset\'s (the busy one too) once its version is three minutes old, and an ended hour served live is rebuilt whole', async () => {
    let clock = now;
    const built: string[] = [];
    // Only which hours are rebuilt matters here: an empty file stands for each.
    const cheap: HourGenerator = (_seed, dataset, hourStart, until) => {
      built.push(`${dataset.source}/${dataset.market} ${new Date(hourStart).toISOString().slice(11, 13)}h${until === Number.POSITIVE_INFINITY ? '' : ` to ${new Date(until).toISOString().slice(11, 16)}`}`);
      return Promise.resolve(compressZstdFrame(new Uint8Array()));
    };
    const store = new DemoStore({ dataDir: dir, seed: 5, now: () => clock, historyDays: 1, generate: cheap });
    await store.open();
    const all = store.datasets().map((dataset) => `${dataset.source}/${dataset.market}`);
    expect(all).toContain('binance/BTCUSDT');
    let waits = 0;
    const quiet = (): Promise<void> => {
      waits++;
      return Promise.resolve();
    };
    await store.refreshLive(new AbortController().signal, 3 * 60_000, quiet);
    expect(built).toEqual(all.map((name) => `${name} 10h to 10:30`));
    expect(waits).toBe(all.length);
    // Two minutes on, every version is recent enough; four minutes on, none is.
    built.length = 0;
    clock = now + 2 * 60_000;
    await store.refreshLive(new AbortController().signal, 3 * 60_000, quiet);
    expect(built).toEqual([]);
    clock = now + 4 * 60_000;
    await store.refreshLive(new AbortController().signal, 3 * 60_000, quiet);
    expect(built).toEqual(all.map((name) => `${name} 10h to 10:34`));
    // Past the hour: the hour that was live is rebuilt whole, then the new live hour is built.
    built.length = 0;
    clock = Date.UTC(2026, 10, 20, 11, 1);
    await store.refreshLive(new AbortController().signal, 3 * 60_000, quiet);
    expect(built).toEqual(all.flatMap((name) => [`${name} 10h`, `${name} 11h to 11:01`]));
    // Stopped: nothing more is built once the signal is aborted.
    built.length = 0;
    clock = Date.UTC(2026, 10, 20, 11, 9);
    const stop = new AbortController();
    await store.refreshLive(stop.signal, 3 * 60_000, () => {
      if (built.length === 2) stop.abort();
      return Promise.resolve();
    });
    expect(built).toHaveLength(2);
  });

  it('the embedded service generates the first-warmed markets\' live hour on start, ahead of the general warm-up', async () => {
    // The general warm-up (after a delay) goes through every dataset from hyperliquid/BTC on, in
    // one worker; binance/XRP-USDT comes 13th. Warmed first, its live hour is written before BTC's.
    const service = await startEmbeddedService({ data: { kind: 'demo', dataDir: dir, seed: 5 }, warm: true, warmFirst: [{ source: 'binance', market: 'XRP-USDT' }], extra: { now: () => now } });
    const liveFile = (source: string, market: string): string => join(dir, demoSeedFolder(5), source, market, '2026-11-20', `standard-${source}-${market}-2026-11-20-10.jsonl.zst`);
    try {
      await vi.waitFor(() => expect(existsSync(liveFile('binance', 'XRP-USDT'))).toBe(true), { timeout: 30_000 });
      expect(existsSync(liveFile('hyperliquid', 'BTC'))).toBe(false);
    } finally {
      await service.close();
    }
  });
});

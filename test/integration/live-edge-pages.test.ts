import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RowMerge, type RowPage, type RowQuery } from '../../electron/server/rows/row-pager.ts';
import type { ServedRow } from '../../electron/server/rows/hour-rows.ts';
import { DemoStore } from '../../electron/server/store/demo-store.ts';
import { decodeHourFile } from '../../electron/server/store/decode-hour-file.ts';
import { generateInProcess, type HourGenerator } from '../../electron/server/simulator/hour-generator.ts';
import type { RowKind } from '../../shared/rows/row-kinds.ts';

// A query's first page reads the demo's live hour as it is on disk when that version reaches a
// minute into the range (no rebuild before the first rows), stops where that version's data ends,
// and its next page reads the hour rebuilt to now. What the client is served must not depend on it.

const minute = 60_000;
const at = Date.UTC(2026, 10, 20, 10, 30);
const datasets = [
  { source: 'hyperliquid', market: 'BTC' },
  { source: 'hyperliquid', market: 'ETH' },
];
const kinds: RowKind[] = ['trade', 'l2_update', 'funding_rate', 'ohlcv'];
const limit = 700;

interface Served {
  kind: RowKind;
  row: ServedRow;
}

describe('the first page of a query over the live hour', () => {
  let dirs: string[];
  let generated: string[];
  const generate: HourGenerator = (seed, dataset, hourStart, until) => {
    generated.push(`${dataset.market} ${new Date(hourStart).toISOString().slice(11, 13)}h${until === Number.POSITIVE_INFINITY ? '' : ` to ${new Date(until).toISOString().slice(11, 19)}`}`);
    return generateInProcess(seed, dataset, hourStart, until);
  };

  beforeEach(() => {
    dirs = [];
    generated = [];
  });
  afterEach(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function demoAt(clock: { now: number }, dir?: string, build: HourGenerator = generate): Promise<DemoStore> {
    const folder = dir ?? (await mkdtemp(join(tmpdir(), 'mde-live-edge-')));
    if (dir === undefined) dirs.push(folder);
    const store = new DemoStore({ dataDir: folder, seed: 7, now: () => clock.now, historyDays: 1, liveRefreshMs: 5_000, generate: build });
    await store.open();
    return store;
  }

  /** The live hour of each dataset, built now. */
  async function buildLive(store: DemoStore, now: number): Promise<string[]> {
    const paths: string[] = [];
    for (const { source, market } of datasets) {
      const [live] = await store.hours(source, market, now, now + 1);
      if (live === undefined) throw new Error('no live hour');
      paths.push((await store.file(live)).path);
    }
    return paths;
  }

  /** Every page of the query through one merge, as the service serves a client following its cursors. */
  async function allPages(store: DemoStore, query: Omit<RowQuery, 'limit'>): Promise<RowPage[]> {
    const merge = new RowMerge(store, query);
    const pages: RowPage[] = [];
    for (let page = await merge.page(limit); ; page = await merge.page(limit)) {
      pages.push(page);
      if (!page.hasMore) return pages;
      if (pages.length > 500) throw new Error('the pages never end');
    }
  }

  it('is served from the version on disk, stops where it ends, and the pages equal a read of the rebuilt hour', async () => {
    const clock = { now: at };
    const store = await demoAt(clock);
    // The live hour was built at 10:30 (a warm-up, an earlier query); five minutes later a query asks for 10:26–10:35.
    for (const { source, market } of datasets) {
      const [live] = await store.hours(source, market, at, at + 1);
      if (live === undefined) throw new Error('no live hour');
      await store.file(live);
    }
    expect(generated).toEqual(['BTC 10h to 10:30:00', 'ETH 10h to 10:30:00']);
    clock.now = at + 5 * minute;
    const range = { start: at - 4 * minute, end: at + 5 * minute };
    const query = { kinds, datasets, range, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } };

    const merge = new RowMerge(store, query);
    const first = await merge.page(limit);
    // The first page needed nothing rebuilt: its rows come from the 10:30 version.
    expect(first.rows).toHaveLength(limit);
    expect(generated).toHaveLength(2);
    const pages: RowPage[] = [first];
    for (let page = await merge.page(limit); ; page = await merge.page(limit)) {
      pages.push(page);
      if (!page.hasMore) break;
    }
    const served: Served[] = pages.flatMap((page) => page.rows);
    const rebuilt = generated.slice(2).sort();

    // Oracle 1: the same query on a demo that builds the hour to 10:35 before its first page.
    const fresh = await demoAt({ now: at + 5 * minute });
    const whole: Served[] = (await allPages(fresh, query)).flatMap((page) => page.rows);
    expect(served.length).toBe(whole.length);
    expect(served).toEqual(whole);

    // Oracle 2 (independent of the pager): every trade of the rebuilt files in the range, from a plain decode.
    const expected: string[] = [];
    for (const { source, market } of datasets) {
      const [live] = await store.hours(source, market, at, at + 1);
      if (live === undefined) throw new Error('no live hour');
      const file = await store.file(live);
      for (const record of await decodeHourFile(file.path, new Set(['trade']))) {
        if (record.type === 'trade' && record.collectorTimestamp >= range.start && record.collectorTimestamp <= range.end) expected.push(`${market} ${record.collectorTimestamp} ${record.price} ${record.quantity}`);
      }
    }
    const trades = served.flatMap(({ kind, row }) => (kind === 'trade' && 'price' in row && 'quantity' in row ? [`${row.market} ${row.collector_timestamp} ${row.price} ${row.quantity}`] : []));
    expect(trades.length).toBeGreaterThan(100);
    expect([...trades].sort()).toEqual(expected.sort());

    // One page stopped short where the 10:30 version ends (10:29:59.96 on), and the hour was then rebuilt to 10:35.
    const short = pages.findIndex((page) => page.hasMore && page.rows.length < limit);
    expect(short).toBeGreaterThanOrEqual(0);
    const lastBeforeEdge = pages[short]?.rows.at(-1)?.row.collector_timestamp ?? Number.NaN;
    expect(lastBeforeEdge).toBeLessThan(at);
    expect(lastBeforeEdge).toBeGreaterThan(at - minute);
    expect(rebuilt).toEqual(['BTC 10h to 10:35:00', 'ETH 10h to 10:35:00']);
  });

  it('an hour that has just ended is served from its last live version, then rebuilt whole; the pages equal a fresh read', async () => {
    const clock = { now: at + 28 * minute };
    const store = await demoAt(clock);
    for (const { source, market } of datasets) {
      const [live] = await store.hours(source, market, clock.now, clock.now + 1);
      if (live !== undefined) await store.file(live);
    }
    expect(generated).toEqual(['BTC 10h to 10:58:00', 'ETH 10h to 10:58:00']);
    clock.now = at + 31 * minute;
    // 10:55–11:01 at 11:01: hour 10 is over, but its 10:58 version holds the first page.
    const range = { start: at + 25 * minute, end: at + 31 * minute };
    const query = { kinds, datasets, range, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } };
    const merge = new RowMerge(store, query);
    const pages = [await merge.page(limit)];
    expect(generated.slice(2).sort()).toEqual(['BTC 11h to 11:01:00', 'ETH 11h to 11:01:00']);
    while (pages.at(-1)?.hasMore === true) pages.push(await merge.page(limit));
    expect(generated.slice(4).sort()).toEqual(['BTC 10h', 'ETH 10h']);
    const served = pages.flatMap((page) => page.rows);
    const whole = (await allPages(await demoAt({ now: at + 31 * minute }), query)).flatMap((page) => page.rows);
    expect(served).toEqual(whole);
  });

  it('after a restart, the version the last run wrote serves the first page; a file older than its marker (a run stopped between the two) does not', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mde-live-edge-'));
    dirs.push(dir);
    const clock = { now: at };
    const paths = await buildLive(await demoAt(clock, dir), at);
    clock.now = at + 3 * minute;
    const range = { start: at - 5 * minute, end: at + 3 * minute };
    const query = { kinds, datasets, range, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } };
    const restarted = await demoAt(clock, dir);
    expect((await new RowMerge(restarted, query).page(limit)).rows).toHaveLength(limit);
    expect(generated).toHaveLength(2);
    // The ETH marker is now newer than its file: that version is not trusted, and is rebuilt.
    const ethPath = paths[1] ?? '';
    const old = new Date(Date.now() - 60_000);
    await utimes(ethPath, old, old);
    const again = await demoAt(clock, dir);
    expect((await new RowMerge(again, query).page(limit)).rows).toHaveLength(limit);
    expect(generated.slice(2)).toEqual(['ETH 10h to 10:33:00']);
  });

  it('a first page does not wait for a newer version being built when the one on disk reaches it', async () => {
    const clock = { now: at };
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Builds after the first two wait until released: a slow rebuild of the hour under way.
    const slow: HourGenerator = async (seed, dataset, hourStart, until) => {
      if (generated.length >= 2) await held;
      return generate(seed, dataset, hourStart, until);
    };
    const store = await demoAt(clock, undefined, slow);
    await buildLive(store, at);
    clock.now = at + 5 * minute;
    const rebuilding = buildLive(store, at);
    const range = { start: at - 4 * minute, end: at + 5 * minute };
    const first = await new RowMerge(store, { kinds, datasets, range, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } }).page(limit);
    expect(first.rows).toHaveLength(limit);
    release();
    await rebuilding;
  });

  it('a range ending now, past the last whole second any version reaches, pages to its end (no stop at a live edge once rebuilt)', async () => {
    const clock = { now: at };
    const store = await demoAt(clock);
    await buildLive(store, at);
    // 10:34:00–10:35:00.600 at 10:35:00.600: rebuilt to 10:35:00, the data ends 600 ms before the range does.
    clock.now = at + 5 * minute + 600;
    const range = { start: at + 4 * minute, end: clock.now };
    const query = { kinds, datasets, range, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } };
    const pages = await allPages(store, query);
    const whole = (await allPages(await demoAt({ now: clock.now }), query)).flatMap((page) => page.rows);
    expect(pages.flatMap((page) => page.rows)).toEqual(whole);
    expect(whole.length).toBeGreaterThan(limit);
  });

  it('a version that does not reach a minute into the range is rebuilt before the first page', async () => {
    const clock = { now: at };
    const store = await demoAt(clock);
    for (const { source, market } of datasets) {
      const [live] = await store.hours(source, market, at, at + 1);
      if (live !== undefined) await store.file(live);
    }
    clock.now = at + 12 * minute;
    // 10:33–10:42: the 10:30 version holds none of it.
    const range = { start: at + 3 * minute, end: at + 12 * minute };
    const first = await new RowMerge(store, { kinds, datasets, range, instrument: undefined, after: undefined, options: { latestHourFunding: false, candlesByCollectorTime: true } }).page(limit);
    expect(first.rows).toHaveLength(limit);
    expect(generated.slice(2).sort()).toEqual(['BTC 10h to 10:42:00', 'ETH 10h to 10:42:00']);
    expect(first.rows[0]?.row.collector_timestamp).toBeGreaterThanOrEqual(range.start);
  });
});

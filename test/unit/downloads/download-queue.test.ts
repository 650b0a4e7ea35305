import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DownloadQueue as QueueView } from '../../../shared/contract/library-schemas.ts';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { MarketDataError } from '../../../electron/host/client/market-data-error.ts';
import { DownloadJournal } from '../../../electron/host/downloads/download-journal.ts';
import { DownloadQueue, type DownloadLinks, type DownloadQueueOptions } from '../../../electron/host/downloads/download-queue.ts';
import type { SnapshotTransfer } from '../../../electron/host/downloads/transfer-types.ts';
import { SnapshotLibrary } from '../../../electron/host/library/snapshot-library.ts';
import { flushQueue, handLinks, HandTransfers } from '../../support/hand-transfers.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

const keyOf = (hour: number, date = '2026-03-01'): string => `standard-demo-BTC-${date}-${String(hour).padStart(2, '0')}`;

const flush = flushQueue;

const temp = useTempDirs();

async function setUp(options: Partial<DownloadQueueOptions> = {}) {
  const userData = await temp();
  const root = join(userData, 'library');
  const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0) });
  const transfers = new HandTransfers();
  const links = options.links ?? handLinks();
  const clock = { now: 0 };
  const timers: { run: () => void; at: number; cancelled: boolean }[] = [];
  const emitted: QueueView[] = [];
  const landed: string[] = [];
  const queue = new DownloadQueue({
    transfer: transfers.transfer,
    links,
    library,
    now: () => clock.now,
    schedule: (run, ms) => {
      const timer = { run, at: clock.now + ms, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
    onChanged: (view) => emitted.push(view),
    onLanded: (key) => void landed.push(key),
    ...options,
  });
  return { userData, root, library, transfers, links, clock, timers, emitted, landed, queue };
}

const statesOf = (view: QueueView): Record<string, string> => Object.fromEntries(view.items.map((item) => [item.key, item.state]));

describe('the download queue', () => {
  it('runs at most `concurrency` transfers, starting them first in first out', async () => {
    const { queue, transfers } = await setUp({ concurrency: 3 });
    const keys = [7, 3, 11, 0, 5, 9, 1].map((hour) => keyOf(hour));
    await queue.enqueue({ source: 'demo', market: 'BTC', keys });
    await flush();
    expect(transfers.started).toEqual(keys.slice(0, 3));
    // Landing the second frees one slot: the fourth starts, and only it.
    transfers.land(keys[1] ?? '');
    await flush();
    expect(transfers.started).toEqual(keys.slice(0, 4));
    for (const key of keys) {
      transfers.land(key);
      await flush();
    }
    await queue.idle();
    expect(transfers.started).toEqual(keys);
    expect(transfers.maxActive).toBe(3);
    expect(queue.snapshot().totals).toMatchObject({ done: 7, active: 0, queued: 0 });
  });

  it('makes one item of a key asked for twice, and skips keys the library already has', async () => {
    const links = handLinks({ '2026-03-01': [keyOf(0), keyOf(1), keyOf(2)] });
    const skipped: string[] = [];
    const { queue, transfers, root } = await setUp({ links, concurrency: 1, onSkipped: (key) => skipped.push(key) });
    const present = join(root, 'data', 'standard', 'demo', 'BTC', '2026-03-01', `${keyOf(2)}.jsonl.zst`);
    await mkdir(dirname(present), { recursive: true });
    await writeFile(present, 'landed earlier');
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(1), keyOf(1)] });
    const view = await queue.enqueue({ source: 'demo', market: 'BTC', dates: ['2026-03-01'] });
    expect(view.items.map((item) => item.key)).toEqual([keyOf(1), keyOf(0)]);
    expect(skipped).toEqual([keyOf(2)]);
    await flush();
    // The first item started on a fresh link (it had no URL); the second takes the manifest's.
    expect(links.linked).toEqual([keyOf(1)]);
    transfers.land(keyOf(1));
    await flush();
    expect(transfers.request(keyOf(0)).url).toContain('from=manifest');
    transfers.land(keyOf(0));
    await queue.idle();
    expect(transfers.started).toEqual([keyOf(1), keyOf(0)]);
  });

  it('says a download is done only once the library has taken the file in, so no view sees "done" before the index lists it', async () => {
    let tookIn: () => void = () => undefined;
    const { queue, transfers, emitted } = await setUp({ onLanded: () => new Promise<void>((resolve) => (tookIn = resolve)) });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(4)] });
    await flush();
    transfers.land(keyOf(4));
    await flush();
    expect(emitted.map((view) => statesOf(view)[keyOf(4)])).not.toContain('done');
    tookIn();
    await queue.idle();
    expect(statesOf(emitted.at(-1) ?? queue.snapshot())[keyOf(4)]).toBe('done');
  });

  it('refuses a key of another dataset or one that would leave the library root', async () => {
    const { queue } = await setUp();
    await expect(queue.enqueue({ source: 'demo', market: 'BTC', keys: ['standard-demo-ETH-2026-03-01-00'] })).rejects.toThrow(/not a key of demo\/BTC/);
    await expect(queue.enqueue({ source: 'demo', market: '..', keys: [] })).rejects.toThrow(/cannot be a folder/);
    await expect(queue.enqueue({ source: 'demo', market: 'a/b', keys: [] })).rejects.toThrow(/cannot be a folder/);
    expect(queue.snapshot().items).toEqual([]);
  });

  it('pauses a transfer (abort reason "pause", slot freed) and resumes it as a new transfer', async () => {
    const { queue, transfers } = await setUp({ concurrency: 1 });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0), keyOf(1)] });
    await flush();
    transfers.request(keyOf(0)).onProgress(40, 100);
    expect(statesOf(queue.pause([keyOf(0)]))).toEqual({ [keyOf(0)]: 'paused', [keyOf(1)]: 'queued' });
    await flush();
    expect(transfers.abortReasons).toEqual([{ key: keyOf(0), reason: 'pause' }]);
    expect(transfers.started).toEqual([keyOf(0), keyOf(1)]);
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'paused', bytes: 40, totalBytes: 100 });
    queue.resume([keyOf(0)]);
    transfers.land(keyOf(1));
    await flush();
    expect(transfers.started).toEqual([keyOf(0), keyOf(1), keyOf(0)]);
    transfers.land(keyOf(0));
    await queue.idle();
    expect(statesOf(queue.snapshot())).toEqual({ [keyOf(0)]: 'done', [keyOf(1)]: 'done' });
  });

  it('pauses the whole queue: transfers stop keeping their bytes, nothing starts until it resumes', async () => {
    const { queue, transfers } = await setUp({ concurrency: 2 });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0), keyOf(1), keyOf(2)] });
    await flush();
    const paused = queue.pause();
    expect(paused.paused).toBe(true);
    expect(Object.values(statesOf(paused))).toEqual(['paused', 'paused', 'paused']);
    await flush();
    expect(transfers.abortReasons.map((entry) => entry.reason)).toEqual(['pause', 'pause']);
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(3)] });
    await flush();
    expect(transfers.started).toEqual([keyOf(0), keyOf(1)]);
    queue.resume();
    await flush();
    expect(transfers.started).toEqual([keyOf(0), keyOf(1), keyOf(0), keyOf(1)]);
  });

  it('cancels: a running transfer is aborted with "cancel", a paused one loses its .part file', async () => {
    const { queue, transfers, library } = await setUp({ concurrency: 1 });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0), keyOf(1)] });
    await flush();
    queue.pause([keyOf(1)]);
    const part = `${await library.destinationOf(keyOf(1))}.part`;
    await mkdir(dirname(part), { recursive: true });
    await writeFile(part, 'partial bytes');
    const view = await queue.cancel([keyOf(0), keyOf(1)]);
    expect(statesOf(view)).toEqual({ [keyOf(0)]: 'cancelled', [keyOf(1)]: 'cancelled' });
    await flush();
    expect(transfers.abortReasons).toEqual([{ key: keyOf(0), reason: 'cancel' }]);
    expect(existsSync(part)).toBe(false);
    expect(transfers.started).toEqual([keyOf(0)]);
    expect(queue.clearFinished().items).toEqual([]);
  });

  it('measures rate and ETA over a sliding window on the injected clock', async () => {
    const { queue, transfers, clock } = await setUp({ concurrency: 2 });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0), keyOf(1)] });
    await flush();
    const first = transfers.request(keyOf(0));
    const second = transfers.request(keyOf(1));
    first.onProgress(0, 6000);
    clock.now = 1000;
    first.onProgress(1000, 6000);
    clock.now = 2000;
    first.onProgress(3000, 6000);
    // 3000 bytes in 2 s: 1500 B/s, 3000 left: 2 s.
    expect(queue.snapshot().items[0]).toMatchObject({ rateBps: 1500, etaMs: 2000 });
    // The second file's size is unknown: its ETA and the total's are unknown.
    second.onProgress(500, null);
    expect(queue.snapshot().items[1]).toMatchObject({ etaMs: null });
    expect(queue.snapshot().totals).toMatchObject({ bytes: 3500, totalBytes: null, etaMs: null });
    second.onProgress(500, 1500);
    // Second: one sample at t=2000, none before: no rate yet. Total: 3500 of 7500 at 1500 B/s.
    expect(queue.snapshot().totals).toMatchObject({ bytes: 3500, totalBytes: 7500, rateBps: 1500, etaMs: Math.round((4000 * 1000) / 1500) });
    clock.now = 8000;
    first.onProgress(4000, 6000);
    // The window is [3000, 8000]; the anchor is the sample at 2000 (3000 bytes): 1000 bytes in 6 s.
    const rate = (1000 * 1000) / 6000;
    expect(queue.snapshot().items[0]?.rateBps).toBeCloseTo(rate, 9);
    expect(queue.snapshot().items[0]?.etaMs).toBe(Math.round((2000 * 1000) / rate));
    // No bytes since: the rate falls as time passes (anchor still the sample at 2000).
    clock.now = 10_000;
    expect(queue.snapshot().items[0]?.rateBps).toBe((1000 * 1000) / 8000);
    // Paused: no rate, no ETA.
    queue.pause([keyOf(0)]);
    expect(queue.snapshot().items[0]).toMatchObject({ rateBps: 0, etaMs: null });
  });

  it('tells every state change at once and byte progress at most once per 250 ms, the last one always', async () => {
    const { queue, transfers, clock, timers, emitted } = await setUp({ concurrency: 1 });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0)] });
    await flush();
    const before = emitted.length;
    const request = transfers.request(keyOf(0));
    clock.now = 1000;
    request.onProgress(10, 100); // at once: the last update was long ago
    clock.now = 1100;
    request.onProgress(20, 100); // held: a timer for 150 ms
    clock.now = 1200;
    request.onProgress(30, 100); // held, same timer
    expect(emitted.length - before).toBe(1);
    expect(timers.filter((timer) => !timer.cancelled).map((timer) => timer.at)).toEqual([1250]);
    clock.now = 1250;
    timers.find((timer) => !timer.cancelled)?.run();
    expect(emitted.length - before).toBe(2);
    expect(emitted.at(-1)?.items[0]?.bytes).toBe(30);
    transfers.land(keyOf(0));
    await flush();
    expect(emitted.at(-1)?.items[0]?.state).toBe('done');
  });

  it('shows a failure with its kind, message and resolution, and retries it on resume', async () => {
    const refusing: DownloadLinks = {
      manifest: () => Promise.resolve([]),
      link: (key) =>
        key !== keyOf(0) ? Promise.resolve(`http://host.test/${key}`) : Promise.reject(new MarketDataError('payment-required', `demo/BTC on ${key} requires payment`, { status: 402, request: { method: 'GET', url: 'http://x.test/snapshots/download', authorization: null } })),
    };
    const { queue, transfers } = await setUp({ links: refusing, concurrency: 2 });
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0)] });
    await queue.idle();
    const failed = queue.snapshot().items[0];
    expect(failed?.state).toBe('failed');
    expect(failed?.failure?.kind).toBe('payment-required');
    expect(failed?.failure?.message).toContain('requires payment');
    expect(failed?.failure?.resolution).toMatch(/paid account/);
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(1)] });
    await flush();
    transfers.active.get(keyOf(1))?.fail(Object.assign(new Error('No space left on device'), { kind: 'disk-full' }));
    await queue.idle();
    expect(queue.snapshot().items[1]?.failure).toMatchObject({ kind: 'disk-full', message: 'No space left on device' });
    expect(queue.snapshot().items[1]?.failure?.resolution).toMatch(/Free space/);
    expect(queue.snapshot().totals.failed).toBe(2);
  });

  it('keeps the kind of a refused fresh link (401) when the transfer reports it as refused', async () => {
    const refusal = new MarketDataError('auth-required', 'Authentication required for this date', { status: 401, request: { method: 'GET', url: 'http://x.test/snapshots/download', authorization: null } });
    let links = 0;
    const refusing: DownloadLinks = {
      manifest: () => Promise.resolve([{ key: keyOf(0), url: 'http://host.test/expired' }]),
      link: () => (links++ === 0 ? Promise.reject(refusal) : Promise.resolve('http://host.test/fresh')),
    };
    const refusedTransfer: SnapshotTransfer = async (request) => {
      // As the real transfer does: an expired URL, a refused refresh, a 'refused' failure without a cause.
      await request.refreshUrl(request.signal).catch(() => undefined);
      throw Object.assign(new Error(`${request.key}: the service refused a fresh download link`), { kind: 'refused' });
    };
    const { queue } = await setUp({ links: refusing, transfer: refusedTransfer });
    await queue.enqueue({ source: 'demo', market: 'BTC', dates: ['2026-03-01'] });
    await queue.idle();
    expect(queue.snapshot().items[0]?.failure).toMatchObject({ kind: 'auth-required', message: 'Authentication required for this date' });
    expect(queue.snapshot().items[0]?.failure?.resolution).toMatch(/add an API key in Settings/);
  });

  it('counts retries the transfer reports', async () => {
    const { queue, transfers } = await setUp();
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0)] });
    await flush();
    transfers.request(keyOf(0)).onRetry?.(1, 'reset');
    transfers.request(keyOf(0)).onRetry?.(2, 'reset');
    expect(queue.snapshot().items[0]?.attempts).toBe(2);
  });

  it('keeps unfinished items in its journal: they come back after a restart, stray parts do not', async () => {
    const first = await setUp({ concurrency: 1 });
    const journalPath = join(first.userData, 'downloads.json');
    const queue = new DownloadQueue({ transfer: first.transfers.transfer, links: handLinks(), library: first.library, journal: new DownloadJournal(journalPath), concurrency: 1 });
    await queue.open();
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(0), keyOf(1), keyOf(2), keyOf(3)] });
    await flush();
    first.transfers.land(keyOf(0));
    await flush();
    queue.pause([keyOf(2)]);
    first.transfers.request(keyOf(1)).onProgress(10, 40);
    await queue.close();
    expect(first.transfers.abortReasons).toEqual([{ key: keyOf(1), reason: 'pause' }]);

    // The part of the interrupted download stays; one nobody owns is removed at the next start.
    const owned = `${await first.library.destinationOf(keyOf(1))}.part`;
    const stray = `${await first.library.destinationOf(keyOf(9))}.part`;
    await mkdir(dirname(owned), { recursive: true });
    await writeFile(owned, 'ten bytes!');
    await writeFile(stray, 'left by a crash');
    const transfers = new HandTransfers();
    const again = new DownloadQueue({ transfer: transfers.transfer, links: handLinks(), library: first.library, journal: new DownloadJournal(journalPath), concurrency: 1 });
    const view = await again.open();
    await flush();
    expect(view.items.map((item) => [item.key, item.state, item.totalBytes])).toEqual([
      [keyOf(1), 'downloading', 40],
      [keyOf(2), 'paused', null],
      [keyOf(3), 'queued', null],
    ]);
    expect(existsSync(owned)).toBe(true);
    expect(existsSync(stray)).toBe(false);
    expect(transfers.started).toEqual([keyOf(1)]);
    await again.close();
  });
});

describe('the journal when it cannot be read', () => {
  /** A queue over a journal at `journalPath` and a library whose root the test moves. */
  function restart(userData: string, journalPath: string, root: string) {
    const library = new SnapshotLibrary({ root: () => Promise.resolve(root), countsPath: join(userData, 'counts.json'), count: () => Promise.resolve(0) });
    const transfers = new HandTransfers();
    const notices: StateNotice[] = [];
    const queue = new DownloadQueue({ transfer: transfers.transfer, links: handLinks(), library, journal: new DownloadJournal(journalPath), concurrency: 1, now: () => Date.UTC(2026, 10, 26, 21, 0, 0), onNotice: (notice) => notices.push(notice) });
    return { library, transfers, notices, queue };
  }

  const entry = (hour: number, extra: Record<string, unknown> = {}) => ({ key: keyOf(hour), source: 'demo', market: 'BTC', state: 'queued', totalBytes: null, ...extra });

  it('keeps the good entries when some are bad, keeps a copy of the file, and keeps the parts no listed download owns', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const journalPath = join(userData, 'downloads.json');
    // One entry with a market that could never be a folder, one with a key of another dataset, one not an object.
    const bad = [{ key: 'standard-demo-..-2026-03-01-05', source: 'demo', market: '..', state: 'queued' }, entry(6, { key: 'standard-other-ETH-2026-03-01-06' }), 'nonsense'];
    await writeFile(journalPath, JSON.stringify({ version: 1, paused: true, items: [entry(1), ...bad, entry(2, { state: 'paused' })] }));
    const { library, notices, queue } = restart(userData, journalPath, root);
    const stray = `${await library.destinationOf(keyOf(9))}.part`;
    await mkdir(dirname(stray), { recursive: true });
    await writeFile(stray, 'maybe owned by a bad entry');
    const view = await queue.open();
    expect(view.items.map((item) => [item.key, item.state])).toEqual([
      [keyOf(1), 'queued'],
      [keyOf(2), 'paused'],
    ]);
    expect(view.paused).toBe(true);
    expect(existsSync(stray)).toBe(true);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ file: 'downloads.json', reason: '3 of its entries could not be read', keptAs: `${journalPath}.unreadable-2026-11-26T21-00-00-000Z` });
    expect(notices[0]?.meaning).toMatch(/other downloads were kept.*1 partial download \(\.part\) in .* was kept: queue its hour again to resume, or delete it/);
    // The copy holds the file as it was; the journal itself is written anew with the good entries.
    expect((JSON.parse(await readFile(notices[0]?.keptAs ?? '', 'utf8')) as { items: unknown[] }).items).toHaveLength(5);
    await queue.close();
    expect((JSON.parse(await readFile(journalPath, 'utf8')) as { items: { key: string }[] }).items.map((item) => item.key)).toEqual([keyOf(1), keyOf(2)]);
  });

  it('moves an unreadable journal aside (bad JSON, a folder), starts empty, and keeps every part', async () => {
    for (const spoil of [(path: string) => writeFile(path, '{"items": [ {"key": '), (path: string) => mkdir(path), (path: string) => writeFile(path, Uint8Array.of(0xff, 0xfe, 0x7b))]) {
      const userData = await temp();
      const root = join(userData, 'library');
      const journalPath = join(userData, 'downloads.json');
      await spoil(journalPath);
      const { library, notices, queue } = restart(userData, journalPath, root);
      const part = `${await library.destinationOf(keyOf(3))}.part`;
      await mkdir(dirname(part), { recursive: true });
      await writeFile(part, 'resumable');
      expect((await queue.open()).items).toEqual([]);
      expect(existsSync(part)).toBe(true);
      expect(notices).toHaveLength(1);
      expect(notices[0]?.keptAs).toBe(`${journalPath}.unreadable-2026-11-26T21-00-00-000Z`);
      expect(existsSync(notices[0]?.keptAs ?? '')).toBe(true);
      expect(existsSync(journalPath)).toBe(false);
      expect(notices[0]?.meaning).toMatch(/The download queue started empty/);
      await queue.close();
    }
  });

  it('keeps aside an entry whose folder is "/" or relative, with a notice, and keeps every other entry in the queue and in the journal', async () => {
    const userData = await temp();
    const root = join(userData, 'library');
    const journalPath = join(userData, 'downloads.json');
    // "/" threw out of the whole restore (one item or none came back, a log line only, and the next
    // write dropped the rest); a relative folder downloaded into the process's working folder.
    const items = [entry(1), entry(2, { root: '/' }), entry(3, { root: 'relative/library' }), entry(4, { root: '/' }), entry(5)];
    await writeFile(journalPath, JSON.stringify({ version: 1, paused: true, items }));
    const { notices, queue } = restart(userData, journalPath, root);
    const view = await queue.open();
    expect(view.items.map((item) => item.key)).toEqual([keyOf(1), keyOf(5)]);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ file: 'downloads.json', reason: '3 of its entries could not be read', keptAs: `${journalPath}.unreadable-2026-11-26T21-00-00-000Z` });
    expect((JSON.parse(await readFile(notices[0]?.keptAs ?? '', 'utf8')) as { items: unknown[] }).items).toEqual(items);
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(6)] });
    await queue.close();
    expect((JSON.parse(await readFile(journalPath, 'utf8')) as { items: { key: string }[] }).items.map((item) => item.key)).toEqual([keyOf(1), keyOf(5), keyOf(6)]);
  });

  it('a queued download lands in the folder it was queued for, whatever the root is at the next start', async () => {
    const userData = await temp();
    const chosen = join(userData, 'chosen-library');
    const journalPath = join(userData, 'downloads.json');
    const first = restart(userData, journalPath, chosen);
    await first.queue.open();
    first.queue.pause();
    await first.queue.enqueue({ source: 'demo', market: 'BTC', keys: [keyOf(4)] });
    await first.queue.close();
    // Settings were reset meanwhile: the root is now the default one.
    const again = restart(userData, journalPath, join(userData, 'library'));
    await again.queue.open();
    again.queue.resume();
    await flush();
    expect(again.transfers.request(keyOf(4)).destination).toBe(join(chosen, 'data', 'standard', 'demo', 'BTC', '2026-03-01', `${keyOf(4)}.jsonl.zst`));
    await again.queue.close();
  });
});

describe('the download queue and the key spellings of the real tools', () => {
  it('lands a key listed as …-HHMMSS under its canonical name, makes one item of two spellings, and skips an hour held under another spelling', async () => {
    const { queue, transfers, root, library } = await setUp({ concurrency: 2 });
    const held = join(root, 'data', 'standard', 'demo', 'BTC', '2026-03-01', 'standard-demo-BTC-2026-03-01-050000.jsonl.zst');
    await mkdir(dirname(held), { recursive: true });
    await writeFile(held, 'synced by the public tool');
    const view = await queue.enqueue({ source: 'demo', market: 'BTC', keys: [`${keyOf(7)}0000`, keyOf(7), keyOf(5), `${keyOf(9)}0000`] });
    expect(view.items.map((item) => item.key)).toEqual([`${keyOf(7)}0000`, `${keyOf(9)}0000`]);
    await flush();
    expect(transfers.request(`${keyOf(7)}0000`).destination).toBe(await library.destinationOf(keyOf(7)));
    expect(transfers.request(`${keyOf(7)}0000`).destination.endsWith(`${keyOf(7)}.jsonl.zst`)).toBe(true);
  });

  it('keeps the .part of an unfinished …-HHMMSS download across a restart (the part is named by the canonical key)', async () => {
    const first = await setUp({ concurrency: 1 });
    const journalPath = join(first.userData, 'downloads.json');
    const sdkKey = `${keyOf(4)}0000`;
    const queue = new DownloadQueue({ transfer: first.transfers.transfer, links: handLinks(), library: first.library, journal: new DownloadJournal(journalPath), concurrency: 1 });
    await queue.open();
    await queue.enqueue({ source: 'demo', market: 'BTC', keys: [sdkKey] });
    await flush();
    first.transfers.request(sdkKey).onProgress(10, 40);
    await queue.close();
    const part = `${await first.library.destinationOf(sdkKey)}.part`;
    expect(part.endsWith(`${keyOf(4)}.jsonl.zst.part`)).toBe(true);
    await mkdir(dirname(part), { recursive: true });
    await writeFile(part, 'ten bytes!');
    const again = new DownloadQueue({ transfer: new HandTransfers().transfer, links: handLinks(), library: first.library, journal: new DownloadJournal(journalPath), concurrency: 1 });
    const view = await again.open();
    expect(view.items.map((item) => item.key)).toEqual([sdkKey]);
    expect(existsSync(part)).toBe(true);
    await again.close();
  });
});

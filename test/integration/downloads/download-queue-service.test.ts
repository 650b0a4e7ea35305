import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { decompress } from 'fzstd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { DownloadQueue as QueueView, LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import { MarketDataClient } from '../../../electron/host/client/market-data-client.ts';
import { availabilityOf } from '../../../electron/host/downloads/availability.ts';
import { createDownloadServices, type DownloadServices } from '../../../electron/host/downloads/download-services.ts';
import { FileGrants } from '../../../electron/host/files/file-grants.ts';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { writeOpenAndPaywallDatasets, writeSourceSnapshot, type SourceSnapshot } from '../../support/snapshot-source.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// The queue, the real transfer and the library against a real local service over a folder of
// files: what lands is compared with the service's own files (sha256), and record counts with an
// independent count (fzstd, then non-blank lines minus the metadata row).

const day = '2026-03-02';
const hourOf = (hour: number): number => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;
const now = hourOf(23);

let serviceRoot: string;
let service: LocalService;
const served: SourceSnapshot[] = [];
let gated: SourceSnapshot;
const temp = useTempDirs();

beforeAll(async () => {
  serviceRoot = await mkdtemp(join(tmpdir(), 'mde-queue-service-'));
  for (const [hour, events] of [[10, 2_000], [11, 1_500], [12, 2_500]] as const) {
    served.push(await writeSourceSnapshot(serviceRoot, { source: 'hyperliquid', market: 'BTC', hour: hourOf(hour) }, events, hour));
  }
  gated = await writeSourceSnapshot(serviceRoot, { source: 'paywall', market: 'ETH', hour: hourOf(3) }, 500);
  // paywall/ETH: dates after 2026-03-01 need a paid key.
  await writeOpenAndPaywallDatasets(serviceRoot);
  service = await startEmbeddedService({ data: { kind: 'directory', root: serviceRoot }, extra: { now: () => now } });
});

afterAll(async () => {
  await service.close();
  await rm(serviceRoot, { recursive: true, force: true });
});

/** Records by an independent count: decompress, count non-blank lines, less the metadata row. */
function oracleRecords(bytes: Uint8Array): number {
  const lines = new TextDecoder().decode(decompress(bytes)).split('\n').filter((line) => line.trim() !== '');
  return lines.filter((line) => !line.includes('"type":"metadata"')).length;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

interface Harness {
  services: DownloadServices;
  userData: string;
  queues: QueueView[];
  indexes: LibraryIndex[];
  libraryChanges: number;
}

async function harness(hasKey = false): Promise<Harness> {
  const userData = await temp();
  const client = new MarketDataClient({ baseUrl: service.baseUrl, now: () => now });
  const state: Harness = { services: undefined as never, userData, queues: [], indexes: [], libraryChanges: 0 };
  state.services = createDownloadServices({
    userDataDir: userData,
    libraryRoot: () => Promise.resolve(null),
    clientOf: () => Promise.resolve(client),
    hasKey: () => Promise.resolve(hasKey),
    grants: new FileGrants(),
    onQueue: (queue) => state.queues.push(queue),
    onLibrary: (index) => state.indexes.push(index),
    onLibraryChanged: () => state.libraryChanges++,
  });
  return state;
}

async function refusalOf(promise: Promise<unknown>): Promise<ContractError> {
  const error: unknown = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ContractError)) throw new Error(`expected a ContractError, got ${String(error)}`);
  return error;
}

describe('the download queue against a real local service', () => {
  it('downloads a whole day: every file lands byte-identical and the index counts its records', async () => {
    const run = await harness();
    const { handlers, queue, library } = run.services;
    const summary = await handlers['library.manifest']({ source: 'hyperliquid', market: 'BTC', date: day });
    expect(summary).toMatchObject({ total: 3, totalBytes: served.reduce((sum, file) => sum + file.bytes.length, 0), keys: served.map((file) => file.key) });

    await handlers['downloads.enqueue']({ source: 'hyperliquid', market: 'BTC', keys: [], dates: [day] });
    await queue.idle();
    const finished = await handlers['downloads.queue'](undefined);
    expect(finished.items.map((item) => [item.key, item.state])).toEqual(served.map((file) => [file.key, 'done']));
    const root = join(run.userData, 'library');
    for (const file of served) {
      const landed = await readFile(join(root, 'data', 'standard', 'hyperliquid', 'BTC', day, `${file.key}.jsonl.zst`));
      expect(sha256(landed)).toBe(file.sha256);
    }
    expect(await readdir(join(root, 'data', 'standard', 'hyperliquid', 'BTC', day))).toEqual(served.map((file) => `${file.key}.jsonl.zst`));
    expect(run.libraryChanges).toBeGreaterThanOrEqual(3);
    expect(service.downloadHost.requestsWithAuthorization).toEqual([]);

    await library.index();
    await library.countsIdle();
    const index = await handlers['library.index'](undefined);
    expect(index.root).toBe(root);
    expect(index.datasets).toHaveLength(1);
    expect(index.datasets[0]?.files.map((file) => [file.key, file.bytes, file.records, file.layout])).toEqual(
      served.map((file) => [file.key, file.bytes.length, oracleRecords(file.bytes), 'standard']),
    );
    expect(index.bytes).toBe(summary.totalBytes);
    expect(index.freeBytes).toBeGreaterThan(0);
    // The counts were pushed when they became known, and were kept for the next start.
    expect(run.indexes.at(-1)?.datasets[0]?.files.every((file) => file.records !== null)).toBe(true);
    expect(existsSync(join(run.userData, 'library-index.json'))).toBe(true);

    // Asking again queues nothing: the library has every file.
    const again = await handlers['downloads.enqueue']({ source: 'hyperliquid', market: 'BTC', keys: [served[0]?.key ?? ''], dates: [day] });
    expect(again.totals).toMatchObject({ queued: 0, active: 0 });

    // Opened files are granted to the viewer; deleting one removes it and, when empty, its date folder.
    const opened = await handlers['library.open']({ keys: [served[1]?.key ?? ''] });
    expect(opened.files.map((file) => file.name)).toEqual([`${served[1]?.key ?? ''}.jsonl.zst`]);
    const afterDelete = await handlers['library.delete']({ keys: served.map((file) => file.key) });
    expect(afterDelete.datasets).toEqual([]);
    expect(existsSync(join(root, 'data', 'standard', 'hyperliquid', 'BTC', day))).toBe(false);
    expect(run.indexes.at(-1)?.datasets).toEqual([]);
    const missing = await refusalOf(handlers['library.open']({ keys: [served[1]?.key ?? ''] }));
    expect(missing.kind).toBe('not-found');
    await run.services.close();
  });

  it('shows refusals typed: 402 for a gated day without a key, 404 for a day without data, and marks hours that need a key', async () => {
    const run = await harness(false);
    const { handlers, queue } = run.services;
    const paid = await refusalOf(handlers['library.manifest']({ source: 'paywall', market: 'ETH', date: day }));
    expect(paid.kind).toBe('payment-required');
    expect(paid.message).toMatch(/requires payment/);
    expect(paid.resolution).toMatch(/paid account.*Settings → API key/);
    const enqueueRefused = await refusalOf(handlers['downloads.enqueue']({ source: 'paywall', market: 'ETH', keys: [], dates: [day] }));
    expect(enqueueRefused.kind).toBe('payment-required');
    const absent = await refusalOf(handlers['library.manifest']({ source: 'hyperliquid', market: 'BTC', date: '2026-02-01' }));
    expect(absent.kind).toBe('not-found');
    expect(absent.resolution).toMatch(/refresh the availability/);

    // One hour by key: the link request is refused, and the item says why and what fixes it.
    await handlers['downloads.enqueue']({ source: 'paywall', market: 'ETH', keys: [gated.key], dates: [] });
    await queue.idle();
    const [item] = (await handlers['downloads.queue'](undefined)).items;
    expect(item).toMatchObject({ key: gated.key, state: 'failed' });
    expect(item?.failure?.kind).toBe('payment-required');
    expect(item?.failure?.resolution).toMatch(/paid account/);
    expect(existsSync(join(run.userData, 'library', 'data', 'standard', 'paywall', 'ETH', day))).toBe(false);

    const range = { from: hourOf(0), to: hourOf(24) };
    const withoutKey = await handlers['library.availability']({ source: 'paywall', market: 'ETH', ...range });
    expect(withoutKey).toMatchObject({ access: { status: 'restricted', publicCutoffDate: '2026-03-01' }, truncated: false, listedUntil: range.to });
    expect(withoutKey.hours).toEqual([{ date: day, hour: 3, key: gated.key, local: false, needsKey: true }]);
    await run.services.close();

    const keyed = await harness(true);
    const withKey = await keyed.services.handlers['library.availability']({ source: 'paywall', market: 'ETH', ...range });
    expect(withKey.hours[0]?.needsKey).toBe(false);
    const open = await keyed.services.handlers['library.availability']({ source: 'hyperliquid', market: 'BTC', ...range });
    expect(open.hours.map((hour) => [hour.hour, hour.local, hour.needsKey])).toEqual([[10, false, false], [11, false, false], [12, false, false]]);
    await keyed.services.close();
  });

  it('stops listing at its page cap and says where: truncated, listedUntil the end of the last hour listed', async () => {
    const client = new MarketDataClient({ baseUrl: service.baseUrl, now: () => now });
    const context = { localKeys: () => Promise.resolve(new Set<string>()), hasKey: () => Promise.resolve(false), pageSize: 1 };
    const range = { source: 'hyperliquid', market: 'BTC', from: hourOf(0), to: hourOf(24) };
    const capped = await availabilityOf(client, range, { ...context, pageCap: 2 });
    expect(capped.hours.map((hour) => hour.hour)).toEqual([10, 11]);
    expect(capped).toMatchObject({ truncated: true, listedUntil: hourOf(12) });
    const whole = await availabilityOf(client, range, { ...context, pageCap: 3 });
    expect(whole.hours.map((hour) => hour.hour)).toEqual([10, 11, 12]);
    expect(whole).toMatchObject({ truncated: false, listedUntil: hourOf(24) });
  });

  it('marks listed hours already in the library as local, in either layout', async () => {
    const run = await harness();
    const flatFile = join(run.userData, 'library', 'hyperliquid', 'BTC', day, `${served[1]?.key ?? ''}.jsonl.zst`);
    await writeFileIn(flatFile, served[1]?.bytes ?? Buffer.alloc(0));
    const availability = await run.services.handlers['library.availability']({ source: 'hyperliquid', market: 'BTC', from: hourOf(0), to: hourOf(24) });
    expect(availability.hours.map((hour) => hour.local)).toEqual([false, true, false]);
    await run.services.close();
  });
});

async function writeFileIn(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}

import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inferredDataset } from '../../electron/server/store/directory-store.ts';
import { hourOfEvents, snapshotKey, writeSnapshotFile, type SnapshotFileSpec } from './book-files.ts';

/** A real snapshot file written for a download test: its key, bytes and the oracle's sha256. */
export interface SourceSnapshot {
  key: string;
  path: string;
  bytes: Buffer;
  sha256: string;
  /** Event records the file holds (orderbook rows plus a trade every 50). */
  records: number;
}

/**
 * Writes a seeded v2 snapshot file where a folder-backed service finds it
 * (`{root}/{source}/{market}/{date}/{key}.jsonl.zst`).
 */
export async function writeSourceSnapshot(root: string, spec: SnapshotFileSpec, events: number, seed = 7): Promise<SourceSnapshot> {
  const key = snapshotKey(spec);
  const folder = join(root, spec.source, spec.market, new Date(spec.hour).toISOString().slice(0, 10));
  await mkdir(folder, { recursive: true });
  const list = hourOfEvents(spec, seed, events);
  const path = await writeSnapshotFile(folder, spec, list);
  const bytes = await readFile(path);
  const trades = list.filter((_, i) => i % 50 === 25).length;
  return { key, path, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), records: list.length + trades };
}

/**
 * Writes the service folder's `datasets.json`: hyperliquid/BTC open, and paywall/ETH restricted
 * behind a payment gate for dates after 2026-03-01 (the download tests' paid dataset).
 */
export async function writeOpenAndPaywallDatasets(root: string): Promise<void> {
  const paywall = { ...inferredDataset('paywall', 'ETH'), access: { status: 'restricted' as const, publicCutoffDate: '2026-03-01', gate: 'payment' as const } };
  await writeFile(join(root, 'datasets.json'), JSON.stringify({ datasets: [inferredDataset('hyperliquid', 'BTC'), paywall] }));
}

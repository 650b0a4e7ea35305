import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createSnapshotTransfer, TransferError, type TransferDependencies } from '../../../electron/host/downloads/snapshot-transfer.ts';
import type { TransferRequest, TransferResult } from '../../../electron/host/downloads/transfer-types.ts';
import { streamingVerifier } from '../../../electron/host/downloads/download-verifier.ts';
import { hourOfEvents, snapshotKey, v2FileText } from '../../support/book-files.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';
import type { HostileDownloadHost } from '../../support/hostile-download-host.ts';

/** The file the fault tests move: a real v2 snapshot (one zstd frame), its sha256 (the oracle) and record count. */
export interface FaultSource {
  key: string;
  bytes: Uint8Array;
  sha256: string;
  records: number;
}

/** Builds the fault tests' source file in memory. */
export function faultSource(events = 2_000): FaultSource {
  const spec = { source: 'hyperliquid', market: 'SOL', hour: Date.UTC(2026, 2, 2, 11) };
  const list = hourOfEvents(spec, 11, events);
  const bytes = compressZstdFrame(new TextEncoder().encode(v2FileText(spec, list)));
  const trades = list.filter((_, i) => i % 50 === 25).length;
  return { key: snapshotKey(spec), bytes, sha256: sha256Of(bytes), records: list.length + trades };
}

/** The sha256 of some bytes, in hex. */
export function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** What one transfer did: its result or typed failure, the backoff sleeps, retries and progress. */
export interface TransferRun {
  result: TransferResult | null;
  error: TransferError | null;
  sleeps: number[];
  retries: string[];
  progress: number[];
  refreshes: number;
  verifying: number;
}

/** Runs one transfer of the host's file into `folder`, with sleeps recorded (never waited). */
export async function runTransfer(
  host: HostileDownloadHost,
  destination: string,
  options: { url?: string; dependencies?: TransferDependencies; signal?: AbortSignal; refreshUrl?: TransferRequest['refreshUrl']; onProgress?: (bytes: number) => void } = {},
): Promise<TransferRun> {
  const run: TransferRun = { result: null, error: null, sleeps: [], retries: [], progress: [], refreshes: 0, verifying: 0 };
  const transfer = createSnapshotTransfer({
    // The in-thread verifier (same contract as the default worker one, tested on its own): no worker start per test.
    verifier: (name) => streamingVerifier(name),
    sleep: (ms) => {
      run.sleeps.push(ms);
      return Promise.resolve();
    },
    ...options.dependencies,
  });
  try {
    run.result = await transfer({
      key: 'the-key',
      destination,
      url: options.url ?? host.url(),
      refreshUrl:
        options.refreshUrl ??
        ((): Promise<string> => {
          run.refreshes++;
          return Promise.resolve(host.url());
        }),
      signal: options.signal ?? new AbortController().signal,
      onProgress: (bytes) => {
        run.progress.push(bytes);
        options.onProgress?.(bytes);
      },
      onRetry: (_, why) => run.retries.push(why),
      onVerifying: () => run.verifying++,
    });
  } catch (error) {
    if (!(error instanceof TransferError)) throw error;
    run.error = error;
  }
  return run;
}

/** The files left in a folder (to prove nothing half-written stays behind). */
export async function filesIn(folder: string): Promise<string[]> {
  return (await readdir(folder)).sort();
}

/** The sha256 of the file at `path`. */
export async function sha256OfFile(path: string): Promise<string> {
  return sha256Of(await readFile(path));
}

/** A destination path in `folder` for the fault tests' file. */
export function destinationIn(folder: string): string {
  return join(folder, 'standard-hyperliquid-SOL-2026-03-02-11.jsonl.zst');
}

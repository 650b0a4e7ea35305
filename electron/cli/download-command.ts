import { resolve } from 'node:path';
import type { DownloadItem, DownloadQueue as DownloadQueueView } from '../../shared/contract/library-schemas.ts';
import { MarketDataClient } from '../host/client/market-data-client.ts';
import { clientLinks } from '../host/downloads/client-links.ts';
import { downloadErrorOf } from '../host/downloads/download-failure.ts';
import { DownloadQueue } from '../host/downloads/download-queue.ts';
import { transferSnapshot } from '../host/downloads/snapshot-transfer.ts';
import { existingLibraryPath, libraryPathOf, UnsafeLibraryName } from '../codec/layout/library-layout.ts';
import { writeCatalogSidecar } from '../codec/layout/catalog-sidecar.ts';
import { parseSnapshotKey } from '../../shared/snapshot/snapshot-key.ts';
import { checkBaseUrl, defaultBaseUrl } from './cli-base-url.ts';
import { defaultCliRoot } from './download-help.ts';
import { formatBytes } from '../../shared/byte-size.ts';
import { integerOption, readCommandLine, timeOption, UsageError } from './command-line.ts';
import { cliApiKey } from './get-command.ts';


/** What `mde download` was asked. */
export interface DownloadArguments {
  source: string;
  market: string;
  /** One UTC day (`--date`), or a range of hours (`--from`/`--to`, Unix ms, `to` exclusive). */
  span: { kind: 'date'; date: string } | { kind: 'range'; from: number; to: number };
  root: string;
  baseUrl: string;
  concurrency: number;
}

const downloadSyntax = {
  options: { source: 'string', market: 'string', date: 'string', from: 'string', to: 'string', root: 'string', 'base-url': 'string', concurrency: 'string' },
  positionals: { name: 'argument', min: 0, max: 0 },
} as const;


/** Parses `mde download`'s options; a mistake is a `UsageError`. */
export function parseDownloadArguments(args: readonly string[], cwd = process.cwd()): DownloadArguments {
  const { values } = readCommandLine(args, downloadSyntax);
  const source = values.source;
  const market = values.market;
  if (source === undefined) throw new UsageError('--source is required');
  if (market === undefined) throw new UsageError('--market is required');
  let span: DownloadArguments['span'];
  if (values.date !== undefined) {
    if (values.from !== undefined || values.to !== undefined) throw new UsageError('give --date or --from/--to, not both');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || Number.isNaN(Date.parse(`${values.date}T00:00:00Z`))) throw new UsageError(`--date must be a UTC date YYYY-MM-DD, not "${values.date}"`);
    span = { kind: 'date', date: values.date };
  } else {
    if (values.from === undefined || values.to === undefined) throw new UsageError('give --date YYYY-MM-DD, or both --from and --to');
    const from = timeOption('--from', values.from, 'utc');
    const to = timeOption('--to', values.to, 'utc');
    if (from >= to) throw new UsageError(`--from must be before --to (${values.from} is not before ${values.to})`);
    span = { kind: 'range', from, to };
  }
  return {
    source,
    market,
    span,
    root: resolve(cwd, values.root ?? defaultCliRoot),
    baseUrl: values['base-url'] === undefined ? defaultBaseUrl : checkBaseUrl(values['base-url']),
    concurrency: values.concurrency === undefined ? 3 : integerOption('--concurrency', values.concurrency, { min: 1, max: 16, expected: 'a whole number from 1 to 16' }),
  };
}

/** A duration for people: 45 s, 3 min 20 s, 2 h 5 min. */
export function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;
}

/** The one-line progress bar: bytes of the unfinished files, rate, ETA, files done of all. */
export function progressLine(queue: DownloadQueueView, width = 24): string {
  const { totals } = queue;
  const files = queue.items.length;
  const done = totals.done;
  const landedBytes = queue.items.filter((item) => item.state === 'done').reduce((sum, item) => sum + item.bytes, 0);
  const bytes = landedBytes + totals.bytes;
  const total = totals.totalBytes === null ? null : landedBytes + totals.totalBytes;
  const fraction = total !== null && total > 0 ? bytes / total : files > 0 ? done / files : 0;
  const filled = Math.round(Math.min(1, fraction) * width);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}]`;
  const size = total === null ? formatBytes(bytes) : `${formatBytes(bytes)}/${formatBytes(total)}`;
  const eta = totals.etaMs === null ? 'ETA --' : `ETA ${formatDuration(totals.etaMs)}`;
  return `${bar} ${size}  ${formatBytes(totals.rateBps)}/s  ${eta}  files ${done}/${files}${totals.failed > 0 ? `  failed ${totals.failed}` : ''}`;
}

function line(value: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

/** The keys of the listed files of a range (`/snapshots`, every page): hours, and whole days listed without an hour. */
async function listedKeys(client: MarketDataClient, args: DownloadArguments, from: number, to: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of client.snapshots({ source: args.source, market: args.market, from: new Date(from).toISOString(), to: new Date(to).toISOString(), limit: 1000 })) {
    if (entry.hour !== undefined || parseSnapshotKey(entry.key)?.span === 'day') keys.push(entry.key);
  }
  return keys;
}

function failureText(item: DownloadItem): string {
  return `${item.key}: ${item.failure?.message ?? 'failed'} [${item.failure?.kind ?? 'unknown'}]\n  ${item.failure?.resolution ?? ''}`;
}

/**
 * `mde download`: fills a library folder through the app's download queue and transfer (`.part`
 * files, Range resume, retries, verification, atomic rename). Prints one JSON line per file
 * (landed with bytes, records and sha256; already present; or failed with kind, message and
 * resolution) and, on a terminal, a progress bar on stderr. Exit 0 when every file is in the
 * library, 1 when some failed. Running the same command again resumes from the `.part` files.
 */
export async function runDownload(args: readonly string[]): Promise<number> {
  const request = parseDownloadArguments(args);
  const tty = process.stderr.isTTY;
  console.error(`mde download: library ${request.root}`);
  const client = new MarketDataClient({ baseUrl: request.baseUrl, apiKey: cliApiKey(request.baseUrl), log: (text) => console.error(`mde download: ${text}`) });
  const failed: DownloadItem[] = [];
  let bar = '';
  const clearBar = (): void => {
    if (tty && bar !== '') process.stderr.write('\r\u001b[2K');
  };
  const queue = new DownloadQueue({
    transfer: transferSnapshot,
    links: clientLinks(() => Promise.resolve(client)),
    library: {
      root: () => Promise.resolve(request.root),
      pathOf: (key) => existingLibraryPath(request.root, key),
      destinationOf: (key) => Promise.resolve(libraryPathOf(request.root, key)),
      keepCatalogEntry: (entry) => writeCatalogSidecar(request.root, entry, Date.now()),
    },
    concurrency: request.concurrency,
    onLanded: (key, result) => {
      clearBar();
      line({ key, state: 'done', bytes: result.bytes, records: result.records, sha256: result.sha256 });
    },
    onSkipped: (key, path) => {
      clearBar();
      line({ key, state: 'present', path });
    },
    onFailed: (item) => {
      failed.push(item);
      clearBar();
      line({ key: item.key, state: 'failed', kind: item.failure?.kind ?? null, message: item.failure?.message ?? null, resolution: item.failure?.resolution ?? null });
    },
    onChanged: (view) => {
      if (!tty) return;
      bar = progressLine(view);
      process.stderr.write(`\r\u001b[2K${bar}`);
    },
  });
  const interrupt = (): void => {
    clearBar();
    console.error('mde download: interrupted; the partial files are kept, run the same command again to resume.');
    void queue.close().then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  try {
    const span = request.span;
    if (span.kind === 'date') await queue.enqueue({ source: request.source, market: request.market, dates: [span.date] });
    else await queue.enqueue({ source: request.source, market: request.market, keys: await listedKeys(client, request, span.from, span.to) });
    await queue.idle();
  } catch (error) {
    clearBar();
    if (error instanceof UnsafeLibraryName) throw new UsageError(error.message);
    const refusal = downloadErrorOf(error, 'download');
    console.error(`mde download: ${refusal.message} [${refusal.kind}]\n  ${refusal.resolution}`);
    await queue.close();
    return 1;
  } finally {
    process.off('SIGINT', interrupt);
  }
  await queue.close();
  clearBar();
  if (tty) process.stderr.write(`${bar}\n`);
  const done = queue.snapshot().totals.done;
  if (failed.length > 0) {
    console.error(`mde download: ${failed.length} file(s) failed, ${done} landed:\n${failed.map(failureText).join('\n')}`);
    return 1;
  }
  console.error(`mde download: ${done} file(s) landed in ${request.root}`);
  return 0;
}

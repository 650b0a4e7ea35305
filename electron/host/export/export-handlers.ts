import { randomUUID } from 'node:crypto';
import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import type { exportInput } from '../../../shared/contract/library-schemas.ts';
import type { EventHub } from '../contract/event-hub.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import type { ExportHandlers } from '../library-channels.ts';
import { ExportError, exportContractError } from './export-error.ts';
import { exportStem, filesNameParts, freeExportPath, type ExportNameParts } from './export-file-name.ts';
import { exportTypesOf, type ExportFormat, type ExportRequest, type runExport } from './export-run.ts';
import { runExportInWorker } from './export-worker-client.ts';
import { libraryRangeFiles } from './library-range-files.ts';
import { contractError } from '../contract-errors.ts';

/** What the export channels need. */
export interface ExportChannelOptions {
  events: EventHub;
  files: GrantedFiles;
  /** The library folder (settings' `libraryRoot`, or `{userDataDir}/library`); exports land in its `exports/`. */
  libraryRoot: () => Promise<string>;
  /** Milliseconds between two `export.progress` events of one export. */
  progressEveryMs?: number;
  now?: () => number;
  newId?: () => string;
  /** Runs the export; defaults to a worker thread per export (`runExportInWorker`). */
  run?: (request: ExportRequest) => ReturnType<typeof runExport>;
}

const channel = 'export.start';


/** The output's file name the user gave: no folder, not hidden, the format's extension added when missing. */
export function exportFileName(name: string, format: ExportFormat): string {
  if (/[/\\\0]/.test(name) || name.startsWith('.')) {
    throw new ExportError('invalid-request', `"${name}" is not a file name`, 'Give a name without folders that does not start with a dot.');
  }
  return name.toLowerCase().endsWith(`.${format}`) ? name : `${name}.${format}`;
}

async function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/**
 * `export.start` and `export.cancel`: an export runs in the background under an id; its input
 * is checked before the id is returned (bad types, unknown grants, an empty range, a taken
 * name fail the call), then `export.progress` (throttled) and one `export.ended` follow.
 */
export function exportHandlers(options: ExportChannelOptions): ExportHandlers & { close(): Promise<void> } {
  const now = options.now ?? Date.now;
  const every = options.progressEveryMs ?? 250;
  const run = options.run ?? runExportInWorker;
  const running = new Map<string, { controller: AbortController; done: Promise<void> }>();

  async function requestOf(input: z.infer<typeof exportInput>, signal: AbortSignal): Promise<Omit<ExportRequest, 'onProgress'>> {
    exportTypesOf(input.types);
    if (input.name !== undefined) exportFileName(input.name, input.format);
    const root = await options.libraryRoot();
    const from = input.from;
    let files: string[];
    let window: ExportRequest['window'] = null;
    let nameParts: ExportNameParts;
    if (from.kind === 'files') {
      files = options.files.resolve(from.fileIds).map((file) => file.path);
      nameParts = filesNameParts(files, input.types);
    } else {
      files = await libraryRangeFiles({ root, source: from.source, market: from.market, start: from.start, end: from.end });
      if (files.length === 0) {
        throw contractError('not-found', channel, `The library holds no files of ${from.source} ${from.market} between ${new Date(from.start).toISOString()} and ${new Date(from.end).toISOString()}`, 'Download those hours first, or choose a range the library holds.');
      }
      window = { start: from.start, end: from.end };
      nameParts = { datasets: [`${from.source}-${from.market}`], range: window, types: input.types };
    }
    const folder = join(root, 'exports');
    // A name the user gave is theirs: an existing file of that name is refused. A default name
    // (datasets, range, types) takes the next free `-2`, `-3` … instead.
    if (input.name === undefined) return { files, window, types: input.types, format: input.format, out: await freeExportPath(folder, exportStem(nameParts), input.format), signal };
    const out = join(folder, exportFileName(input.name, input.format));
    if (await exists(out)) throw new ExportError('exists', `${out} already exists`, 'Choose another name, or delete the old export.');
    return { files, window, types: input.types, format: input.format, out, signal };
  }

  return {
    'export.start': async (input) => {
      const controller = new AbortController();
      let request: Omit<ExportRequest, 'onProgress'>;
      try {
        request = await requestOf(input, controller.signal);
      } catch (error) {
        throw error instanceof ExportError ? exportContractError(error, channel) : error;
      }
      const exportId = options.newId?.() ?? randomUUID();
      let last = -Infinity;
      const progress = (rows: number, fraction: number): void => {
        const at = now();
        if (at - last < every) return;
        last = at;
        options.events.emit('export.progress', { exportId, rows, fraction });
      };
      const done = run({ ...request, onProgress: (update) => progress(update.rows, update.fraction) }).then(
        (result) => {
          options.events.emit('export.progress', { exportId, rows: result.rows, fraction: 1 });
          options.events.emit('export.ended', { exportId, state: 'done', path: result.path, rows: result.rows, bytes: result.bytes, message: null });
        },
        (error: unknown) => {
          const cancelled = error instanceof ExportError && error.kind === 'cancelled';
          const message = error instanceof ExportError ? `${error.message}. ${error.resolution}` : String(error);
          options.events.emit('export.ended', { exportId, state: cancelled ? 'cancelled' : 'failed', path: null, rows: 0, bytes: 0, message: cancelled ? null : message });
        },
      );
      running.set(exportId, { controller, done: done.finally(() => running.delete(exportId)) });
      return { exportId };
    },
    'export.cancel': ({ exportId }) => {
      const job = running.get(exportId);
      job?.controller.abort();
      return Promise.resolve({ cancelled: job !== undefined });
    },
    close: async () => {
      const jobs = [...running.values()];
      for (const job of jobs) job.controller.abort();
      await Promise.all(jobs.map((job) => job.done));
    },
  };
}

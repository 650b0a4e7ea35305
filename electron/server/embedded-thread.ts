import { startWorker } from '../base/workers/start-worker.ts';
import { WorkerCallError, WorkerChannel, WorkerStoppedError } from '../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../base/workers/worker-entry.ts';
import type { EmbeddedThreadOptions, EmbeddedThreadProtocol } from './embedded-thread-protocol.ts';
import type { FolderContents } from './store/directory-store.ts';

/** The embedded service running in its own thread, as the data-source manager uses it. */
export interface EmbeddedServiceThread {
  /** Base URL such as `http://127.0.0.1:43123`. */
  readonly baseUrl: string;
  /** Over a folder: reads it again and what it holds (the last scan's answer); null for the demo. */
  readonly directory: { scan(): Promise<void>; contents(): FolderContents } | null;
  /** Stops the service and ends the thread. */
  close(): Promise<void>;
}

/** Where the thread's script is: its source under tsx, or `embedded-service-worker.js` beside the main bundle. */
export function embeddedServiceWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './embedded-service-worker.ts', builtFile: 'embedded-service-worker.js' });
}

/**
 * Starts the embedded local service (the demo, or a folder) in a worker thread: it listens on
 * 127.0.0.1 there, and its decoding, row building and book rebuilding run on that thread's loop,
 * never on the one that answers the window's calls. Rejects with the service's own words when it
 * cannot start, once its thread has gone.
 */
export async function startEmbeddedServiceThread(options: EmbeddedThreadOptions, entry: WorkerEntry = embeddedServiceWorkerEntry()): Promise<EmbeddedServiceThread> {
  const worker = new WorkerChannel<EmbeddedThreadProtocol>(startWorker(entry), { name: 'The embedded service thread' });
  let contents: FolderContents | null;
  let baseUrl: string;
  try {
    ({ baseUrl, contents } = await worker.call('start', options));
  } catch (error) {
    await worker.terminate();
    throw startError(error);
  }
  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    directory:
      options.data.kind === 'directory'
        ? {
            scan: async () => {
              try {
                contents = await worker.call('scan');
              } catch (error) {
                throw new Error(error instanceof WorkerCallError ? error.message : 'The embedded service thread ended', { cause: error });
              }
            },
            contents: () => contents ?? { exists: false, files: 0, datasets: 0, bytes: 0, ignored: 0, partial: 0 },
          }
        : null,
    close: () =>
      (closing ??= (async () => {
        // The service closes in its thread (answered even when it failed to close cleanly), then the thread ends.
        await worker.call('close').catch(() => undefined);
        await worker.terminate();
      })()),
  };
}

/** Why the service did not start: its own words, its thread's failure, or that the thread ended first. */
function startError(error: unknown): Error {
  if (error instanceof WorkerCallError) return new Error(error.message);
  if (error instanceof WorkerStoppedError && error.end.kind === 'failed') return error.end.error;
  return new Error('The embedded service thread ended before it started');
}

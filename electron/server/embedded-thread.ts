import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../base/workers/worker-entry.ts';
import type { EmbeddedThreadOptions, EmbeddedThreadReply } from './embedded-thread-protocol.ts';
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
 * cannot start.
 */
export async function startEmbeddedServiceThread(options: EmbeddedThreadOptions, entry: WorkerEntry = embeddedServiceWorkerEntry()): Promise<EmbeddedServiceThread> {
  const worker =
    entry.kind === 'file'
      ? new Worker(entry.url, { execArgv: entry.execArgv, workerData: options })
      : new Worker(entry.code, { eval: true, execArgv: entry.execArgv, workerData: options });
  let nextScan = 0;
  const scans = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let contents: FolderContents | null = null;
  let closed: (() => void) | null = null;
  let failure: string | null = null;
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const started = new Promise<string>((resolve, reject) => {
    worker.once('error', (error) => reject(error));
    void ended.then(() => reject(new Error(failure ?? 'The embedded service thread ended before it started')));
    worker.on('message', (reply: EmbeddedThreadReply) => {
      switch (reply.type) {
        case 'started':
          contents = reply.contents;
          resolve(reply.baseUrl);
          return;
        case 'failed':
          // The caller hears why once the thread is gone.
          failure = reply.message;
          void worker.terminate();
          return;
        case 'scanned':
          contents = reply.contents;
          scans.get(reply.id)?.resolve();
          scans.delete(reply.id);
          return;
        case 'scan-failed':
          scans.get(reply.id)?.reject(new Error(reply.message));
          scans.delete(reply.id);
          return;
        case 'closed':
          closed?.();
          return;
      }
    });
  });
  // A thread that dies later fails the scans it held.
  void ended.then(() => {
    for (const scan of scans.values()) scan.reject(new Error('The embedded service thread ended'));
    scans.clear();
  });
  const baseUrl = await started;
  const isFolder = options.data.kind === 'directory';
  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    directory: isFolder
      ? {
          scan: () =>
            new Promise<void>((resolve, reject) => {
              const id = nextScan++;
              scans.set(id, { resolve, reject });
              worker.postMessage({ type: 'scan', id });
            }),
          contents: () => contents ?? { exists: false, files: 0, datasets: 0, bytes: 0, ignored: 0, partial: 0 },
        }
      : null,
    close: () =>
      (closing ??= (async () => {
        const done = new Promise<void>((resolve) => {
          closed = resolve;
        });
        worker.postMessage({ type: 'close' });
        await Promise.race([done, ended]);
        await worker.terminate();
      })()),
  };
}

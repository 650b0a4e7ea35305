import type { BookFramesEvent, BookReplayEnded } from '../../../../shared/contract/book-replay-schemas.ts';
import type { MdeApi } from '../../../../shared/contract/types.ts';
import { EventHub } from '../../../../electron/host/contract/event-hub.ts';
import type { ContractHandlers } from '../../../../electron/host/contract/handlers.ts';
import { bookReplayHandlers } from '../../../../electron/host/book/book-replay-handlers.ts';
import { BookWorkerClient } from '../../../../electron/host/book/book-worker-client.ts';
import { FileGrants } from '../../../../electron/host/files/file-grants.ts';
import { createDownloadServices, type DownloadServices } from '../../../../electron/host/downloads/download-services.ts';
import { ipcApi } from '../../client/support/contract-transports.ts';
import { dispatchOnlyHandlers } from '../../client/support/dispatch-only-handlers.ts';
import { fixedNow } from '../../client/support/test-service.ts';
import { testServiceAccess } from './test-service-access.ts';

/** How main reaches the service under test for book replays. */
export interface BookReplayRigOptions {
  baseUrl: string;
  /** The demo's own key (embedded), or none stored for a remote service. */
  key: string | null;
  fetch?: typeof fetch;
  /** A library and download queue under this folder: with them a replay reads hour files. */
  hourFiles?: { userDataDir: string };
  /** The clock access windows and closed hours are judged by (the fixed test clock by default). */
  now?: number;
}

/** The `book.*` channels as the renderer reaches them, and every event main pushed. */
export interface BookReplayRig {
  readonly api: MdeApi;
  readonly handlers: ContractHandlers;
  readonly files: FileGrants;
  /** Every pushed event, in order, with its payload as main emitted it (buffers intact). */
  readonly events: { event: string; payload: unknown }[];
  /** The download queue and library, when the rig has them (`hourFiles`). */
  readonly downloads: DownloadServices | null;
  /** The payloads of one event channel for one replay. */
  payloadsOf<T>(event: string, replayId: string): T[];
  framesOf(replayId: string): BookFramesEvent[];
  /** Resolves with the end of a replay (already pushed, or the next). */
  ended(replayId: string): Promise<BookReplayEnded>;
  close(): Promise<void>;
}

/**
 * The book handlers wired as `createMainServices` wires them (service access over the active
 * source, one client per base URL, the real book worker), at the fixed test clock, with 429 waits
 * returning at once.
 */
export function bookReplayRig(options: BookReplayRigOptions): BookReplayRig {
  const hub = new EventHub();
  const events: { event: string; payload: unknown }[] = [];
  const waiting: { replayId: string; resolve: (ended: BookReplayEnded) => void }[] = [];
  hub.attach((event, payload) => {
    events.push({ event, payload });
    if (event !== 'book.replayEnded') return;
    const ended = payload as BookReplayEnded;
    for (const waiter of waiting.filter((entry) => entry.replayId === ended.replayId)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve(ended);
    }
  });
  const access = testServiceAccess({ baseUrl: options.baseUrl, key: options.key, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
  const worker = new BookWorkerClient();
  const files = new FileGrants();
  const downloads =
    options.hourFiles === undefined
      ? null
      : createDownloadServices({
          userDataDir: options.hourFiles.userDataDir,
          libraryRoot: () => Promise.resolve(null),
          clientOf: async () => (await access.client()).client,
          hasKey: () => access.hasKey(),
          grants: files,
          onQueue: () => {},
          onLibrary: () => {},
        });
  const hourFiles = downloads === null ? {} : { hourFiles: { enqueue: downloads.queue.enqueue.bind(downloads.queue), settled: downloads.queue.settled.bind(downloads.queue), pathOf: (key: string) => downloads.library.pathOf(key) } };
  const handlers: ContractHandlers = {
    ...dispatchOnlyHandlers,
    ...bookReplayHandlers(hub, files, { worker, market: { clientOf: () => access.client(), hasKey: () => access.hasKey(), now: () => options.now ?? fixedNow, ...hourFiles } }),
  };
  const payloadsOf = <T>(event: string, replayId: string): T[] =>
    events.filter((entry) => entry.event === event && (entry.payload as { replayId?: string }).replayId === replayId).map((entry) => entry.payload as T);
  return {
    api: ipcApi(handlers),
    handlers,
    files,
    events,
    downloads,
    payloadsOf,
    framesOf: (replayId) => payloadsOf<BookFramesEvent>('book.frames', replayId),
    ended: (replayId) => {
      const pushed = payloadsOf<BookReplayEnded>('book.replayEnded', replayId)[0];
      if (pushed !== undefined) return Promise.resolve(pushed);
      return new Promise((resolve) => waiting.push({ replayId, resolve }));
    },
    close: async () => {
      await downloads?.close();
      await worker.close();
    },
  };
}

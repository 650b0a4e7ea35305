import { join } from 'node:path';
import type { LibraryIndex, DownloadQueue as DownloadQueueView } from '../../../shared/contract/library-schemas.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import type { FileGrants } from '../files/file-grants.ts';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import type { DownloadHandlers } from '../library-channels.ts';
import { SnapshotLibrary } from '../library/snapshot-library.ts';
import { clientLinks } from './client-links.ts';
import { downloadHandlers } from './download-handlers.ts';
import { DownloadJournal } from './download-journal.ts';
import { DownloadQueue } from './download-queue.ts';
import { transferSnapshot } from './snapshot-transfer.ts';
import type { SnapshotTransfer } from './transfer-types.ts';

/** The library root when Settings leave it unset: `{userDataDir}/library`. */
export function defaultLibraryRoot(userDataDir: string): string {
  return join(userDataDir, 'library');
}

/** What the app's library and download queue are wired to. */
export interface DownloadServicesOptions {
  userDataDir: string;
  /** The root Settings name (null: the default under user data), read on every use. */
  libraryRoot: () => Promise<string | null>;
  clientOf: () => Promise<MarketDataClient>;
  hasKey: () => Promise<boolean>;
  grants: Pick<FileGrants, 'grant'>;
  onQueue: (queue: DownloadQueueView) => void;
  onLibrary: (index: LibraryIndex) => void;
  /** Told after the library changed on disk (the offline data source rescans). */
  onLibraryChanged?: () => void;
  /** Told when the download journal or the record-count index could not be read and was kept aside. */
  onNotice?: (notice: StateNotice) => void;
  transfer?: SnapshotTransfer;
  concurrency?: number;
}

/** The library, the download queue (opened from its journal) and their contract handlers. */
export interface DownloadServices {
  readonly library: SnapshotLibrary;
  readonly queue: DownloadQueue;
  readonly handlers: DownloadHandlers;
  /** Resolves once the queue has read its journal (whatever it found). */
  readonly ready: Promise<void>;
  /** Pauses transfers under way (they resume on the next start) and flushes the journal. */
  close(): Promise<void>;
}

/** Builds the app's library and download queue over the user-data folder. */
export function createDownloadServices(options: DownloadServicesOptions): DownloadServices {
  const library = new SnapshotLibrary({
    root: async () => (await options.libraryRoot()) ?? defaultLibraryRoot(options.userDataDir),
    countsPath: join(options.userDataDir, 'library-index.json'),
    ...(options.onNotice === undefined ? {} : { onNotice: options.onNotice }),
    onChanged: (index) => options.onLibrary(index),
    ...(options.onLibraryChanged === undefined ? {} : { onFilesChanged: options.onLibraryChanged }),
  });
  const queue = new DownloadQueue({
    transfer: options.transfer ?? transferSnapshot,
    links: clientLinks(options.clientOf),
    library,
    journal: new DownloadJournal(join(options.userDataDir, 'downloads.json')),
    ...(options.onNotice === undefined ? {} : { onNotice: options.onNotice }),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    onChanged: options.onQueue,
    // The new index is pushed before the queue says "done" (the calendar follows the index).
    onLanded: async () => {
      await library.changed();
    },
  });
  const ready = queue.open().then(
    () => undefined,
    (error: unknown) => {
      // The queue could not start at all (the library folder cannot be read): said once, in the log.
      console.warn(`[downloads] the download queue could not open: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  return {
    library,
    queue,
    ready,
    handlers: downloadHandlers({ queue, ready, library, clientOf: options.clientOf, hasKey: options.hasKey, grants: options.grants }),
    close: async () => {
      await ready;
      await Promise.all([queue.close(), library.close()]);
    },
  };
}

import type { MarketDataClient } from '../client/market-data-client.ts';
import type { FileGrants } from '../files/file-grants.ts';
import type { DownloadHandlers } from '../library-channels.ts';
import type { SnapshotLibrary } from '../library/snapshot-library.ts';
import { availabilityOf, manifestSummaryOf } from './availability.ts';
import { downloadErrorOf } from './download-failure.ts';
import type { DownloadQueue } from './download-queue.ts';
import { contractError } from '../contract-errors.ts';

/** What the library and download channels are served from. */
export interface DownloadHandlerDeps {
  queue: DownloadQueue;
  /** Resolves once the queue has read its journal; calls wait for it. */
  ready: Promise<unknown>;
  library: SnapshotLibrary;
  clientOf: () => Promise<MarketDataClient>;
  hasKey: () => Promise<boolean>;
  grants: Pick<FileGrants, 'grant'>;
}

/** Runs a channel's work; a failure crosses the contract with its kind and the download resolution. */
async function served<T>(channel: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw downloadErrorOf(error, channel);
  }
}

/** The `library.*` and `downloads.*` handlers over the queue, the library and the active service's client. */
export function downloadHandlers(deps: DownloadHandlerDeps): DownloadHandlers {
  const { queue, library } = deps;
  const queued = <T>(channel: string, work: () => Promise<T> | T): Promise<T> =>
    served(channel, async () => {
      await deps.ready;
      return work();
    });
  return {
    'library.availability': (input) =>
      served('library.availability', async () => availabilityOf(await deps.clientOf(), input, { localKeys: () => library.keys(), hasKey: deps.hasKey })),
    'library.manifest': (input) => served('library.manifest', async () => manifestSummaryOf(await deps.clientOf(), input)),
    'library.index': () => served('library.index', () => library.index()),
    'library.delete': ({ keys }) => served('library.delete', () => library.delete(keys)),
    'library.open': ({ keys }) =>
      served('library.open', async () => {
        const paths: string[] = [];
        for (const key of keys) {
          const path = await library.pathOf(key);
          if (path === null) {
            throw contractError('not-found', 'library.open', `The library has no file ${key}`, 'Download it first, or pick a file the library lists.');
          }
          paths.push(path);
        }
        return { files: await deps.grants.grant(paths, 'library') };
      }),
    'downloads.enqueue': (request) => queued('downloads.enqueue', () => queue.enqueue(request)),
    'downloads.queue': () => queued('downloads.queue', () => queue.snapshot()),
    'downloads.pause': ({ keys }) => queued('downloads.pause', () => queue.pause(keys)),
    'downloads.resume': ({ keys }) => queued('downloads.resume', () => queue.resume(keys)),
    'downloads.cancel': ({ keys }) => queued('downloads.cancel', () => queue.cancel(keys)),
    'downloads.clearFinished': () => queued('downloads.clearFinished', () => queue.clearFinished()),
  };
}

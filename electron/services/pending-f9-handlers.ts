import { ContractError } from '../../shared/contract/errors.ts';
import type { DownloadHandlers, ExportHandlers } from './library-channels.ts';

// Scaffolding for the F9 branches: replaced by the download queue's and the exporter's handlers before F9 lands.
const pending = (): Promise<never> => Promise.reject(new ContractError({ kind: 'internal', message: 'The snapshot library is being built', resolution: 'Update the app.', channel: null }));

/** Placeholder handlers of the library channels (removed when F9 lands). */
export const unusedLibraryHandlersUntilF9: DownloadHandlers & ExportHandlers = {
  'library.availability': pending,
  'library.manifest': pending,
  'library.index': pending,
  'library.delete': pending,
  'library.open': pending,
  'downloads.enqueue': pending,
  'downloads.queue': pending,
  'downloads.pause': pending,
  'downloads.resume': pending,
  'downloads.cancel': pending,
  'downloads.clearFinished': pending,
  'export.start': pending,
  'export.cancel': pending,
};

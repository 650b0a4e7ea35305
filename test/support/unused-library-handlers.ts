import type { DownloadHandlers, ExportHandlers } from '../../electron/host/library-channels.ts';

const unused = (): Promise<never> => Promise.reject(new Error('this test does not use the library'));

/** The library, download and export handlers for tests that exercise other channels: every call rejects. */
export const unusedLibraryHandlers: DownloadHandlers & ExportHandlers = {
  'library.availability': unused,
  'library.manifest': unused,
  'library.index': unused,
  'library.delete': unused,
  'library.open': unused,
  'downloads.enqueue': unused,
  'downloads.queue': unused,
  'downloads.pause': unused,
  'downloads.resume': unused,
  'downloads.cancel': unused,
  'downloads.clearFinished': unused,
  'export.start': unused,
  'export.cancel': unused,
};

import type { ContractHandlers } from './contract/handlers.ts';

/** The download queue's and availability's channels (`electron/host/downloads/`). */
export type DownloadHandlers = Pick<
  ContractHandlers,
  | 'library.availability'
  | 'library.manifest'
  | 'library.index'
  | 'library.delete'
  | 'library.open'
  | 'downloads.enqueue'
  | 'downloads.queue'
  | 'downloads.pause'
  | 'downloads.resume'
  | 'downloads.cancel'
  | 'downloads.clearFinished'
>;

/** The export channels (`electron/host/export/`). */
export type ExportHandlers = Pick<ContractHandlers, 'export.start' | 'export.cancel'>;

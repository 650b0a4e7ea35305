import type { ContractHandlers } from '../contract-host/handlers.ts';

/** The download queue's and availability's channels (`electron/services/downloads/`). */
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

/** The export channels (`electron/services/export/`). */
export type ExportHandlers = Pick<ContractHandlers, 'export.start' | 'export.cancel'>;

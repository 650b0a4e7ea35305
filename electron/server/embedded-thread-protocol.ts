import type { NoMessages, WorkerCall } from '../base/workers/worker-protocol.ts';
import type { FolderContents } from './store/directory-store.ts';
import type { EmbeddedServiceOptions } from './embedded-service.ts';

/** What the embedded service's thread is started with: the options that survive a structured clone. */
export type EmbeddedThreadOptions = Pick<EmbeddedServiceOptions, 'data' | 'keys' | 'warm' | 'warmFirst' | 'keepLiveFresh' | 'pregenerate' | 'port' | 'extraMarkets'>;

/**
 * The embedded service thread's messages: start the service (failing with its own words), read
 * its folder again, and close it; each answers with what the folder holds (null for the demo).
 */
export interface EmbeddedThreadProtocol {
  calls: {
    start: WorkerCall<EmbeddedThreadOptions, { baseUrl: string; contents: FolderContents | null }>;
    scan: WorkerCall<undefined, FolderContents | null>;
    close: WorkerCall<undefined, void>;
  };
  notes: NoMessages;
  events: NoMessages;
}

import type { FolderContents } from './store/directory-store.ts';
import type { EmbeddedServiceOptions } from './embedded-service.ts';

/** What the embedded service's thread is started with: the options that survive a structured clone. */
export type EmbeddedThreadOptions = Pick<EmbeddedServiceOptions, 'data' | 'keys' | 'warm' | 'warmFirst' | 'keepLiveFresh' | 'port' | 'extraMarkets'>;

/** A message from the thread to the services. */
export type EmbeddedThreadReply =
  | { type: 'started'; baseUrl: string; contents: FolderContents | null }
  | { type: 'failed'; message: string }
  | { type: 'scanned'; id: number; contents: FolderContents | null }
  | { type: 'scan-failed'; id: number; message: string }
  | { type: 'closed' };

/** The thread's options from its `workerData` (sent by `startEmbeddedServiceThread`, so only shape-checked). */
export function embeddedThreadOptionsOf(data: unknown): EmbeddedThreadOptions {
  if (typeof data !== 'object' || data === null || typeof Reflect.get(data, 'data') !== 'object') {
    throw new Error('The embedded service thread was started without its options');
  }
  return data as EmbeddedThreadOptions;
}

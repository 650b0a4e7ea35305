import type { DownloadLinks } from '../../electron/host/downloads/download-queue.ts';
import type { SnapshotTransfer, TransferRequest, TransferResult } from '../../electron/host/downloads/transfer-types.ts';

/** A transfer the test drives by hand: each call waits until the test lands, fails or the signal stops it. */
export class HandTransfers {
  readonly started: string[] = [];
  readonly active = new Map<string, { request: TransferRequest; land: (result: TransferResult) => void; fail: (error: Error) => void }>();
  readonly abortReasons: { key: string; reason: unknown }[] = [];
  maxActive = 0;

  readonly transfer: SnapshotTransfer = (request) =>
    new Promise<TransferResult>((resolve, reject) => {
      this.started.push(request.key);
      const stopped = (): Error => Object.assign(new Error(`stopped: ${String(request.signal.reason)}`), { kind: request.signal.reason === 'pause' ? 'paused' : 'cancelled' });
      // Stopped before it began (as the real transfer, which checks its signal first).
      if (request.signal.aborted) {
        this.abortReasons.push({ key: request.key, reason: request.signal.reason });
        reject(stopped());
        return;
      }
      const settle = (): void => {
        this.active.delete(request.key);
      };
      this.active.set(request.key, {
        request,
        land: (result) => {
          settle();
          resolve(result);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      });
      this.maxActive = Math.max(this.maxActive, this.active.size);
      request.signal.addEventListener('abort', () => {
        this.abortReasons.push({ key: request.key, reason: request.signal.reason });
        settle();
        reject(stopped());
      });
    });

  /** The request of a transfer under way (throws when the key is not transferring). */
  request(key: string): TransferRequest {
    const call = this.active.get(key);
    if (call === undefined) throw new Error(`${key} is not transferring`);
    return call.request;
  }

  /** Lands the transfer of `key` with `bytes` bytes. */
  land(key: string, bytes = 100): void {
    this.active.get(key)?.land({ bytes, records: 1, sha256: 'x' });
  }
}

/** Links from a hand-written manifest; every link request is recorded. */
export function handLinks(days: Record<string, readonly string[]> = {}): DownloadLinks & { linked: string[]; manifests: string[] } {
  const linked: string[] = [];
  const manifests: string[] = [];
  return {
    linked,
    manifests,
    manifest: ({ date }) => {
      manifests.push(date);
      return Promise.resolve((days[date] ?? []).map((key) => ({ key, url: `http://host.test/${key}?from=manifest` })));
    },
    link: (key) => {
      linked.push(key);
      return Promise.resolve(`http://host.test/${key}?from=link`);
    },
  };
}

/** Lets pending promise callbacks and one turn of the event loop run (no timers, no clock). */
export const flushQueue = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
};

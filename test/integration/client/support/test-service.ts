import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedService, type EmbeddedServiceOptions } from '../../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../../electron/server/local-service.ts';

/** The fixed service (and client) clock of the client tests. */
export const fixedNow = Date.UTC(2026, 10, 20, 12, 34, 56);

/** The paid and free keys the test service accepts. */
export const paidKey = 'mde-test-paid-7f3a9c1e55d2';
/** A key without historical download access (403 on payment-gated datasets). */
export const freeKey = 'mde-test-free-0b4e8d2a61c9';

/** A running demo service and its temporary data folder. */
export interface TestService {
  service: LocalService;
  close(): Promise<void>;
}

/** Starts the demo service (seed 1) at the fixed clock, with a paid and a free key. */
export async function startTestService(extra: EmbeddedServiceOptions['extra'] = {}): Promise<TestService> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mde-client-'));
  const service = await startEmbeddedService({
    data: { kind: 'demo', dataDir, seed: 1 },
    keys: [
      { key: paidKey, tier: 'paid' },
      { key: freeKey, tier: 'free' },
    ],
    extra: { now: () => fixedNow, ...extra },
  });
  return {
    service,
    close: async () => {
      await service.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A fetch that counts the requests it sends, to prove a refusal sent nothing. */
export function countingFetch(): { fetch: typeof fetch; readonly count: number; readonly urls: string[] } {
  const urls: string[] = [];
  return {
    fetch: (input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return fetch(input, init);
    },
    get count() {
      return urls.length;
    },
    urls,
  };
}

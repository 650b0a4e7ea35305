import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedService, type EmbeddedServiceOptions } from '../../../../electron/server/embedded-service.ts';
import type { FaultModes } from '../../../../electron/server/faults.ts';
import type { LocalService } from '../../../../electron/server/local-service.ts';
import { requestService, type RequestOptions, type ServiceResponse } from './http.ts';

/** The fixed service clock of the suite: 2026-11-20 12:34:56 UTC. */
export const fixedNow = Date.UTC(2026, 10, 20, 12, 34, 56);
/** A key with a paid subscription. */
export const paidKey = 'test-paid-key';
/** A key without one. */
export const freeKey = 'test-free-key';
/** The demo's seed in the suite. */
export const demoSeed = 20_261_120;

/** Milliseconds in a minute. */
export const minuteMs = 60_000;
/** Milliseconds in an hour. */
export const hourMs = 3_600_000;

/** The start (Unix ms) of the UTC hour holding `ms`. */
export function hourStartOf(ms: number): number {
  return ms - (ms % hourMs);
}

/** Service options a test file may set (everything but the data and the keys). */
export type ExtraOptions = Omit<NonNullable<EmbeddedServiceOptions['extra']>, 'now' | 'faults'> & { faults?: FaultModes };

/** A running service under test: its clock can be moved and its faults switched. */
export interface ConformanceService {
  readonly baseUrl: string;
  readonly downloadOrigin: string;
  readonly faults: FaultModes;
  /** The service clock in Unix ms; tests that move it must put it back. */
  readonly clock: { now: number };
  readonly dataDir: string;
  /** GETs a path on the service; error responses are checked against spec 2.14. */
  get<T>(path: string, options?: RequestOptions): Promise<ServiceResponse<T>>;
  close(): Promise<void>;
}

/** Starts a demo-store service over `dataDir` with the suite's keys and a movable fixed clock. */
export async function startConformanceService(dataDir: string, extra: ExtraOptions = {}, now = fixedNow): Promise<ConformanceService> {
  const clock = { now };
  const service: LocalService = await startEmbeddedService({
    data: { kind: 'demo', dataDir, seed: demoSeed },
    keys: [
      { key: paidKey, tier: 'paid' },
      { key: freeKey, tier: 'free' },
    ],
    extra: { ...extra, now: () => clock.now },
  });
  return {
    baseUrl: service.baseUrl,
    downloadOrigin: service.downloadHost.origin,
    faults: service.faults,
    clock,
    dataDir,
    get: <T>(path: string, options: RequestOptions = {}) => requestService<T>(service.baseUrl, path, options),
    close: () => service.close(),
  };
}

/** A service fixture: started in `beforeAll` over a fresh temp dir, closed in `afterAll`. */
export interface ServiceFixture extends ConformanceService {
  /** Starts another service on the same data dir (for other limits); the caller closes it. */
  startSibling(extra: ExtraOptions): Promise<ConformanceService>;
}

/**
 * Registers one service for the calling test file: demo data generated on demand into a fresh
 * temporary directory, a fixed clock (`now`), the paid and free test keys, and `extra` options.
 */
export function serviceFixture(extra: ExtraOptions = {}, now = fixedNow): ServiceFixture {
  let current: ConformanceService | undefined;
  let dir = '';
  const started = (): ConformanceService => {
    if (current === undefined) throw new Error('The conformance service is not running (use it inside a test).');
    return current;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mde-conformance-'));
    current = await startConformanceService(dir, extra, now);
  });
  afterAll(async () => {
    await current?.close();
    await rm(dir, { recursive: true, force: true });
  });
  return {
    get baseUrl() {
      return started().baseUrl;
    },
    get downloadOrigin() {
      return started().downloadOrigin;
    },
    get faults() {
      return started().faults;
    },
    get clock() {
      return started().clock;
    },
    get dataDir() {
      return started().dataDir;
    },
    get: <T>(path: string, options?: RequestOptions) => started().get<T>(path, options),
    close: () => started().close(),
    startSibling: (siblingExtra: ExtraOptions) => startConformanceService(dir, siblingExtra, now),
  };
}

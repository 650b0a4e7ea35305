import { expect } from 'vitest';
import type { SnapshotDownloadLink } from '../../../../shared/rows/snapshots.ts';
import { fetchBytes } from './http.ts';
import { paidKey, type ConformanceService } from './service-fixture.ts';
import { isZstd, snapshotLines, standardKey, type SnapshotLine } from './snapshot-file.ts';

/**
 * The raw lines of one dataset hour, fetched the way a user downloads them (a pre-signed URL
 * from `/snapshots/download`, then the download host) and decoded independently of the service.
 */
export async function hourFileLines(service: Pick<ConformanceService, 'get'>, source: string, market: string, hourStart: number): Promise<SnapshotLine[]> {
  const link = await service.get<SnapshotDownloadLink>('/snapshots/download', { query: { key: standardKey(source, market, hourStart), mode: 'json' }, key: paidKey });
  expect(link.status).toBe(200);
  const file = await fetchBytes(link.body.url);
  expect(file.status).toBe(200);
  expect(isZstd(file.bytes)).toBe(true);
  return snapshotLines(file.bytes);
}

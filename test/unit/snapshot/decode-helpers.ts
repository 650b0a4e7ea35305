import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { decodeSnapshot, type SnapshotDecodeResult, type SnapshotReadOptions } from '../../../electron/codec/snapshot-reader.ts';
import { compressZstdFrame } from '../../../electron/codec/zstd/zstd-compressor.ts';

/** The repo's own fixture folder. */
export const fixtureDir = join(import.meta.dirname, '..', '..', 'fixtures', 'snapshots');

/** The text of a fixture file. */
export function fixtureText(name: string): string {
  return readFileSync(join(fixtureDir, name), 'utf8');
}

/** Text compressed into one zstd frame. */
export function zst(text: string | Uint8Array): Uint8Array {
  return compressZstdFrame(typeof text === 'string' ? new TextEncoder().encode(text) : text);
}

/** Decodes bytes in memory and collects every record. */
export async function decodeBytes(
  bytes: Uint8Array,
  options: SnapshotReadOptions = {},
  name = 'test.jsonl.zst',
): Promise<{ records: SnapshotRecord[]; result: SnapshotDecodeResult }> {
  const records: SnapshotRecord[] = [];
  const result = await decodeSnapshot({ bytes, name }, { ...options, onRecords: (batch) => void records.push(...batch) });
  return { records, result };
}

/** Levels as plain arrays, for readable expectations. */
export function levels(values: Float64Array): number[] {
  return Array.from(values);
}

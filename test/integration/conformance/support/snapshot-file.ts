import { decompress } from 'fzstd';

/** The zstd frame magic number (field notes): `28 b5 2f fd`. */
export const zstdMagic = [0x28, 0xb5, 0x2f, 0xfd] as const;

/** Whether `bytes` starts with the zstd frame magic. */
export function isZstd(bytes: Uint8Array): boolean {
  return zstdMagic.every((byte, index) => bytes[index] === byte);
}

/** One line of a snapshot file, parsed as JSON (numbers beyond 2^53 lose precision). */
export type SnapshotLine = Record<string, unknown>;

/** Decompresses a `.jsonl.zst` file (any number of frames) into its parsed, non-blank lines. */
export function snapshotLines(bytes: Uint8Array): SnapshotLine[] {
  const text = new TextDecoder().decode(decompress(bytes));
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SnapshotLine);
}

/** The standard key of a dataset hour, as the field notes spell it. */
export function standardKey(source: string, market: string, hourStart: number): string {
  const iso = new Date(hourStart).toISOString();
  return `standard-${source}-${market}-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
}

/** Where a v2 line or a legacy line was observed, in Unix ms. */
export function lineTime(line: SnapshotLine): number {
  if (typeof line.collector_timestamp === 'number') return line.collector_timestamp;
  const legacy = typeof line.timestamp === 'number' ? line.timestamp : Number.NaN;
  return legacy >= 1e14 ? Math.floor(legacy / 1000) : legacy;
}

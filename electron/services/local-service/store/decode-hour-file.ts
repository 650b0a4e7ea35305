import type { SnapshotRecord } from '../../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../../snapshot/snapshot-reader.ts';

/** Decodes a whole snapshot file into memory, strictly: a bad file rejects with its decode error. */
export async function decodeHourFile(path: string): Promise<SnapshotRecord[]> {
  const records: SnapshotRecord[] = [];
  for await (const batch of new SnapshotReader({ path })) {
    for (const record of batch) records.push(record);
  }
  return records;
}

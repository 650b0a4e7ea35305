import type { SnapshotRecord } from '../../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../../snapshot/snapshot-reader.ts';

/**
 * Decodes a snapshot file into memory, strictly: a bad file rejects with its decode error. With
 * `lineTypes`, only lines of those file types are read (the other lines are passed over).
 */
export async function decodeHourFile(path: string, lineTypes?: ReadonlySet<string>): Promise<SnapshotRecord[]> {
  const records: SnapshotRecord[] = [];
  for await (const batch of new SnapshotReader({ path }, lineTypes === undefined ? {} : { onlyTypes: lineTypes })) {
    for (const record of batch) records.push(record);
  }
  return records;
}

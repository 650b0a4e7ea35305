import type { SnapshotRecord } from '../../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../../snapshot/snapshot-reader.ts';

/**
 * Decodes a snapshot file into memory, strictly: a bad file rejects with its decode error. With
 * `lineTypes`, only lines of those file types are read (the other lines are passed over); with
 * `fromLine`, v2 data lines before it are passed over too; with `enough`, reading stops after the
 * first record it accepts (the records then end there, not at the end of the file).
 */
export async function decodeHourFile(path: string, lineTypes?: ReadonlySet<string>, fromLine?: number, enough?: (record: SnapshotRecord) => boolean): Promise<SnapshotRecord[]> {
  const records: SnapshotRecord[] = [];
  const options = { ...(lineTypes === undefined ? {} : { onlyTypes: lineTypes }), ...(fromLine === undefined ? {} : { fromLine }) };
  for await (const batch of new SnapshotReader({ path }, options)) {
    for (const record of batch) {
      records.push(record);
      if (enough?.(record) === true) return records;
    }
  }
  return records;
}

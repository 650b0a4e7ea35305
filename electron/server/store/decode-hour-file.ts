import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { fileType } from '../../codec/records/record-decoder.ts';
import { SnapshotReader, type SnapshotSeek } from '../../codec/snapshot-reader.ts';

/**
 * Decodes a snapshot file into memory, strictly: a bad file rejects with its decode error. With
 * `lineTypes`, only lines of those file types are read (the other lines are passed over); with
 * `fromLine`, data lines before it (v2 or legacy) are passed over too; with `enough`, reading stops after the
 * first record it accepts (the records then end there, not at the end of the file). With
 * `onBatch`, each batch of records goes to it as it is decoded and none is collected (the result
 * is then empty), so a caller keeping the hour in another form never holds it all as objects.
 * With `seek` (a seek point of this file version at or before `fromLine`), the lines between the
 * first and the point are not even decompressed.
 */
export async function decodeHourFile(
  path: string,
  lineTypes?: ReadonlySet<string>,
  fromLine?: number,
  enough?: (record: SnapshotRecord) => boolean,
  onBatch?: (records: readonly SnapshotRecord[]) => void,
  seek?: SnapshotSeek,
): Promise<SnapshotRecord[]> {
  const records: SnapshotRecord[] = [];
  const options = {
    ...(lineTypes === undefined ? {} : { onlyTypes: lineTypes }),
    ...(fromLine === undefined ? {} : { fromLine }),
    ...(seek === undefined ? {} : { seek }),
  };
  // The reader passes over other types' lines of a v2 file; a legacy file's rows are all decoded
  // (their type is inside each row), and those of other types are left out here.
  const wanted = lineTypes === undefined ? null : (record: SnapshotRecord): boolean => lineTypes.has(fileType(record, 'v2'));
  for await (const read of new SnapshotReader({ path }, options)) {
    const batch = wanted === null || read.every(wanted) ? read : read.filter(wanted);
    if (onBatch !== undefined && enough === undefined) {
      onBatch(batch);
      continue;
    }
    for (let index = 0; index < batch.length; index++) {
      const record = batch[index];
      if (record === undefined) continue;
      if (onBatch === undefined) records.push(record);
      if (enough?.(record) === true) {
        onBatch?.(batch.slice(0, index + 1));
        return records;
      }
    }
    onBatch?.(batch);
  }
  return records;
}

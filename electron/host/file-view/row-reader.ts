import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { SnapshotRecordDecoder } from '../../codec/records/record-decoder.ts';

/**
 * Decodes single kept lines again, for the rows on screen: a record decoder primed with the
 * file's header line (v2) so that each line reads exactly as it did in the full decode. Lines are
 * decoded leniently: a line that fails reads as null.
 */
export class RowReader {
  private readonly decoder: SnapshotRecordDecoder;

  constructor(file: string, headerLine: Buffer | null) {
    this.decoder = new SnapshotRecordDecoder(file, { lenient: true });
    if (headerLine !== null) this.decoder.decodeLine(headerLine, 0, headerLine.length, 1, 0);
  }

  /** The record of one line, or null when it does not decode. */
  read(bytes: Buffer, start: number, end: number, line: number): SnapshotRecord | null {
    try {
      return this.decoder.decodeLine(bytes, start, end, line, 0);
    } catch {
      return null;
    }
  }
}

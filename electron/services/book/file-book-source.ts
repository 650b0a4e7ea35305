import { stat } from 'node:fs/promises';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../snapshot/snapshot-reader.ts';
import type { BookInput } from './book-input.ts';
import { isCoverageGap, snapshotKeyHour, summaryHour } from './snapshot-hour.ts';

/** Where a multi-file replay is: compressed bytes read of all files, and the current file. */
export interface FileReplayProgress {
  bytesRead: number;
  totalBytes: number;
  /** 0-based index of the file being read. */
  fileIndex: number;
  file: string;
}

/** Options of reading books from snapshot files. */
export interface FileBookSourceOptions {
  signal?: AbortSignal;
  onProgress?: (progress: FileReplayProgress) => void;
}

async function totalSize(paths: readonly string[]): Promise<number> {
  // A file that cannot be stat'ed counts 0 here; the reader reports it properly when it gets there.
  const sizes = await Promise.all(paths.map((path) => stat(path).then((s) => s.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

function orderbookEvents(records: readonly SnapshotRecord[]): BookInput[] {
  const events: BookInput[] = [];
  for (const record of records) if (record.type === 'orderbook') events.push(record);
  return events;
}

/**
 * Reads snapshot files in the given order as batches of book inputs (an `OrderbookRecord` is a
 * `BookEvent` as it is). Between two files whose hours are not consecutive (judged from the
 * snapshot key in the name, else the metadata header or first timestamp) a reset is inserted:
 * the field notes' rule that an hour with no file clears the books. Throws `SnapshotDecodeError`.
 */
export async function* bookInputsFromFiles(paths: readonly string[], options: FileBookSourceOptions = {}): AsyncGenerator<BookInput[], void, undefined> {
  const totalBytes = options.onProgress === undefined ? 0 : await totalSize(paths);
  let bytesBefore = 0;
  let previousHour: number | null = null;
  const enterHour = (hour: number | null): BookInput[] => {
    const gap = isCoverageGap(previousHour, hour);
    if (hour !== null) previousHour = hour;
    return gap && hour !== null ? [{ reset: true, collectorTimestamp: hour, cause: 'coverage-gap' }] : [];
  };
  for (const [fileIndex, file] of paths.entries()) {
    const reader = new SnapshotReader(
      { path: file },
      {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        onProgress: (progress) => options.onProgress?.({ bytesRead: bytesBefore + progress.bytesRead, totalBytes, fileIndex, file }),
      },
    );
    // Judge the file's hour from its name before reading, else from its header or first record.
    const nameHour = snapshotKeyHour(file);
    let judged = nameHour !== null;
    if (nameHour !== null) {
      const reset = enterHour(nameHour);
      if (reset.length > 0) yield reset;
    }
    for await (const records of reader) {
      const inputs = orderbookEvents(records);
      if (!judged) {
        judged = true;
        inputs.unshift(...enterHour(summaryHour(reader.summary())));
      }
      if (inputs.length > 0) yield inputs;
    }
    bytesBefore += reader.summary().compressedBytes;
  }
}

import { stat } from 'node:fs/promises';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../snapshot/snapshot-reader.ts';
import type { BookEvent } from '../../../shared/book/book-event.ts';
import type { BookInput } from './book-input.ts';
import type { FileEventOrder } from './book-worker-protocol.ts';
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
  /** `collector-time`: each file's events sorted by collector time, ties in file order (default: the file's own order). */
  order?: FileEventOrder;
  onProgress?: (progress: FileReplayProgress) => void;
}

async function totalSize(paths: readonly string[]): Promise<number> {
  // A file that cannot be stat'ed counts 0 here; the reader reports it properly when it gets there.
  const sizes = await Promise.all(paths.map((path) => stat(path).then((s) => s.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** Events per batch when a sorted file is handed on. */
const sortedBatch = 4096;

function orderbookEvents(records: readonly SnapshotRecord[]): BookEvent[] {
  const events: BookEvent[] = [];
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
    // In collector-time order a file is read whole, then sorted (stable: ties keep file order).
    const held: BookEvent[] = [];
    for await (const records of reader) {
      const inputs = orderbookEvents(records);
      if (!judged) {
        judged = true;
        const reset = enterHour(summaryHour(reader.summary()));
        if (reset.length > 0) yield reset;
      }
      if (options.order === 'collector-time') held.push(...inputs);
      else if (inputs.length > 0) yield inputs;
    }
    if (held.length > 0) {
      held.sort((a, b) => a.collectorTimestamp - b.collectorTimestamp);
      for (let at = 0; at < held.length; at += sortedBatch) yield held.slice(at, at + sortedBatch);
    }
    bytesBefore += reader.summary().compressedBytes;
  }
}

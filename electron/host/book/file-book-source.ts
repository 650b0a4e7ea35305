import { stat } from 'node:fs/promises';
import { CaptureRestarts } from '../../../shared/book/capture-stream.ts';
import type { SnapshotRecord, TradeRecord } from '../../../shared/snapshot/records.ts';
import { SnapshotReader } from '../../codec/snapshot-reader.ts';
import type { BookInput } from './book-input.ts';
import { isCoverageGap, snapshotKeySpan, summarySpan, type FileSpan } from './snapshot-hour.ts';

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
  /** Receives the trades of each batch, in file order, just before its book inputs are handed on (a replay draws them beside the book). */
  onTrades?: (trades: readonly TradeRecord[]) => void;
}

async function totalSize(paths: readonly string[]): Promise<number> {
  // A file that cannot be stat'ed counts 0 here; the reader reports it properly when it gets there.
  const sizes = await Promise.all(paths.map((path) => stat(path).then((s) => s.size, () => 0)));
  return sizes.reduce((sum, size) => sum + size, 0);
}

/**
 * The capture stream as the files give it: every data row's sequence is followed (whatever its
 * type), and a row at or below the previous one (in the same file, or the last row of the
 * previous contiguous file) starts a new session. Rows of another (source, market) start a new
 * stream, compared with nothing.
 */
class FileCaptureStream {
  readonly #restarts = new CaptureRestarts();
  #source = '';
  #market = '';

  /** Whether `record` starts a new capture session of its stream. */
  restartsAt(record: SnapshotRecord): boolean {
    if (record.source !== this.#source || record.market !== this.#market) {
      this.#restarts.gap();
      this.#source = record.source;
      this.#market = record.market;
    }
    return this.#restarts.next(record.collectorSequence);
  }

  /** A coverage gap: the session ends, the next row is compared with nothing. */
  gap(): void {
    this.#restarts.gap();
  }
}

/**
 * Reads snapshot files in the given order, each in its own line (arrival) order, as batches of
 * book inputs (an `OrderbookRecord` is a `BookEvent` as it is). A reset clears the books: between
 * two files whose spans do not meet (an hour or a whole day, judged from the snapshot key in the
 * name in any spelling, else the metadata header or first timestamp), the field notes' rule that an hour with no file clears the
 * books; and where `collector_sequence` starts again (a collector restart, a new capture session),
 * within a file or between contiguous files. Throws `SnapshotDecodeError`.
 */
export async function* bookInputsFromFiles(paths: readonly string[] | AsyncIterable<string>, options: FileBookSourceOptions = {}): AsyncGenerator<BookInput[], void, undefined> {
  // Files that arrive one by one (hour files as they land) add their size to the total as they come.
  const listed = Array.isArray(paths);
  let totalBytes = options.onProgress === undefined || !listed ? 0 : await totalSize(paths);
  const stream = new FileCaptureStream();
  let bytesBefore = 0;
  let previousSpan: FileSpan | null = null;
  const enterSpan = (span: FileSpan | null): BookInput[] => {
    const gap = isCoverageGap(previousSpan, span);
    if (span !== null) previousSpan = span;
    if (!gap || span === null) return [];
    stream.gap();
    return [{ reset: true, collectorTimestamp: span.start, cause: 'coverage-gap' }];
  };
  let fileIndex = -1;
  for await (const file of paths) {
    fileIndex++;
    if (!listed && options.onProgress !== undefined) totalBytes += await totalSize([file]);
    const reader = new SnapshotReader(
      { path: file },
      {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        onProgress: (progress) => options.onProgress?.({ bytesRead: bytesBefore + progress.bytesRead, totalBytes, fileIndex, file }),
      },
    );
    // Judge the file's span (an hour, or a whole day) from its name before reading, else from its header or first record.
    const nameSpan = snapshotKeySpan(file);
    let judged = nameSpan !== null;
    if (nameSpan !== null) {
      const reset = enterSpan(nameSpan);
      if (reset.length > 0) yield reset;
    }
    for await (const records of reader) {
      const inputs: BookInput[] = judged ? [] : enterSpan(summarySpan(reader.summary()));
      judged = true;
      const trades: TradeRecord[] = [];
      for (const record of records) {
        if (stream.restartsAt(record)) inputs.push({ reset: true, collectorTimestamp: record.collectorTimestamp, cause: 'session-restart' });
        if (record.type === 'orderbook') inputs.push(record);
        else if (record.type === 'trade' && options.onTrades !== undefined) trades.push(record);
      }
      if (trades.length > 0) options.onTrades?.(trades);
      if (inputs.length > 0) yield inputs;
    }
    bytesBefore += reader.summary().compressedBytes;
  }
}

import type { RowBatch } from './record-rows.ts';

/** Writes row batches into an open output file, one row group or chunk per batch. */
export interface TableWriter {
  /** Writes the batch's rows; the caller clears the batch afterwards. */
  write(batch: RowBatch): Promise<void>;
  /** Writes what closes the file (the Parquet footer); the caller syncs and closes the handle. */
  finish(): Promise<void>;
}

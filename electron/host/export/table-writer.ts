import type { Cell } from './record-rows.ts';

/** Rows in columns: one array of cells per column (a `RowBatch`, or any table laid out the same way). */
export interface CellColumns {
  readonly rows: number;
  readonly cells: Cell[][];
}

/** Writes row batches into an open output file, one row group or chunk per batch. */
export interface TableWriter {
  /** Writes the batch's rows; the caller clears the batch afterwards. */
  write(batch: CellColumns): Promise<void>;
  /** Writes what closes the file (the Parquet footer); the caller syncs and closes the handle. */
  finish(): Promise<void>;
}

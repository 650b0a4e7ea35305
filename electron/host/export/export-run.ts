import { stat } from 'node:fs/promises';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { decodeSnapshot, SnapshotReader } from '../../codec/snapshot-reader.ts';
import { CsvTableWriter } from './csv-table-writer.ts';
import { exportColumnsFor, exportRecordTypes, isExportRecordType, type ExportRecordType } from './export-columns.ts';
import { ExportError } from './export-error.ts';
import { LandingFile } from './landing-file.ts';
import { ParquetTableWriter } from './parquet-table-writer.ts';
import { RowBatch } from './record-rows.ts';
import type { TableWriter } from './table-writer.ts';

/** Output formats. */
export type ExportFormat = 'csv' | 'parquet';

/** Progress of an export: rows written so far and the share of the input read. */
export interface ExportProgress {
  rows: number;
  fraction: number;
}

/** What to export and where. */
export interface ExportRequest {
  /** Snapshot files, read in this order (already trusted). */
  files: readonly string[];
  /** Keeps only records whose collector time is in [start, end) (a library range). */
  window?: { start: number; end: number } | null;
  /** Record types to keep; empty means every type the files hold (found by a first pass). */
  types: readonly string[];
  format: ExportFormat;
  out: string;
  /** Replace an existing `out`. */
  force?: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: ExportProgress) => void;
  /** Rows per Parquet row group / CSV chunk; memory holds one of these. */
  rowGroupRows?: number;
}

/** A landed export. */
export interface ExportResult {
  path: string;
  rows: number;
  bytes: number;
  /** The record types whose columns the table has. */
  types: ExportRecordType[];
}

const defaultRowGroupRows = 65_536;

/** Checks a `types` filter; an unknown name is an `invalid-request` naming the valid ones. */
export function exportTypesOf(names: readonly string[]): Set<ExportRecordType> {
  const types = new Set<ExportRecordType>();
  for (const name of names) {
    if (!isExportRecordType(name)) {
      throw new ExportError('invalid-request', `"${name}" is not a record type that can be exported`, `Use one of ${exportRecordTypes.join(', ')}.`);
    }
    types.add(name);
  }
  return types;
}

/** The `type` names the decoder can skip unread for a set of export types; null reads every line. */
function lineTypesOf(types: ReadonlySet<ExportRecordType>): Set<string> | null {
  if (types.has('unknown')) return null;
  return new Set([...types].map((type) => (type === 'quote_ladder' ? 'record' : type)));
}

/** The export types behind the decoder's per-file-type counts (`orderbook_delta` and `record` fold in; other names are unknown). */
function exportTypesOfCounts(counts: Record<string, number>): ExportRecordType[] {
  return Object.keys(counts).flatMap((name): ExportRecordType[] => {
    if (name === 'orderbook_delta') return ['orderbook'];
    if (name === 'record') return ['quote_ladder', 'record'];
    return isExportRecordType(name) && name !== 'unknown' ? [name] : ['unknown'];
  });
}

function badInput(error: SnapshotDecodeError): ExportError {
  if (error.kind === 'cancelled') return cancelled();
  return new ExportError('bad-input', error.message, error.resolution);
}

function cancelled(): ExportError {
  return new ExportError('cancelled', 'the export was cancelled', 'Start it again to export.');
}

function stopIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw cancelled();
}

async function totalBytes(files: readonly string[]): Promise<number[]> {
  return Promise.all(
    files.map(async (file) => {
      try {
        return (await stat(file)).size;
      } catch {
        // The reader reports a missing file with its own clear message.
        return 0;
      }
    }),
  );
}

/** Tracks the share of input bytes read across files (and passes). */
class ReadShare {
  private done = 0;
  constructor(private readonly total: number) {}
  /** The share read once the current file has read `bytes`. */
  at(bytes: number): number {
    return this.total === 0 ? 1 : Math.min(1, (this.done + bytes) / this.total);
  }
  /** Counts a whole file as read. */
  finished(bytes: number): void {
    this.done += bytes;
  }
}

/** The types present in the files: a first pass that decodes and counts without keeping records. */
async function typesPresent(request: ExportRequest, signal: AbortSignal, sizes: readonly number[], share: ReadShare): Promise<Set<ExportRecordType>> {
  const found = new Set<ExportRecordType>();
  for (const [at, file] of request.files.entries()) {
    const result = await decodeSnapshot(
      { path: file },
      { signal, onProgress: (progress) => request.onProgress?.({ rows: 0, fraction: share.at(progress.bytesRead) }) },
    );
    if (!result.ok) throw badInput(new SnapshotDecodeError(result.error));
    for (const type of exportTypesOfCounts(result.summary.countsByType)) found.add(type);
    share.finished(sizes[at] ?? 0);
  }
  return found;
}

function writerFor(format: ExportFormat, landing: LandingFile, batch: RowBatch): TableWriter {
  return format === 'csv' ? new CsvTableWriter(landing.handle, batch.columns) : new ParquetTableWriter(landing.handle, batch.columns);
}

/**
 * Exports snapshot records to one CSV or Parquet table: decodes each file in order (streaming,
 * one row group in memory), keeps the chosen types (and the window's records), writes rows to
 * `${out}.part` and lands it at `out` once complete. Throws ExportError; after a failure or a
 * cancel nothing is left at `out` or beside it.
 */
export async function runExport(request: ExportRequest): Promise<ExportResult> {
  let types = exportTypesOf(request.types);
  if (request.files.length === 0) throw new ExportError('invalid-request', 'there is nothing to export: no input files', 'Name snapshot files, or a range that the library holds.');
  const signal = request.signal ?? new AbortController().signal;
  stopIfCancelled(signal);
  const sizes = await totalBytes(request.files);
  const inputBytes = sizes.reduce((sum, size) => sum + size, 0);
  const passes = types.size === 0 ? 2 : 1;
  const share = new ReadShare(inputBytes * passes);
  if (types.size === 0) types = await typesPresent(request, signal, sizes, share);

  const batch = new RowBatch(exportColumnsFor(types));
  const rowGroupRows = request.rowGroupRows ?? defaultRowGroupRows;
  const lineTypes = lineTypesOf(types);
  const window = request.window ?? null;
  const keep = (record: SnapshotRecord): boolean =>
    types.has(record.type) && (window === null || (record.collectorTimestamp >= window.start && record.collectorTimestamp < window.end));

  const landing = await LandingFile.open(request.out, { force: request.force ?? false });
  let rows = 0;
  let events = 0;
  try {
    const writer = writerFor(request.format, landing, batch);
    for (const [at, file] of request.files.entries()) {
      let read = 0;
      const reader = new SnapshotReader(
        { path: file },
        { signal, ...(lineTypes === null ? {} : { onlyTypes: lineTypes }), onProgress: (progress) => (read = progress.bytesRead) },
      );
      try {
        for await (const records of reader) {
          for (const record of records) {
            if (!keep(record)) continue;
            batch.append(record, events++);
            if (batch.rows >= rowGroupRows) {
              rows += batch.rows;
              await writer.write(batch);
              batch.clear();
            }
          }
          stopIfCancelled(signal);
          request.onProgress?.({ rows: rows + batch.rows, fraction: share.at(read) });
        }
      } catch (error) {
        throw error instanceof SnapshotDecodeError ? badInput(error) : error;
      }
      share.finished(sizes[at] ?? 0);
    }
    rows += batch.rows;
    await writer.write(batch);
    batch.clear();
    await writer.finish();
    stopIfCancelled(signal);
    const bytes = await landing.land();
    request.onProgress?.({ rows, fraction: 1 });
    return { path: request.out, rows, bytes, types: exportRecordTypes.filter((type) => types.has(type)) };
  } catch (error) {
    await landing.discard();
    if (error instanceof ExportError) throw error;
    throw new ExportError('io', `the export to ${request.out} failed (${error instanceof Error ? error.message : String(error)})`, 'Check the disk has room and the folder is writable, then try again.');
  }
}

import type { ColumnKind, ExportColumn } from '../export/export-columns.ts';
import { CsvTableWriter } from '../export/csv-table-writer.ts';
import { LandingFile } from '../export/landing-file.ts';
import { ParquetTableWriter } from '../export/parquet-table-writer.ts';
import type { Cell } from '../export/record-rows.ts';
import type { TableWriter } from '../export/table-writer.ts';
import { nextTurn } from '../../base/next-turn.ts';
import type { ResearchTableData } from './research-table.ts';

/** Rows per batch (a Parquet row group), as `mde export` writes them. */
const batchRows = 65_536;

/** A research column's export type. */
function exportColumnOf(name: string, kind: ResearchTableData['columns'][number]['kind']): ExportColumn {
  const kinds: Record<typeof kind, ColumnKind> = { timestamp: 'timestamp', float64: 'float64', int64: 'int64', string: 'string' };
  return { name, kind: kinds[kind], required: false };
}

/**
 * Writes a research table as CSV or Parquet with the export's own writers (F9's rules: CSV fields
 * as RFC 4180, numbers in their shortest round-trip text, null an empty field; Parquet DOUBLE,
 * INT64 and TIMESTAMP(MILLIS, UTC) columns), to `out.part`, landed atomically at `out` (never
 * replacing a file that is there). A number that is not finite is null. Returns rows and bytes.
 */
export async function writeResearchTable(table: ResearchTableData, format: 'csv' | 'parquet', out: string): Promise<{ rows: number; bytes: number }> {
  const columns = table.columns.map((column) => exportColumnOf(column.name, column.kind));
  const landing = await LandingFile.open(out, { force: false });
  try {
    const writer: TableWriter = format === 'csv' ? new CsvTableWriter(landing.handle, columns) : new ParquetTableWriter(landing.handle, columns);
    for (let from = 0; from < table.rows || (from === 0 && table.rows === 0); from += batchRows) {
      const to = Math.min(table.rows, from + batchRows);
      const cells: Cell[][] = table.columns.map((column) => {
        const out: Cell[] = new Array<Cell>(to - from);
        const values = column.values;
        for (let i = from; i < to; i++) {
          const value = values[i] ?? null;
          out[i - from] = typeof value === 'number' ? (Number.isFinite(value) ? value : null) : value;
        }
        return out;
      });
      await writer.write({ rows: to - from, cells });
      // A large table is written a batch per turn, so the service host keeps answering meanwhile.
      await nextTurn();
      if (table.rows === 0) break;
    }
    await writer.finish();
    const bytes = await landing.land();
    return { rows: table.rows, bytes };
  } catch (error) {
    await landing.discard();
    throw error;
  }
}

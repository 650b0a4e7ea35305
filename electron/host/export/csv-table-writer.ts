import type { FileHandle } from 'node:fs/promises';
import type { ColumnKind, ExportColumn } from './export-columns.ts';
import type { Cell } from './record-rows.ts';
import type { CellColumns, TableWriter } from './table-writer.ts';

/** Bytes of CSV text gathered before one write to the file. */
const flushChars = 1 << 20;

/**
 * One CSV field (RFC 4180): null is an empty field; a number is the shortest text that reads back
 * as it; a string is quoted when it holds a comma, a quote, CR or LF, or is empty (so an empty
 * string and null stay apart), quotes doubled.
 */
export function csvField(value: Cell, kind: ColumnKind): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  // String(-0) is "0", which reads back as +0: a float64 keeps its sign.
  if (typeof value === 'number') return kind === 'float64' && Object.is(value, -0) ? '-0' : String(value);
  if (kind !== 'string') return value;
  if (value === '' || /[",\r\n]/.test(value)) return `"${value.replaceAll('"', '""')}"`;
  return value;
}

/** Writes a header row, then rows, UTF-8 with `\n` line ends. */
export class CsvTableWriter implements TableWriter {
  private pending = '';

  constructor(
    private readonly file: FileHandle,
    private readonly columns: readonly ExportColumn[],
  ) {
    this.pending = `${columns.map((entry) => csvField(entry.name, 'string')).join(',')}\n`;
  }

  async write(batch: CellColumns): Promise<void> {
    const kinds = this.columns.map((entry) => entry.kind);
    const cells = batch.cells;
    const width = kinds.length;
    for (let row = 0; row < batch.rows; row++) {
      let line = '';
      for (let at = 0; at < width; at++) {
        if (at > 0) line += ',';
        line += csvField(cells[at]?.[row] ?? null, kinds[at] ?? 'string');
      }
      this.pending += `${line}\n`;
      if (this.pending.length >= flushChars) await this.flush();
    }
    await this.flush();
  }

  async finish(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const text = this.pending;
    this.pending = '';
    await this.file.write(text, null, 'utf8');
  }
}

import { once } from 'node:events';
import { csvField } from '../../services/export/csv-table-writer.ts';

/** One output column: numbers (NaN and ±∞ are null) or texts (null is null). */
export interface MetricsColumn {
  name: string;
  values: ArrayLike<number> | readonly (string | null)[];
}

/** Characters gathered before one write to stdout. */
const flushChars = 1 << 20;

/** Where the text goes: stdout, waiting when the pipe is full (tests pass their own). */
export type TextSink = (text: string) => Promise<void>;

/** Writes to stdout, waiting for 'drain' when the pipe is full, so output streams in constant memory. */
export const stdoutSink: TextSink = async (text) => {
  if (text !== '' && !process.stdout.write(text)) await once(process.stdout, 'drain');
};

type CellText = (row: number) => string;

/**
 * Writes metric rows as CSV (a header row, RFC 4180 fields as `mde export` writes them: null an
 * empty field, numbers in their shortest round-trip form, −0 kept) or as JSON lines (one object
 * per row, keys in column order, null for null). Numbers the engines computed are printed plainly,
 * with every digit JavaScript holds; input prices and quantities print as the files wrote them.
 */
export class MetricsTableWriter {
  private pending = '';
  private headerDone = false;

  constructor(
    private readonly format: 'csv' | 'jsonl',
    private readonly names: readonly string[],
    private readonly sink: TextSink = stdoutSink,
  ) {}

  /** Appends `count` rows taken from the columns (in the order of the names given at construction). */
  async write(columns: readonly MetricsColumn[], count: number): Promise<void> {
    this.header();
    const cells = columns.map((column) => this.cellText(column));
    const width = cells.length;
    const csv = this.format === 'csv';
    const keys = this.names.map((name, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
    for (let row = 0; row < count; row++) {
      let line = '';
      for (let at = 0; at < width; at++) {
        const text = (cells[at] as CellText)(row);
        line += csv ? (at === 0 ? text : `,${text}`) : `${keys[at] ?? ''}${text}`;
      }
      this.pending += csv ? `${line}\n` : `${line}}\n`;
      if (this.pending.length >= flushChars) await this.flush();
    }
  }

  /** Writes what is pending (the CSV header at least). */
  async end(): Promise<void> {
    this.header();
    await this.flush();
  }

  /** Hands what is gathered to the sink. */
  async flush(): Promise<void> {
    if (this.pending === '') return;
    const text = this.pending;
    this.pending = '';
    await this.sink(text);
  }

  private header(): void {
    if (this.headerDone) return;
    this.headerDone = true;
    if (this.format === 'csv') this.pending += `${this.names.map((name) => csvField(name, 'string')).join(',')}\n`;
  }

  private cellText(column: MetricsColumn): CellText {
    const values = column.values;
    const nullText = this.format === 'csv' ? '' : 'null';
    const csv = this.format === 'csv';
    if (isTextColumn(values)) {
      return (row) => {
        const value = values[row] ?? null;
        if (value === null) return nullText;
        return csv ? csvField(value, 'string') : JSON.stringify(value);
      };
    }
    return (row) => {
      const value = values[row] ?? Number.NaN;
      if (!Number.isFinite(value)) return nullText;
      // String(-0) is "0": CSV keeps the sign as `mde export` does; JSON writes 0 as JSON.stringify does.
      return csv && Object.is(value, -0) ? '-0' : String(value);
    };
  }
}

function isTextColumn(values: MetricsColumn['values']): values is readonly (string | null)[] {
  return Array.isArray(values) && values.some((value) => typeof value === 'string');
}

import { once } from 'node:events';
import { csvField } from '../../host/export/csv-table-writer.ts';

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

/** The texts of a column's cells for rows [start, end). */
type ColumnTexts = (start: number, end: number) => string[];

/** Rows formatted per block. */
const blockRows = 4096;

/**
 * Writes metric rows as CSV (a header row, RFC 4180 fields as `mde export` writes them: null an
 * empty field, numbers in their shortest round-trip form, −0 kept) or as JSON lines (one object
 * per row, keys in column order, null for null). Numbers the engines computed are printed plainly,
 * with every digit JavaScript holds; input prices and quantities in their shortest round-trip form.
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
    const texts = columns.map((column) => this.columnTexts(column));
    const width = texts.length;
    const csv = this.format === 'csv';
    const keys = this.names.map((name, i) => `${i === 0 ? '{' : ','}${JSON.stringify(name)}:`);
    // A block of rows at a time: each column's texts first (one tight loop per column), then the lines.
    for (let start = 0; start < count; start += blockRows) {
      const end = Math.min(count, start + blockRows);
      const cells = texts.map((text) => text(start, end));
      for (let row = 0; row < end - start; row++) {
        let line = csv ? (cells[0]?.[row] ?? '') : `${keys[0] ?? ''}${cells[0]?.[row] ?? ''}`;
        for (let at = 1; at < width; at++) line += csv ? `,${cells[at]?.[row] ?? ''}` : `${keys[at] ?? ''}${cells[at]?.[row] ?? ''}`;
        this.pending += csv ? `${line}\n` : `${line}}\n`;
      }
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

  /** A column's cell texts for rows [start, end). */
  private columnTexts(column: MetricsColumn): ColumnTexts {
    const values = column.values;
    const nullText = this.format === 'csv' ? '' : 'null';
    const csv = this.format === 'csv';
    if (isTextColumn(values)) {
      return (start, end) => {
        const out: string[] = [];
        for (let row = start; row < end; row++) {
          const value = values[row] ?? null;
          out.push(value === null ? nullText : csv ? csvField(value, 'string') : JSON.stringify(value));
        }
        return out;
      };
    }
    // Neighbouring rows often repeat a value (the mid, a time, a price): its text is made once.
    let lastValue = Number.NaN;
    let lastText = nullText;
    return (start, end) => {
      const out: string[] = [];
      for (let row = start; row < end; row++) {
        const value = values[row] ?? Number.NaN;
        if (value !== lastValue || Object.is(value, -0)) {
          lastValue = value;
          // String(-0) is "0": CSV keeps the sign as `mde export` does; JSON writes 0 as JSON.stringify does.
          lastText = !Number.isFinite(value) ? nullText : csv && Object.is(value, -0) ? '-0' : String(value);
        }
        out.push(lastText);
      }
      return out;
    };
  }
}

function isTextColumn(values: MetricsColumn['values']): values is readonly (string | null)[] {
  return Array.isArray(values) && values.some((value) => typeof value === 'string');
}

/** How an exported research column is typed (the export's own kinds: CSV text and Parquet logical types). */
export type ResearchColumnKind = 'timestamp' | 'float64' | 'int64' | 'string';

/** One column of a research table: numbers (NaN is null) or texts (null is null). */
export interface ResearchColumn {
  name: string;
  kind: ResearchColumnKind;
  values: Float64Array | readonly (string | null)[];
}

/** A table a research panel exports: its columns, all `rows` long. */
export interface ResearchTableData {
  rows: number;
  columns: ResearchColumn[];
}

/** A number column. */
export function numberColumn(name: string, values: ArrayLike<number>, kind: Exclude<ResearchColumnKind, 'string'> = 'float64'): ResearchColumn {
  return { name, kind, values: values instanceof Float64Array ? values : Float64Array.from(values) };
}

/** A text column. */
export function textColumn(name: string, values: readonly (string | null)[]): ResearchColumn {
  return { name, kind: 'string', values };
}

/** The `side` column of trades (all, or those at `order`): buy, sell, or null for an unknown side. */
export function sideColumn(side: Int8Array, order?: ArrayLike<number>): ResearchColumn {
  const n = order === undefined ? side.length : order.length;
  const words = Array.from({ length: n }, (_, i) => {
    const code = side[order === undefined ? i : (order[i] ?? 0)] ?? 0;
    return code === 1 ? 'buy' : code === -1 ? 'sell' : null;
  });
  return textColumn('side', words);
}

/** A table of these columns (every column must have the same length). */
export function tableOf(columns: ResearchColumn[]): ResearchTableData {
  const rows = columns[0]?.values.length ?? 0;
  for (const column of columns) if (column.values.length !== rows) throw new RangeError(`column ${column.name} has ${column.values.length} values, not ${rows}`);
  return { rows, columns };
}

/** Bytes a table holds, roughly (8 a number, 16 a text). */
export function tableBytes(table: ResearchTableData): number {
  return table.columns.reduce((sum, column) => sum + column.values.length * (column.kind === 'string' ? 16 : 8), 0);
}

/** A number column as the contract carries it: NaN and ±∞ become null (JSON has no NaN; null is "not known", never 0). */
export function nullable(values: ArrayLike<number>): (number | null)[] {
  return Array.from(values, (value) => (Number.isFinite(value) ? value : null));
}

/** A number as the contract carries it: null when not finite. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** Plain numbers (counts, times) as an array. */
export function plain(values: ArrayLike<number>): number[] {
  return Array.from(values);
}

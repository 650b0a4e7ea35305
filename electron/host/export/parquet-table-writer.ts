import { writeSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { ByteWriter, ParquetWriter, type ColumnSource, type SchemaElement } from 'hyparquet-writer';
import type { ExportColumn } from './export-columns.ts';
import type { Cell } from './record-rows.ts';
import type { CellColumns, TableWriter } from './table-writer.ts';

/** Encoded bytes held before they go to the file. */
const flushBytes = 1 << 20;

/** The Parquet type of a column (logical types that pandas, polars, DuckDB and Spark map natively). */
function schemaElement(column: ExportColumn): SchemaElement {
  const repetition_type = column.required ? 'REQUIRED' : 'OPTIONAL';
  switch (column.kind) {
    case 'int64':
      return { name: column.name, type: 'INT64', repetition_type };
    case 'timestamp':
      return {
        name: column.name,
        type: 'INT64',
        converted_type: 'TIMESTAMP_MILLIS',
        logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
        repetition_type,
      };
    case 'int32':
      return { name: column.name, type: 'INT32', repetition_type };
    case 'float64':
      return { name: column.name, type: 'DOUBLE', repetition_type };
    case 'bool':
      return { name: column.name, type: 'BOOLEAN', repetition_type };
    case 'string':
      return { name: column.name, type: 'BYTE_ARRAY', converted_type: 'UTF8', logical_type: { type: 'STRING' }, repetition_type };
  }
}

function int64Cells(cells: readonly Cell[]): (bigint | null)[] {
  return cells.map((value) => (typeof value === 'number' ? BigInt(value) : null));
}

/**
 * A hyparquet-writer output that goes to an open file as it fills, so memory holds one row
 * group's encoding, not the file.
 */
function fileOutput(file: FileHandle): ByteWriter {
  const output = new ByteWriter();
  const flush = (): void => {
    let at = 0;
    const bytes = new Uint8Array(output.buffer, 0, output.index);
    while (at < bytes.length) at += writeSync(file.fd, bytes, at, bytes.length - at);
    output.index = 0;
  };
  const grow = output.ensure.bind(output);
  output.ensure = (size: number): void => {
    if (output.index > flushBytes) flush();
    grow(size);
  };
  output.finish = flush;
  return output;
}

/** Writes one Parquet row group per batch (snappy, dictionary where it pays), the footer at the end. */
export class ParquetTableWriter implements TableWriter {
  private readonly writer: ParquetWriter;

  constructor(
    file: FileHandle,
    private readonly columns: readonly ExportColumn[],
  ) {
    const schema: SchemaElement[] = [{ name: 'root', num_children: columns.length }, ...columns.map(schemaElement)];
    this.writer = new ParquetWriter({ writer: fileOutput(file), schema, createdBy: 'Market Data Explorer (hyparquet-writer)' });
  }

  async write(batch: CellColumns): Promise<void> {
    if (batch.rows === 0) return;
    const columnData: ColumnSource[] = this.columns.map((column, at) => {
      const cells = batch.cells[at] ?? [];
      return { name: column.name, data: column.kind === 'int64' ? int64Cells(cells) : cells, nullable: !column.required };
    });
    await this.writer.write({ columnData, rowGroupSize: batch.rows });
  }

  async finish(): Promise<void> {
    await this.writer.finish();
  }
}

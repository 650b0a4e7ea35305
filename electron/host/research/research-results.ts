import { randomUUID } from 'node:crypto';
import { tableBytes, type ResearchTableData } from './research-table.ts';

/** The tables of one result, exportable by its id. */
type ResultTables = Partial<Record<string, ResearchTableData>>;

/** Results kept at most, and their bytes at most. */
const defaultLimits = { results: 12, bytes: 256 * 1024 * 1024 } as const;

/**
 * The tables of the latest research results, by result id, so a panel's export writes exactly what
 * it showed without computing again. Bounded: the oldest result goes first past 12 results or
 * 256 MiB (a result larger than the whole budget is not kept: its export asks to run it again).
 */
export class ResearchResults {
  readonly #results = new Map<string, { tables: ResultTables; bytes: number }>();
  #bytes = 0;

  constructor(private readonly limits: { results: number; bytes: number } = defaultLimits) {}

  /** Keeps a result's tables; returns its id. */
  add(tables: ResultTables): string {
    const resultId = randomUUID();
    let bytes = 0;
    for (const table of Object.values(tables)) if (table !== undefined) bytes += tableBytes(table);
    if (bytes > this.limits.bytes) return resultId;
    this.#results.set(resultId, { tables, bytes });
    this.#bytes += bytes;
    for (const [id, held] of this.#results) {
      if (this.#results.size <= this.limits.results && this.#bytes <= this.limits.bytes) break;
      this.#results.delete(id);
      this.#bytes -= held.bytes;
    }
    return resultId;
  }

  /** A result's tables, or undefined when it was never kept or has been dropped. */
  get(resultId: string): ResultTables | undefined {
    return this.#results.get(resultId)?.tables;
  }
}

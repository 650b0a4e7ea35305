import type { RowPage } from './row-page.ts';

/**
 * The rows of one query, fetched lazily: iterate `pages()` or the rows themselves
 * (`for await (const row of stream)`). Each iteration starts the query afresh; breaking out of
 * a loop stops fetching.
 */
export class RowStream<Row> implements AsyncIterable<Row> {
  readonly #open: () => AsyncGenerator<RowPage<Row>>;

  constructor(open: () => AsyncGenerator<RowPage<Row>>) {
    this.#open = open;
  }

  /** The pages, in order. */
  pages(): AsyncGenerator<RowPage<Row>> {
    return this.#open();
  }

  /** The rows of every page, in order. */
  async *rows(): AsyncGenerator<Row> {
    for await (const page of this.#open()) yield* page.items;
  }

  [Symbol.asyncIterator](): AsyncGenerator<Row> {
    return this.rows();
  }

  /** Only the first page (no further request is made). */
  async firstPage(): Promise<RowPage<Row>> {
    for await (const page of this.#open()) return page;
    throw new Error('The query produced no page');
  }

  /** Every row to the end, in one array. */
  async all(): Promise<Row[]> {
    const rows: Row[] = [];
    for await (const page of this.#open()) rows.push(...page.items);
    return rows;
  }
}

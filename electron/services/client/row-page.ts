/** An inclusive collector-time range, Unix ms. */
export interface TimeRange {
  start: number;
  end: number;
}

/** One page of rows as the client hands it on. */
export interface RowPage<Row> {
  items: Row[];
  /** More rows follow in this stream. */
  hasMore: boolean;
  /** The cursor the next page of this query is fetched with (null at the end). */
  nextCursor: string | null;
  /** The cursor this page was fetched with (null for a query's first page). */
  cursor: string | null;
  /** The time range of the query that produced the page (after any 422 split), when it has one. */
  range: TimeRange | null;
  /** The rest of the body: totals, `access`, `updatedAt` and the like. */
  envelope: Readonly<Record<string, unknown>>;
}

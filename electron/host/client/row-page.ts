/** An inclusive collector-time range, Unix ms. */
export interface TimeRange {
  start: number;
  end: number;
}

/** A list item the client left out because it broke its schema (routes that skip rather than fail). */
export interface SkippedItem {
  /** Position in the whole stream, from 0. */
  index: number;
  /** `source/market` when the item names them, to point the user at it. */
  label: string | null;
  field: string;
  expected: string;
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
  /** Items left out of this page because they broke the schema (only on routes that skip them). */
  skipped?: readonly SkippedItem[];
}

import { hasFields } from '../../../shared/guards/object-fields.ts';
import { passes, problemWith, type RowGuard } from '../../../shared/rows/field-rules.ts';
import { InvalidRowError } from '../../../shared/rows/row-problem.ts';
import { validateRows } from '../../../shared/rows/validate-rows.ts';
import type { HttpTransport } from './http-transport.ts';
import { MarketDataError, type RequestSummary } from './market-data-error.ts';
import { readPageBody } from './page-bodies.ts';
import type { QueryParams } from './query-params.ts';
import type { RowPage, SkippedItem, TimeRange } from './row-page.ts';
import type { RouteSpec } from './routes.ts';
import { nextTurn } from '../../base/next-turn.ts';

/** One paged query: the route, its complete query (cursor excluded), the row guard and the signal. */
export interface PagedQuery<Row> {
  route: RouteSpec;
  params: QueryParams;
  guard: RowGuard<Row>;
  signal?: AbortSignal | undefined;
  range?: TimeRange | null;
}

function paginationError(route: RouteSpec, message: string, request: RequestSummary): MarketDataError {
  return new MarketDataError('pagination', `${route.path}: ${message}`, {
    request,
    resolution:
      'The service broke its pagination rules (spec 4.0): the rows so far are sound but incomplete, and the rest cannot be fetched safely. Try again later or with a narrower range; if it persists, report it with this request to whoever runs the service.',
  });
}

/** A cursor as the error names it: quoted, and cut short (cursors are opaque and may be long). */
function quoted(cursor: string): string {
  return JSON.stringify(cursor.length > 60 ? `${cursor.slice(0, 60)}…` : cursor);
}

/**
 * Pages through one query (spec 4.0): the cursor goes back with every other parameter unchanged;
 * paging stops when `has_more` is false (at a null cursor on `/catalog/instruments`). `has_more`
 * without a cursor, or any cursor the service already gave in this paging (a cycle of any length),
 * is a typed `pagination` error. Every row is checked by the guard; a bad one is an
 * `invalid-response` error naming the row and field, except on routes that skip malformed items
 * (the catalog), where it is left out and reported.
 */
export async function* pageThrough<Row>(transport: HttpTransport, query: PagedQuery<Row>): AsyncGenerator<RowPage<Row>> {
  const { route, params, guard, signal } = query;
  /** Every cursor this paging was given, with the page (1-based) that gave it: any of them coming back is a cycle. */
  const seen = new Map<string, number>();
  let cursor: string | null = null;
  let streamOffset = 0;
  for (let pageNumber = 1; ; pageNumber++) {
    const response = await transport.send({ route, params: cursor === null ? params : { ...params, cursor }, signal });
    if (response.kind !== 'json') throw paginationError(route, 'answered with a redirect instead of a page', response.request);
    const read = readPageBody(route.paging, response.body);
    if (!read.ok) {
      throw new MarketDataError('invalid-response', `${route.path}: ${read.problem}`, { status: response.status, request: response.request, resolution: 'The service sent a malformed page; try again.' });
    }
    let items: Row[];
    let skipped: SkippedItem[] = [];
    // The parse had its turn; checking every row takes the next (the loop answers calls in between).
    await nextTurn();
    try {
      if (route.skipsMalformed === true) ({ items, skipped } = keepWellFormed(route.path, read.page.items, guard, streamOffset));
      else items = validateRows(route.path, read.page.items, guard);
    } catch (error) {
      if (!(error instanceof InvalidRowError)) throw error;
      throw new MarketDataError('invalid-response', error.message, {
        status: response.status,
        request: response.request,
        rowIndex: error.rowIndex,
        field: error.field,
        resolution: 'The service sent a row that does not match the specification; report it with the request.',
      });
    }
    const { hasMore, nextCursor, envelope } = read.page;
    if (hasMore && nextCursor === null) throw paginationError(route, 'has_more is true but there is no next_cursor', response.request);
    // An empty cursor is neither the end (null, or has_more false: spec 4.0.3) nor one to send back.
    if (hasMore && nextCursor === '') throw paginationError(route, 'next_cursor is an empty string: not a cursor to send back, and not the end of the pages (null)', response.request);
    if (hasMore && nextCursor !== null) {
      const givenOn = seen.get(nextCursor);
      if (givenOn !== undefined) {
        const cycle = `next_cursor ${quoted(nextCursor)} on page ${pageNumber} was already given on page ${givenOn}: the service's cursors run in a cycle`;
        throw paginationError(route, `${cycle}, so paging stopped rather than fetch the same rows again`, response.request);
      }
      seen.set(nextCursor, pageNumber);
    }
    streamOffset += items.length + skipped.length;
    yield { items, hasMore, nextCursor: hasMore ? nextCursor : null, cursor, range: query.range ?? null, envelope, ...(skipped.length > 0 ? { skipped } : {}) };
    if (!hasMore || nextCursor === null) return;
    cursor = nextCursor;
  }
}

function labelOf(item: unknown): string | null {
  if (!hasFields(item)) return null;
  const { source, market } = item;
  return typeof source === 'string' && typeof market === 'string' ? `${source.slice(0, 40)}/${market.slice(0, 40)}` : null;
}

/** The items that pass the guard, and the ones that do not, named by stream index and field. */
function keepWellFormed<Row>(endpoint: string, items: unknown, guard: RowGuard<Row>, offset: number): { items: Row[]; skipped: SkippedItem[] } {
  if (!Array.isArray(items)) throw new InvalidRowError(endpoint, -1, { field: '(items)', expected: 'an array of rows' });
  const kept: Row[] = [];
  const skipped: SkippedItem[] = [];
  items.forEach((item: unknown, index) => {
    if (passes(guard, item)) kept.push(item);
    else skipped.push({ index: offset + index, label: labelOf(item), ...problemWith(guard, item) });
  });
  return { items: kept, skipped };
}

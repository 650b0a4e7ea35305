import { expect } from 'vitest';
import type { SnapshotListing } from '../../../../shared/rows/snapshots.ts';
import type { RequestOptions } from './http.ts';
import type { ConformanceService } from './service-fixture.ts';

/** The page wrapper of spec 2.10. */
export interface PageBody<Row> {
  items: Row[];
  has_more: boolean;
  next_cursor?: string | null;
}

/** Every row of a paged query, and how many pages it took. */
export interface PagedRows<Row> {
  items: Row[];
  pages: number;
  /** The last page's `next_cursor` as sent: null, or undefined when absent. */
  finalCursor: string | null | undefined;
}

/**
 * Follows `next_cursor` (spec 4.0.1) until `has_more` is false, repeating every other
 * parameter unchanged, as real clients do: a page with `has_more` but no cursor, or a cursor
 * that repeats, fails the test.
 */
export async function pageAll<Row>(service: Pick<ConformanceService, 'get'>, path: string, options: RequestOptions = {}, maxPages = 200): Promise<PagedRows<Row>> {
  const items: Row[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; pages <= maxPages; pages++) {
    const response = await service.get<PageBody<Row>>(path, { ...options, query: { ...options.query, cursor } });
    expect(response.status, `page ${pages} of ${path}`).toBe(200);
    const body = response.body;
    expect(Array.isArray(body.items)).toBe(true);
    items.push(...body.items);
    if (!body.has_more) return { items, pages, finalCursor: body.next_cursor };
    const next = body.next_cursor;
    if (typeof next !== 'string' || next === '') throw new Error(`${path}: has_more is true but next_cursor is ${JSON.stringify(next)}`);
    if (seen.has(next)) throw new Error(`${path}: next_cursor repeated on page ${pages}`);
    seen.add(next);
    cursor = next;
  }
  throw new Error(`${path}: still has_more after ${maxPages} pages`);
}

/** Fails unless the numbers never decrease; says where they do. */
export function expectNonDecreasing(values: readonly number[], label: string): void {
  const at = values.findIndex((value, index) => index > 0 && value < (values[index - 1] ?? value));
  expect(at, `${label}: ${values[at - 1] ?? ''} then ${values[at] ?? ''} at index ${at}`).toBe(-1);
}

/**
 * Every page of a `/snapshots` listing (spec 2.12), following `next_cursor` as real clients do:
 * a page with `has_more` but no cursor, or a repeated cursor, fails the test.
 */
export async function snapshotListingPages(service: Pick<ConformanceService, 'get'>, options: RequestOptions = {}, maxPages = 200): Promise<SnapshotListing[]> {
  const pages: SnapshotListing[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  while (pages.length < maxPages) {
    const response = await service.get<SnapshotListing>('/snapshots', { ...options, query: { ...options.query, cursor } });
    expect(response.status, `page ${pages.length + 1} of /snapshots`).toBe(200);
    pages.push(response.body);
    if (!response.body.has_more) return pages;
    const next = response.body.next_cursor;
    if (typeof next !== 'string' || next === '') throw new Error(`/snapshots: has_more is true but next_cursor is ${JSON.stringify(next)}`);
    if (seen.has(next)) throw new Error(`/snapshots: next_cursor repeated on page ${pages.length}`);
    seen.add(next);
    cursor = next;
  }
  throw new Error(`/snapshots: still has_more after ${maxPages} pages`);
}

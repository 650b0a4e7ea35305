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

/** Where a row was stored, read from its `event_id` (`{file key}:{line}[:{part}]`); null for a derived row (a candle). */
export function storedPosition(eventId: string): { key: string; line: number; part: number } | null {
  const match = /^([^:]+):(\d+)(?::(\d+))?$/.exec(eventId);
  if (match === null || eventId.includes(':ohlcv:')) return null;
  return { key: match[1] ?? '', line: Number(match[2]), part: Number(match[3] ?? 0) };
}

/**
 * Fails unless every stream's rows (one source and market) come in arrival order: hour file by hour
 * file, each in its own line order, whatever their collector times do (ARCHITECTURE.md, "Capture
 * streams and sessions"). Derived rows (candles) are not checked.
 */
export function expectArrivalOrder(rows: readonly { event_id: string; source: string; market: string }[], label: string): void {
  const last = new Map<string, { key: string; line: number; part: number }>();
  rows.forEach((row, index) => {
    const at = storedPosition(row.event_id);
    if (at === null) return;
    const stream = `${row.source}/${row.market}`;
    const before = last.get(stream);
    last.set(stream, at);
    if (before === undefined) return;
    const after = at.key > before.key || (at.key === before.key && (at.line > before.line || (at.line === before.line && at.part > before.part)));
    expect(after, `${label}: ${row.event_id} at index ${index} comes after ${before.key}:${before.line}:${before.part} of ${stream}`).toBe(true);
  });
}

/**
 * Fails unless rows merged from several streams come in collector-time order up to the backward
 * steps within a stream (`toleranceMs`): a stream's rows merge by its replay clock, never behind.
 */
export function expectMergedByTime(times: readonly number[], label: string, toleranceMs = 1000): void {
  let highest = Number.NEGATIVE_INFINITY;
  times.forEach((time, index) => {
    expect(time, `${label}: a row at index ${index} is ${highest - time} ms behind the merge`).toBeGreaterThanOrEqual(highest - toleranceMs);
    highest = Math.max(highest, time);
  });
}

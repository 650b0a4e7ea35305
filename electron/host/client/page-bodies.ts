import { hasFields, isJsonObject } from '../../../shared/guards/object-fields.ts';
import type { RoutePaging } from './routes.ts';

/** The parts of a page body pagination needs, before the rows are checked. */
export interface PageBody {
  items: unknown;
  hasMore: boolean;
  nextCursor: string | null;
  envelope: Record<string, unknown>;
}

/** Why a body is not a page of its endpoint; null when it is. */
export type PageBodyResult = { ok: true; page: PageBody } | { ok: false; problem: string };

function cursorOf(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : undefined;
}

function withoutKey(body: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));
}

/** The older catalog shape `{sources: [{id, markets: [{id, ...}]}]}` as flat market entries (field notes). */
function legacyCatalogMarkets(sources: unknown[]): unknown[] {
  const markets: unknown[] = [];
  for (const source of sources) {
    if (!hasFields(source)) continue;
    const { id: sourceId, markets: list } = source;
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      if (!hasFields(entry)) continue;
      markets.push({ ...entry, source: sourceId, market: entry['market'] ?? entry['id'], symbol: entry['symbol'] ?? entry['market'] ?? entry['id'] });
    }
  }
  return markets;
}

/** Catalog entries without a symbol fall back to their market (field notes). */
function withSymbols(markets: unknown[]): unknown[] {
  if (markets.every((entry) => typeof entry !== 'object' || entry === null || 'symbol' in entry)) return markets;
  return markets.map((entry) =>
    hasFields(entry) && !('symbol' in entry) ? { ...entry, symbol: entry['market'] } : entry,
  );
}

/**
 * Reads a page body in its endpoint's shape: `{items, has_more, next_cursor}`; the catalog's
 * `markets` (or the older `sources`); the snapshot listing's `snapshots`; and
 * `/catalog/instruments`, which has no `has_more` and ends at a null cursor.
 */
export function readPageBody(paging: RoutePaging, body: unknown): PageBodyResult {
  if (!isJsonObject(body)) return { ok: false, problem: 'the body is not a JSON object' };
  const record = body;
  const nextCursor = cursorOf(record['next_cursor']);
  if (nextCursor === undefined) return { ok: false, problem: '"next_cursor" is neither a string nor null' };
  const hasMore = record['has_more'];
  switch (paging) {
    case 'instruments': {
      const items = record['instruments'];
      return { ok: true, page: { items, hasMore: nextCursor !== null, nextCursor, envelope: withoutKey(record, 'instruments') } };
    }
    case 'catalog': {
      const markets = record['markets'];
      const sources = record['sources'];
      if (!Array.isArray(markets) && Array.isArray(sources)) {
        return { ok: true, page: { items: legacyCatalogMarkets(sources), hasMore: hasMore === true, nextCursor, envelope: withoutKey(record, 'sources') } };
      }
      if (hasMore !== undefined && typeof hasMore !== 'boolean') return { ok: false, problem: '"has_more" is not a boolean' };
      const items = Array.isArray(markets) ? withSymbols(markets) : markets;
      return { ok: true, page: { items, hasMore: hasMore ?? nextCursor !== null, nextCursor, envelope: withoutKey(record, 'markets') } };
    }
    case 'snapshots':
    case 'rows': {
      const itemsKey = paging === 'snapshots' ? 'snapshots' : 'items';
      if (typeof hasMore !== 'boolean') return { ok: false, problem: '"has_more" is missing or not a boolean' };
      return { ok: true, page: { items: record[itemsKey], hasMore, nextCursor, envelope: withoutKey(record, itemsKey) } };
    }
    case 'none':
      return { ok: false, problem: 'this endpoint does not page' };
  }
}

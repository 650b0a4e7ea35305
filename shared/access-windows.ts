/** The anonymous window of the historical family (spec 4.14): the latest ten minutes, bounds omitted. */
export const anonymousHistoricalWindowMs = 10 * 60_000;
/** The rolling anonymous window of the latest-hour family (spec 4.14). */
export const anonymousLatestHourWindowMs = 60 * 60_000;

/** The access families of the row endpoints (spec 4.14, part 5). */
export type AccessFamily = 'historical' | 'latest-hour' | 'key';

/** Optional inclusive bounds of a query, Unix ms. */
export interface QueryBounds {
  start?: number | undefined;
  end?: number | undefined;
}

/**
 * Why the service would refuse a query of this family and these bounds without an API key
 * (spec 4.14 and part 5), or null when it may go anonymously. `path` names the endpoint in the
 * sentence; `now` must be the service's clock.
 */
export function anonymousRefusal(family: AccessFamily, path: string, bounds: QueryBounds, now: number): string | null {
  switch (family) {
    case 'key':
      return `${path} needs an API key on every request.`;
    case 'historical':
      if (bounds.start !== undefined || bounds.end !== undefined) {
        return `Choosing "start" or "end" on ${path} needs an API key; anonymous access covers the latest ten minutes.`;
      }
      return null;
    case 'latest-hour': {
      const publicFrom = now - anonymousLatestHourWindowMs;
      const { start, end } = bounds;
      // With only `end`, the query covers the hour before it, clamped to the public hour: it
      // needs a key only when `end` itself lies before the public hour.
      const effectiveStart = start ?? (end !== undefined ? Math.max(end - anonymousLatestHourWindowMs, publicFrom) : publicFrom);
      if (effectiveStart < publicFrom || (end !== undefined && end < publicFrom)) {
        return `${path} serves the rolling last hour anonymously (from ${new Date(publicFrom).toISOString()}); older history needs an API key.`;
      }
      return null;
    }
  }
}

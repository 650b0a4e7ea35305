import { integerParam, type QueryParams } from './query-params.ts';
import type { RouteSpec } from './routes.ts';

/** The anonymous window of the historical family (spec 4.14, part 8). */
export const anonymousHistoricalWindowMs = 10 * 60_000;
/** The rolling anonymous window of the latest-hour family. */
export const anonymousLatestHourWindowMs = 60 * 60_000;

/**
 * Why the service would refuse this request without an API key (spec 4.14 and part 5), or null
 * when it may go anonymously. Judged by the client's clock, which must be the service's clock.
 */
export function needsApiKeyReason(route: RouteSpec, params: QueryParams, now: number): string | null {
  switch (route.access) {
    case 'key':
      return `${route.path} needs an API key on every request.`;
    case 'historical':
      if (params['start'] !== undefined || params['end'] !== undefined) {
        return `Choosing "start" or "end" on ${route.path} needs an API key; anonymous access covers the latest ten minutes.`;
      }
      return null;
    case 'latest-hour': {
      const publicFrom = now - anonymousLatestHourWindowMs;
      const start = integerParam(params, 'start');
      const end = integerParam(params, 'end');
      // With only `end`, the query covers the hour before it, clamped to the public hour: it
      // needs a key only when `end` itself lies before the public hour.
      const effectiveStart = start ?? (end !== undefined ? Math.max(end - anonymousLatestHourWindowMs, publicFrom) : publicFrom);
      if (effectiveStart < publicFrom || (end !== undefined && end < publicFrom)) {
        return `${route.path} serves the rolling last hour anonymously (from ${new Date(publicFrom).toISOString()}); older history needs an API key.`;
      }
      return null;
    }
    case 'public':
      if (params['raw'] === true || params['raw'] === 'true') return `Listing raw files on ${route.path} needs an API key with a paid subscription.`;
      return null;
    case 'dataset':
      // Decided per dataset and date by the service; its 401/402 says so.
      return null;
  }
}

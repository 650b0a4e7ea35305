import { anonymousRefusal } from '../../../shared/access-windows.ts';
import { integerParam, type QueryParams } from './query-params.ts';
import type { RouteSpec } from './routes.ts';

/**
 * Why the service would refuse this request without an API key (spec 4.14 and part 5), or null
 * when it may go anonymously. Judged by the client's clock, which must be the service's clock.
 * A latest-hour continuation (with a cursor) is not judged again: its query was public when it
 * started, and the service skips the rows that aged out of the hour since (spec 4.0.5).
 */
export function needsApiKeyReason(route: RouteSpec, params: QueryParams, now: number): string | null {
  switch (route.access) {
    case 'latest-hour':
      if (params['cursor'] !== undefined) return null;
      return anonymousRefusal(route.access, route.path, { start: boundOf(params, 'start'), end: boundOf(params, 'end') }, now);
    case 'key':
    case 'historical':
      return anonymousRefusal(route.access, route.path, { start: boundOf(params, 'start'), end: boundOf(params, 'end') }, now);
    case 'public':
      if (params['raw'] === true || params['raw'] === 'true') return `Listing raw files on ${route.path} needs an API key with a paid subscription.`;
      return null;
    case 'dataset':
      // Decided per dataset and date by the service; its 401/402 says so.
      return null;
  }
}

/** A bound as the service reads it: an integer, or present but unreadable (still a bound). */
function boundOf(params: QueryParams, name: string): number | undefined {
  if (params[name] === undefined) return undefined;
  return integerParam(params, name) ?? Number.NaN;
}

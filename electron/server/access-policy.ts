import { createHash, timingSafeEqual } from 'node:crypto';
import { authRequired, badRequest, unavailable } from './service-error.ts';

/** What an API key grants: `paid` adds raw listings and gated downloads. */
export type KeyTier = 'paid' | 'free';

/** One accepted API key. */
export interface ApiKeyGrant {
  key: string;
  tier: KeyTier;
}

/** Who is asking: anonymous, or the holder of a known key. */
export type Principal = { kind: 'anonymous' } | { kind: 'key'; key: string; tier: KeyTier };

/** A name for who asked, to keep one principal's query state apart from another's (never logged: it holds the key). */
export function principalName(principal: Principal): string {
  return principal.kind === 'key' ? `key:${principal.key}` : 'anonymous';
}

/** Access families of spec 4.14 (and `/events`, which always needs a key). */
export type AccessFamily = 'historical' | 'latest-hour' | 'events';

/** An inclusive collector-time range in Unix ms. */
export interface TimeRange {
  start: number;
  end: number;
}

const tenMinutes = 10 * 60_000;
const oneHour = 60 * 60_000;

/**
 * Parses `--keys k1,k2:free` into grants; a key without a tier is `paid`.
 */
export function parseKeyList(list: string): ApiKeyGrant[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const [key = '', tier] = entry.split(':');
      if (tier !== undefined && tier !== 'paid' && tier !== 'free') {
        throw new Error(`Key tier must be "paid" or "free", not "${tier}" (in "${entry}")`);
      }
      return { key, tier: tier ?? 'paid' };
    });
}

/**
 * Whether two API keys are equal, compared in constant time: both are hashed to digests of one
 * length first, so the comparison reveals neither how much of a key matched nor its length.
 */
export function sameApiKey(presented: string, expected: string): boolean {
  const digest = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** Resolves the bearer key of a request (spec part 5). A wrong key is a 401, never anonymous. */
export function authenticate(authorization: string | undefined, grants: readonly ApiKeyGrant[], authUnavailable: boolean): Principal {
  if (authorization === undefined || authorization === '') return { kind: 'anonymous' };
  if (authUnavailable) throw unavailable('Authentication');
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (match?.[1] === undefined) {
    throw authRequired('The Authorization header is not of the form "Bearer <API_KEY>"');
  }
  const presented = match[1];
  // Every grant is compared, so the time taken does not say which one (if any) matched; the first match wins.
  const grant = grants.reduce<ApiKeyGrant | undefined>((found, candidate) => {
    const equal = sameApiKey(presented, candidate.key);
    return found ?? (equal ? candidate : undefined);
  }, undefined);
  if (grant === undefined) throw authRequired('The API key is not valid', 'Check the key, or create a new one in your account.');
  return { kind: 'key', key: grant.key, tier: grant.tier };
}

/**
 * Applies the access windows of spec 4.14 to the requested bounds and returns the effective
 * range, or a 401 when the request needs a key it does not have.
 */
export function resolveWindow(
  family: AccessFamily,
  start: number | undefined,
  end: number | undefined,
  principal: Principal,
  now: number,
): TimeRange {
  if (start !== undefined && end !== undefined && start > end) {
    throw badRequest(`"start" (${start}) is after "end" (${end})`, 'Send a start at or before the end.');
  }
  const anonymous = principal.kind === 'anonymous';
  if (family === 'events') {
    if (anonymous) throw authRequired('/events needs an API key on every request');
    if (start === undefined || end === undefined) {
      throw badRequest('/events needs both "start" and "end"', 'Send start and end as Unix milliseconds.');
    }
    return { start, end };
  }
  if (family === 'historical') {
    if (start === undefined && end === undefined) return { start: now - tenMinutes, end: now };
    if (anonymous) {
      throw authRequired('Choosing "start" or "end" on the historical endpoints needs an API key; anonymous access covers the latest ten minutes');
    }
    if (start === undefined) return { start: (end ?? now) - tenMinutes, end: end ?? now };
    return { start, end: end ?? now };
  }
  // Latest-hour family: the rolling last hour is public.
  const publicFrom = now - oneHour;
  let range: TimeRange;
  if (start === undefined && end === undefined) range = { start: publicFrom, end: now };
  else if (start === undefined) range = { start: Math.max((end ?? now) - oneHour, anonymous ? publicFrom : -Infinity), end: end ?? now };
  else range = { start, end: end ?? now };
  if (anonymous && (range.start < publicFrom || range.start > range.end)) {
    throw authRequired(
      'Anonymous requests must start within the rolling last hour; older history needs an API key',
      `Start at or after ${new Date(publicFrom).toISOString()} (${publicFrom}), or send an API key.`,
    );
  }
  return range;
}

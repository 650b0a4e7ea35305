/** The request quota as the `RateLimit-*` headers last reported it. */
export interface RateLimitFigures {
  limit: number | null;
  remaining: number | null;
  /** Seconds until the window resets. */
  resetSeconds: number | null;
  /** The raw `RateLimit-Policy` and `RateLimit` header values, when sent. */
  policy: string | null;
  combined: string | null;
}

/** The monthly `/events` allowance as the `X-Service-Monthly-Usage-*` headers last reported it. */
export interface MonthlyUsageFigures {
  limit: number | null;
  remaining: number | null;
  resetSeconds: number | null;
}

/** The latest usage figures of one service, for the status bar. */
export interface UsageSnapshot {
  rateLimit: RateLimitFigures | null;
  monthly: MonthlyUsageFigures | null;
  /** `Retry-After` of the last response that carried one, in seconds (or the HTTP-date as sent). */
  retryAfter: string | null;
  /** Client-clock time of the last response that carried any of these headers. */
  observedAt: number | null;
}

/** Called with the new snapshot whenever a response changes it. */
export type UsageListener = (usage: UsageSnapshot) => void;

function numberOf(value: string | null): number | null {
  if (value === null) return null;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : null;
}

/** Reads `r=` / `t=` from the structured `RateLimit` header (`"default";r=5;t=30`). */
function structuredParam(value: string | null, name: string): number | null {
  if (value === null) return null;
  const match = new RegExp(`(?:^|;)\\s*${name}=(\\d+)`).exec(value);
  return match?.[1] === undefined ? null : Number(match[1]);
}

/**
 * Records `RateLimit-*`, `Retry-After` and the monthly-usage headers of every response and
 * publishes the latest figures to listeners (later, over the contract to the status bar).
 */
export class UsageMonitor {
  #latest: UsageSnapshot = { rateLimit: null, monthly: null, retryAfter: null, observedAt: null };
  readonly #listeners = new Set<UsageListener>();

  /** The latest figures. */
  get latest(): UsageSnapshot {
    return this.#latest;
  }

  /** Subscribes to changes; returns the unsubscribe function. */
  onUsage(listener: UsageListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes the usage headers of one response; listeners hear only when something was there. */
  record(headers: Headers, now: number): void {
    const policy = headers.get('ratelimit-policy');
    const combined = headers.get('ratelimit');
    const limit = headers.get('ratelimit-limit');
    const remaining = headers.get('ratelimit-remaining');
    const reset = headers.get('ratelimit-reset');
    const monthlyLimit = headers.get('x-service-monthly-usage-limit');
    const monthlyRemaining = headers.get('x-service-monthly-usage-remaining');
    const monthlyReset = headers.get('x-service-monthly-usage-reset');
    const retryAfter = headers.get('retry-after');
    const hasRate = policy !== null || combined !== null || limit !== null || remaining !== null || reset !== null;
    const hasMonthly = monthlyLimit !== null || monthlyRemaining !== null || monthlyReset !== null;
    if (!hasRate && !hasMonthly && retryAfter === null) return;
    this.#latest = {
      rateLimit: hasRate
        ? {
            limit: numberOf(limit),
            remaining: numberOf(remaining) ?? structuredParam(combined, 'r'),
            resetSeconds: numberOf(reset) ?? structuredParam(combined, 't'),
            policy,
            combined,
          }
        : this.#latest.rateLimit,
      monthly: hasMonthly ? { limit: numberOf(monthlyLimit), remaining: numberOf(monthlyRemaining), resetSeconds: numberOf(monthlyReset) } : this.#latest.monthly,
      retryAfter: retryAfter ?? this.#latest.retryAfter,
      observedAt: now,
    };
    for (const listener of this.#listeners) listener(this.#latest);
  }
}

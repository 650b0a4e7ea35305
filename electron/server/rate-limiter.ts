import { rateLimited } from './service-error.ts';

/** The per-client quota: `limit` requests per fixed window of `windowSeconds`. */
export interface QuotaPolicy {
  limit: number;
  windowSeconds: number;
}

/** The outcome of counting one request. */
export interface QuotaState {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
}

/**
 * Fixed-window request quotas per client (API key, or address when anonymous). A request past
 * the quota is a 429 with `Retry-After` (spec part 7) and the window's end as `reset_at`.
 */
export class RateLimiter {
  readonly #policy: QuotaPolicy;
  readonly #windows = new Map<string, { startedAt: number; count: number }>();

  constructor(policy: QuotaPolicy) {
    this.#policy = policy;
  }

  /** Counts a request for `client` at `now` (ms); throws a 429 past the quota. */
  take(client: string, now: number): QuotaState {
    const windowMs = this.#policy.windowSeconds * 1000;
    let window = this.#windows.get(client);
    if (window === undefined || now - window.startedAt >= windowMs) {
      window = { startedAt: now - (now % windowMs), count: 0 };
      this.#windows.set(client, window);
    }
    const resetAt = window.startedAt + windowMs;
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    if (window.count >= this.#policy.limit) {
      throw rateLimited(
        'rate_limited',
        `Request quota exceeded: ${this.#policy.limit} requests per ${this.#policy.windowSeconds} s`,
        `Wait ${resetSeconds} s as Retry-After says, then retry.`,
        now,
        resetAt,
        rateLimitHeaders(this.#policy, { limit: this.#policy.limit, remaining: 0, resetSeconds }),
      );
    }
    window.count++;
    return { limit: this.#policy.limit, remaining: this.#policy.limit - window.count, resetSeconds };
  }

  /** The policy, for the `RateLimit-Policy` header. */
  get policy(): QuotaPolicy {
    return this.#policy;
  }
}

/** The `RateLimit-*` headers for a quota state (IETF RateLimit header fields, plus the older split form). */
export function rateLimitHeaders(policy: QuotaPolicy, state: QuotaState): Record<string, string> {
  return {
    'RateLimit-Policy': `"default";q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `"default";r=${state.remaining};t=${state.resetSeconds}`,
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetSeconds),
  };
}

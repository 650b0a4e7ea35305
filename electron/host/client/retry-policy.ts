/** How hard the client tries before it reports a failure. */
export interface RetryPolicy {
  /** Attempts per request for 503s and network failures (the first try included). */
  maxAttempts: number;
  /** First backoff delay; each further attempt doubles it, with full jitter. */
  baseDelayMs: number;
  /** Longest single backoff delay. */
  maxDelayMs: number;
  /** 429s waited out per request before giving up. */
  maxRateLimitWaits: number;
  /** Longest `Retry-After` the client waits out; a longer one is reported at once. */
  maxRateLimitWaitMs: number;
  /**
   * Shortest wait after a 429, doubled on each further 429 of one request, whatever the service
   * says: a `Retry-After: 0` or a `reset_at` in the past never makes the client ask again at once.
   */
  minRateLimitWaitMs: number;
  /** Longest wait a rate-limit error reports to the window (a `reset_at` in year 9999 counts down from this). */
  maxReportedWaitMs: number;
}

/** The defaults: 5 attempts from 500 ms (as the public download tool does), waits of up to a minute. */
export const defaultRetryPolicy: RetryPolicy = {
  maxAttempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRateLimitWaits: 5,
  maxRateLimitWaitMs: 60_000,
  minRateLimitWaitMs: 250,
  maxReportedWaitMs: 3_600_000,
};

/** The jittered exponential delay before retry number `retry` (1 for the first retry). */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  // "Equal jitter": at least half the ceiling, so retries never bunch at zero.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * The wait before asking again after the `repeat`-th 429 of one request (1 for the first): what the
 * service asked for (`hintedMs`, null when it named nothing; a time in the past is 0), but never
 * less than the policy's floor doubled on each repeat. Deterministic: no jitter.
 */
export function rateLimitWait(hintedMs: number | null, repeat: number, policy: RetryPolicy): number {
  const floor = policy.minRateLimitWaitMs * 2 ** (repeat - 1);
  return Math.max(floor, hintedMs ?? 0);
}

/** The wait a rate-limit error reports: at least the policy's floor, at most `maxReportedWaitMs`. */
export function reportedRateLimitWait(waitMs: number, policy: RetryPolicy): number {
  return Math.min(policy.maxReportedWaitMs, Math.max(policy.minRateLimitWaitMs, Math.round(waitMs)));
}

/**
 * `Retry-After` in ms from now: delta-seconds or an HTTP-date (RFC 9110 10.2.3), judged by the
 * client's clock. Null when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A wait of `ms` that rejects with the signal's reason as soon as it aborts; injected, so tests can record waits without waiting. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** The real `Sleep`: a timer, cleared when the signal aborts. */
export const sleep: Sleep = async (ms, signal) => {
  signal?.throwIfAborted();
  await new Promise<void>((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
  // The wait ended early only if the signal aborted: then it throws the signal's reason, whatever it is.
  signal?.throwIfAborted();
};

/** Per-key monthly request counts for `/events`, reported in the monthly usage headers (part 8). */
export class MonthlyUsage {
  readonly #allowance: number;
  readonly #counts = new Map<string, { month: string; used: number }>();

  constructor(allowance: number) {
    this.#allowance = allowance;
  }

  /** Counts one request for `key` at `now` and returns the headers to send, and when the month resets (Unix ms). */
  record(key: string, now: number): { headers: Record<string, string>; exhausted: boolean; resetAt: number } {
    const date = new Date(now);
    const month = date.toISOString().slice(0, 7);
    let entry = this.#counts.get(key);
    if (entry?.month !== month) {
      entry = { month, used: 0 };
      this.#counts.set(key, entry);
    }
    const exhausted = entry.used >= this.#allowance;
    if (!exhausted) entry.used++;
    const reset = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
    return {
      exhausted,
      resetAt: reset,
      headers: {
        'X-Service-Monthly-Usage-Limit': String(this.#allowance),
        'X-Service-Monthly-Usage-Remaining': String(this.#allowance - entry.used),
        'X-Service-Monthly-Usage-Reset': String(Math.ceil((reset - now) / 1000)),
      },
    };
  }
}

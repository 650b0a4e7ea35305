/** How far back the transfer rate looks. */
export const rateWindowMs = 5_000;

interface Sample {
  at: number;
  bytes: number;
}

/**
 * A transfer rate over a sliding window: bytes gained since the newest sample at or before the
 * window's start (or the first sample), divided by the time since then, up to now. A transfer
 * that stops sending slows to 0 as the window slides past its last bytes.
 */
export class RateMeter {
  readonly #windowMs: number;
  #samples: Sample[] = [];

  constructor(windowMs = rateWindowMs) {
    this.#windowMs = windowMs;
  }

  /** Records that `bytes` (a running total) had arrived at `at`. */
  add(at: number, bytes: number): void {
    this.#samples.push({ at, bytes });
    this.#trim(at);
  }

  /** Bytes per second at `now`; 0 without two points in time. */
  rate(now: number): number {
    this.#trim(now);
    const first = this.#samples[0];
    const last = this.#samples[this.#samples.length - 1];
    if (first === undefined || last === undefined || now <= first.at) return 0;
    return Math.max(0, ((last.bytes - first.bytes) * 1000) / (now - first.at));
  }

  /** Forgets every sample (a paused or restarted transfer starts measuring afresh). */
  reset(): void {
    this.#samples = [];
  }

  #trim(now: number): void {
    const start = now - this.#windowMs;
    // Keep the newest sample at or before the window's start as the anchor.
    let drop = 0;
    while (drop + 1 < this.#samples.length && (this.#samples[drop + 1]?.at ?? Infinity) <= start) drop++;
    if (drop > 0) this.#samples.splice(0, drop);
  }
}

/** Milliseconds to fetch what is left at a rate; null when the size is unknown or nothing flows. */
export function etaMs(bytes: number, totalBytes: number | null, rateBps: number): number | null {
  if (totalBytes === null || rateBps <= 0) return null;
  return Math.max(0, Math.round(((totalBytes - bytes) * 1000) / rateBps));
}

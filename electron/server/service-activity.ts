/**
 * The service's requests in flight and when the last one ended, so that background work (the
 * demo's warm-up) can wait for a quiet moment instead of competing with what a user asked for.
 */
export class ServiceActivity {
  readonly #clock: () => number;
  #inFlight = 0;
  #lastEnded = Number.NEGATIVE_INFINITY;

  /** @param clock any clock in ms (the service's own) */
  constructor(clock: () => number) {
    this.#clock = clock;
  }

  /** Requests being served now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** A request arrived. */
  started(): void {
    this.#inFlight++;
  }

  /** A request was answered or abandoned. */
  ended(): void {
    this.#inFlight = Math.max(0, this.#inFlight - 1);
    this.#lastEnded = this.#clock();
  }

  /** True when no request is in flight and none ended in the last `quietMs`. */
  isQuiet(quietMs: number): boolean {
    return this.#inFlight === 0 && this.#clock() - this.#lastEnded >= quietMs;
  }
}

/** Resolves once `activity` has been quiet for `quietMs` (checked every `pollMs`), or at once when `signal` is aborted. */
export async function quietMoment(activity: ServiceActivity, quietMs: number, signal: AbortSignal, pollMs = 200): Promise<void> {
  while (!signal.aborted && !activity.isQuiet(quietMs)) {
    await new Promise<void>((resolve) => {
      // One listener at a time: each poll removes its own (a listener per poll on the service's
      // long-lived stop signal leaked, and warned MaxListenersExceeded while downloads ran).
      const onAbort = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, pollMs);
      timer.unref();
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

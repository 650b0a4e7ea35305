/** Starts a one-off timer; returns a function that cancels it. The service's timers never keep the process alive. */
export type IdleTimer = (run: () => void, delayMs: number) => () => void;

/** `setTimeout`, unref'd. */
export const unrefTimer: IdleTimer = (run, delayMs) => {
  const timer = setTimeout(run, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

/** How a byte-budget cache measures, when it forgets, and which clock and timer it uses. */
export interface ByteBudgetCacheOptions<V> {
  /** The most bytes the kept values may add up to. */
  maxBytes: number;
  /** An estimate of the memory a value holds, in bytes; read once, when the value is stored. */
  sizeOf: (value: V) => number;
  /** A value not asked for in this long is dropped (and its memory left to the collector); none by default. */
  idleMs?: number;
  /** The clock idle time is read from; `performance.now` by default. */
  now?: () => number;
  /** How the idle sweep is scheduled; an unref'd `setTimeout` by default. */
  timer?: IdleTimer;
  /**
   * Called when an idle sweep has dropped the last value kept: nothing was asked for in `idleMs`,
   * and what the cache held is garbage now (for the owner to have it collected).
   */
  onIdle?: () => void;
}

interface Entry<V> {
  value: V;
  bytes: number;
  lastUsed: number;
}

/**
 * A least-recently-used cache bounded by bytes: storing a value evicts the least recently used
 * ones until the kept values fit `maxBytes`, and a value larger than the whole budget is not kept
 * at all (the caller still has it). With `idleMs`, values not used for that long are dropped by a
 * timer that runs only while something is kept, so an idle service gives its memory back (`onIdle`
 * tells the owner when the last one went).
 */
export class ByteBudgetCache<K, V> {
  readonly #options: Required<Omit<ByteBudgetCacheOptions<V>, 'idleMs' | 'onIdle'>> & { idleMs: number | null; onIdle: (() => void) | null };
  readonly #entries = new Map<K, Entry<V>>();
  #bytes = 0;
  #cancelSweep: (() => void) | null = null;
  #sweepAt = Number.POSITIVE_INFINITY;

  constructor(options: ByteBudgetCacheOptions<V>) {
    if (!(options.maxBytes >= 0)) throw new Error(`maxBytes must be a number of bytes ≥ 0, not ${options.maxBytes}`);
    if (options.idleMs !== undefined && !(options.idleMs > 0)) throw new Error(`idleMs must be above 0, not ${options.idleMs}`);
    this.#options = { now: () => performance.now(), timer: unrefTimer, ...options, idleMs: options.idleMs ?? null, onIdle: options.onIdle ?? null };
  }

  /** Bytes of the values kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** How many values are kept now. */
  get size(): number {
    return this.#entries.size;
  }

  /** The budget. */
  get maxBytes(): number {
    return this.#options.maxBytes;
  }

  /** The value for `key`, which becomes the most recently used; undefined when not kept. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    entry.lastUsed = this.#options.now();
    return entry.value;
  }

  /** Whether `key` is kept, without touching its recency. */
  has(key: K): boolean {
    return this.#entries.has(key);
  }

  /**
   * Keeps `value` under `key` as the most recently used, evicting the least recently used values
   * until everything fits. Returns false when the value alone is over the budget: it is then not
   * kept (and an older value under `key` is dropped).
   */
  set(key: K, value: V): boolean {
    this.delete(key);
    const bytes = this.#options.sizeOf(value);
    if (!(bytes <= this.#options.maxBytes)) return false;
    for (const [oldKey, entry] of this.#entries) {
      if (this.#bytes + bytes <= this.#options.maxBytes) break;
      this.#entries.delete(oldKey);
      this.#bytes -= entry.bytes;
    }
    this.#entries.set(key, { value, bytes, lastUsed: this.#options.now() });
    this.#bytes += bytes;
    this.#scheduleSweep();
    return true;
  }

  /** Forgets `key`; true when it was kept. */
  delete(key: K): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    if (this.#entries.size === 0) this.#stopSweep();
    return true;
  }

  /** Forgets everything. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#stopSweep();
  }

  /** Drops the values not used for `idleMs` (none without `idleMs`); returns how many were dropped. */
  dropIdle(): number {
    const idleMs = this.#options.idleMs;
    if (idleMs === null) return 0;
    const cutoff = this.#options.now() - idleMs;
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (entry.lastUsed > cutoff) continue;
      this.#entries.delete(key);
      this.#bytes -= entry.bytes;
      dropped++;
    }
    return dropped;
  }

  /** Runs the idle sweep when the oldest use comes of age, as long as something is kept. */
  #scheduleSweep(): void {
    const idleMs = this.#options.idleMs;
    if (idleMs === null || this.#entries.size === 0) return;
    // The map is in order of use (a read moves its entry to the end): the first is the oldest.
    const oldest = this.#entries.values().next().value?.lastUsed ?? this.#options.now();
    const at = oldest + idleMs;
    // A sweep already due no later than this one will reschedule itself for the rest.
    if (this.#cancelSweep !== null && this.#sweepAt <= at) return;
    this.#stopSweep();
    this.#sweepAt = at;
    this.#cancelSweep = this.#options.timer(() => {
      this.#cancelSweep = null;
      this.#sweepAt = Number.POSITIVE_INFINITY;
      const dropped = this.dropIdle();
      if (dropped > 0 && this.#entries.size === 0) this.#options.onIdle?.();
      this.#scheduleSweep();
    }, Math.max(0, at - this.#options.now()));
  }

  #stopSweep(): void {
    this.#cancelSweep?.();
    this.#cancelSweep = null;
    this.#sweepAt = Number.POSITIVE_INFINITY;
  }
}

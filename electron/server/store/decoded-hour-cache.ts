import { ByteBudgetCache, type IdleTimer } from './byte-budget-cache.ts';
import type { DecodedHour } from './market-data-store.ts';

/**
 * What the rows built from a decoded hour add to it, per record, in bytes: a reading of it (one
 * query's kinds) keeps a replay clock (8 B) and four row columns (32 B) per record it serves (see
 * `rows/hour-rows.ts`); an hour is typically read two ways.
 */
export const derivedBytesPerRecord = 80;

/** The estimated memory of a decoded hour: its records and the rows derived from them. */
export function decodedHourBytes(hour: DecodedHour): number {
  return hour.records.bytes + hour.records.length * derivedBytesPerRecord;
}

/** Budget and idle time of the decoded-hour cache. */
export interface DecodedHourCacheOptions {
  /** The most bytes the kept hours may add up to (by `decodedHourBytes`). */
  maxBytes: number;
  /** An hour not read for this long is dropped; never by default. */
  idleMs?: number;
  /** The clock idle time is read from. */
  now?: () => number;
  /** How the idle sweep is scheduled. */
  timer?: IdleTimer;
  /** Called when the idle sweep has dropped the last hour kept. */
  onIdle?: () => void;
}

/**
 * A least-recently-used cache of decoded hours, bounded by an estimate of their memory in bytes,
 * so that paging through a file does not decode it again for every page. An hour larger than the
 * whole budget is served to whoever read it but not kept.
 */
export class DecodedHourCache {
  readonly #entries: ByteBudgetCache<string, { hour: DecodedHour; stamp: string }>;

  constructor(options: DecodedHourCacheOptions) {
    this.#entries = new ByteBudgetCache({ ...options, sizeOf: (entry) => decodedHourBytes(entry.hour) });
  }

  /** Bytes of the hours kept now. */
  get bytes(): number {
    return this.#entries.bytes;
  }

  /** The cached hour for `key` if it was decoded from the same file version (`stamp`). */
  get(key: string, stamp: string): DecodedHour | undefined {
    const entry = this.#entries.get(key);
    return entry === undefined || entry.stamp !== stamp ? undefined : entry.hour;
  }

  /** Stores a decoded hour, evicting the least recently used ones past the budget; false when it alone is over it (not kept). */
  set(key: string, stamp: string, hour: DecodedHour): boolean {
    return this.#entries.set(key, { hour, stamp });
  }

  /** Drops every hour. */
  clear(): void {
    this.#entries.clear();
  }
}

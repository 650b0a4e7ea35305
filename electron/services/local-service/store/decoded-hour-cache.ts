import type { DecodedHour } from './market-data-store.ts';

/**
 * A least-recently-used cache of decoded hours, bounded by an estimate of their memory, so that
 * paging through a file does not decode it again for every page.
 */
export class DecodedHourCache {
  readonly #maxRecords: number;
  readonly #entries = new Map<string, { hour: DecodedHour; stamp: string }>();
  #records = 0;

  /** @param maxRecords how many records may stay decoded across all cached hours */
  constructor(maxRecords: number) {
    this.#maxRecords = maxRecords;
  }

  /** The cached hour for `key` if it was decoded from the same file version (`stamp`). */
  get(key: string, stamp: string): DecodedHour | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.stamp !== stamp) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.hour;
  }

  /** Stores a decoded hour, evicting the least recently used ones past the bound. */
  set(key: string, stamp: string, hour: DecodedHour): void {
    const previous = this.#entries.get(key);
    if (previous !== undefined) {
      this.#records -= previous.hour.records.length;
      this.#entries.delete(key);
    }
    this.#entries.set(key, { hour, stamp });
    this.#records += hour.records.length;
    for (const [oldKey, entry] of this.#entries) {
      if (this.#records <= this.#maxRecords || oldKey === key) break;
      this.#entries.delete(oldKey);
      this.#records -= entry.hour.records.length;
    }
  }
}

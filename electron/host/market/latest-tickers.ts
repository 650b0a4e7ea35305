import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';

/**
 * The latest ticker of each option contract, whatever order the rows arrive in: the highest
 * `collector_timestamp` wins, and of two at the same time the one read later. At most `cap`
 * rows are read.
 */
export class LatestTickers {
  readonly #cap: number;
  readonly #latest = new Map<string, OptionTickerRow>();
  #read = 0;

  constructor(cap: number) {
    this.#cap = cap;
  }

  /** Takes one ticker; false, taking nothing, once `cap` rows have been read. */
  add(row: OptionTickerRow): boolean {
    if (this.#read >= this.#cap) return false;
    this.#read++;
    const held = this.#latest.get(row.instrument);
    if (held === undefined || row.collector_timestamp >= held.collector_timestamp) this.#latest.set(row.instrument, row);
    return true;
  }

  /** One row per contract, in the order each contract first appeared. */
  rows(): OptionTickerRow[] {
    return [...this.#latest.values()];
  }
}

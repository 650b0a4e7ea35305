import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import type { CaptureSegment, DecodedHour, HourBlock, HourBlocks, HourFile, HourRef, MarketDataStore } from './market-data-store.ts';
import type { SyntheticMarket } from './synthetic-markets.ts';

function keyOf(source: string, market: string): string {
  return `${source}\u0000${market}`;
}

/**
 * A store with catalog-only markets added after another store's datasets (for a large catalog:
 * `mde serve --extra-markets N`). The added markets have coverage, terms and access, and no data:
 * no hours (so `/snapshots` lists nothing and row endpoints answer empty pages) and no option
 * contracts. Everything about the other store's datasets is passed through unchanged.
 */
export class SyntheticCatalogStore implements MarketDataStore {
  readonly #inner: MarketDataStore;
  readonly #now: () => number;
  readonly #markets: readonly SyntheticMarket[];
  /** The inner store's list the concatenation was made from, so it is rebuilt only when that list changes. */
  #innerList: readonly DatasetDescriptor[] | null = null;
  #all: readonly DatasetDescriptor[] = [];
  readonly #synthetic = new Map<string, SyntheticMarket>();

  constructor(inner: MarketDataStore, markets: readonly SyntheticMarket[], now: () => number) {
    this.#inner = inner;
    this.#now = now;
    const taken = new Set(inner.datasets().map((dataset) => keyOf(dataset.source, dataset.market)));
    for (const market of markets) {
      const key = keyOf(market.source, market.market);
      if (taken.has(key)) throw new Error(`The synthetic market ${market.source}/${market.market} has the name of a served dataset`);
      if (this.#synthetic.has(key)) throw new Error(`The synthetic market ${market.source}/${market.market} is listed twice`);
      this.#synthetic.set(key, market);
    }
    this.#markets = markets;
  }

  datasets(): readonly DatasetDescriptor[] {
    const inner = this.#inner.datasets();
    if (inner !== this.#innerList) {
      this.#innerList = inner;
      this.#all = [...inner, ...this.#markets];
    }
    return this.#all;
  }

  coverage(source: string, market: string): Promise<{ start: number; end: number } | null> {
    const synthetic = this.#synthetic.get(keyOf(source, market));
    if (synthetic === undefined) return this.#inner.coverage(source, market);
    const now = this.#now();
    const end = Math.min(synthetic.coverageEnd ?? now, now);
    return Promise.resolve({ start: Math.min(synthetic.coverageStart, end), end });
  }

  instruments(source: string, market: string): Promise<readonly InstrumentEntry[]> {
    return this.#synthetic.has(keyOf(source, market)) ? Promise.resolve([]) : this.#inner.instruments(source, market);
  }

  hours(source: string, market: string, from: number, to: number): Promise<readonly HourRef[]> {
    return this.#synthetic.has(keyOf(source, market)) ? Promise.resolve([]) : this.#inner.hours(source, market, from, to);
  }

  hourByKey(key: string): Promise<HourRef | null> {
    return this.#inner.hourByKey(key);
  }

  file(hour: HourRef, neededUntil?: number): Promise<HourFile> {
    return this.#inner.file(hour, neededUntil);
  }

  readyFile(hour: HourRef): Promise<HourFile | null> {
    return this.#inner.readyFile(hour);
  }

  readHour(hour: HourRef, lineTypes?: ReadonlySet<string>, neededUntil?: number): Promise<DecodedHour> {
    return this.#inner.readHour(hour, lineTypes, neededUntil);
  }

  captureSegments(hour: HourRef, neededUntil?: number): Promise<readonly CaptureSegment[]> {
    return this.#inner.captureSegments(hour, neededUntil);
  }

  hourBlocks(hour: HourRef, neededUntil?: number): Promise<HourBlocks | null> {
    return this.#inner.hourBlocks?.(hour, neededUntil) ?? Promise.resolve(null);
  }

  readHourBlock(hour: HourRef, lineTypes: ReadonlySet<string>, block: HourBlock, neededUntil?: number): Promise<DecodedHour> {
    const read = this.#inner.readHourBlock?.(hour, lineTypes, block, neededUntil);
    return read ?? Promise.reject(new Error('The store reads hours whole'));
  }

  prefetch(hours: readonly HourRef[], neededUntil?: number): void {
    this.#inner.prefetch?.(hours, neededUntil);
  }
}

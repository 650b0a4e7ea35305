import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatasetDescriptor } from '../../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../../shared/rows/catalog.ts';
import type { SnapshotRecord } from '../../../../shared/snapshot/records.ts';
import { DecodedHourCache } from './decoded-hour-cache.ts';
import type { DecodedHour, HourFile, HourRef, MarketDataStore } from './market-data-store.ts';
import { listFolderHours } from './snapshot-folder-layout.ts';

/** Decodes one snapshot file into its event records, in file order (only lines of `lineTypes` when given). */
export type HourDecoder = (path: string, lineTypes?: ReadonlySet<string>) => Promise<readonly SnapshotRecord[]>;

/** Optional sidecar `datasets.json` in the data folder: catalog facts the files cannot carry. */
export interface DirectoryManifest {
  datasets?: DatasetDescriptor[];
  instruments?: InstrumentEntry[];
}

const hourMs = 3_600_000;

/** What the last scan of the folder found, for the status bar and the health message. */
export interface FolderContents {
  /** Whether the folder exists. */
  exists: boolean;
  /** Hour files served. */
  files: number;
  /** Datasets (source, market) with at least one file. */
  datasets: number;
  /** Bytes of the files served. */
  bytes: number;
  /** `.jsonl.zst` files left out (not a key, in another dataset's folder, a second copy). */
  ignored: number;
  /** `.part` files (downloads under way or cut short). */
  partial: number;
}

function byCollectorTime(records: readonly SnapshotRecord[]): SnapshotRecord[] {
  // Files are in collector arrival order; rows are served in collector-time order, ties by line.
  return [...records].sort((a, b) => a.collectorTimestamp - b.collectorTimestamp || a.line - b.line);
}

/** A dataset guessed from its files when no sidecar describes it. */
export function inferredDataset(source: string, market: string): DatasetDescriptor {
  return {
    source,
    market,
    symbol: market.replace(/[-_/]/g, '').toUpperCase(),
    sourceType: 'exchange',
    categories: [],
    terms: { base: null, quote: null, tick_size: null, lot_size: null, min_notional: null },
    access: { status: 'open', publicCutoffDate: null, gate: 'none' },
  };
}

/**
 * Serves a folder of hourly snapshot files laid out as `{root}/data/standard/{source}/{market}/{date}/{key}.jsonl.zst`
 * (the public tool's layout) or `{root}/{source}/{market}/{date}/{key}.jsonl.zst` (see
 * `snapshot-folder-layout.ts`). An index of the files lets a query touch only the hours it needs;
 * decoded hours are cached by file version, so a rescan keeps them for files that did not change.
 */
export class DirectoryStore implements MarketDataStore {
  readonly root: string;
  readonly #decode: HourDecoder;
  readonly #cache: DecodedHourCache;
  /** Decodes under way, by cache key and file version: a second reader of the same hour waits for the first. */
  readonly #decoding = new Map<string, Promise<DecodedHour>>();
  #files = new Map<string, HourFile>();
  #byDataset = new Map<string, HourFile[]>();
  #datasets: DatasetDescriptor[] = [];
  #instruments: InstrumentEntry[] = [];
  #contents: FolderContents = { exists: false, files: 0, datasets: 0, bytes: 0, ignored: 0, partial: 0 };
  /** The scan under way, and whether another was asked for while it ran. */
  #scanning: Promise<void> | null = null;
  /** Scans asked for so far: one asked for during a scan makes that scan run once more. */
  #scansAsked = 0;

  constructor(root: string, decode: HourDecoder, cacheRecords = 2_000_000) {
    this.root = root;
    this.#decode = decode;
    this.#cache = new DecodedHourCache(cacheRecords);
  }

  /**
   * (Re)builds the index from the folder and its optional `datasets.json`. The new index replaces
   * the old one in one step, so queries under way keep reading the hours they already found.
   * Scans never overlap: one asked for while another runs starts after it, and both callers
   * resolve once the folder as it is now has been read.
   */
  scan(): Promise<void> {
    this.#scansAsked += 1;
    if (this.#scanning !== null) return this.#scanning;
    const run = async (): Promise<void> => {
      try {
        let asked: number;
        do {
          asked = this.#scansAsked;
          await this.#scanOnce();
        } while (asked !== this.#scansAsked);
      } finally {
        this.#scanning = null;
      }
    };
    this.#scanning = run();
    return this.#scanning;
  }

  /** What the last scan found. */
  contents(): FolderContents {
    return this.#contents;
  }

  async #scanOnce(): Promise<void> {
    const listing = await listFolderHours(this.root);
    const files = new Map(listing.files.map((file) => [file.key, file]));
    const byDataset = new Map<string, HourFile[]>();
    for (const file of [...files.values()].sort((a, b) => a.hourStart - b.hourStart)) {
      const id = `${file.source}\u0000${file.market}`;
      const list = byDataset.get(id) ?? [];
      list.push(file);
      byDataset.set(id, list);
    }
    const manifest = await readManifest(this.root);
    const described = new Map((manifest.datasets ?? []).map((d) => [`${d.source}\u0000${d.market}`, d]));
    this.#files = files;
    this.#byDataset = byDataset;
    this.#datasets = [...byDataset.keys()].map((id) => {
      const [source = '', market = ''] = id.split('\u0000');
      return described.get(id) ?? inferredDataset(source, market);
    });
    this.#instruments = manifest.instruments ?? [];
    this.#contents = {
      exists: listing.exists,
      files: files.size,
      datasets: byDataset.size,
      bytes: listing.files.reduce((sum, file) => sum + file.bytes, 0),
      ignored: listing.ignored,
      partial: listing.partial,
    };
  }

  /** Adds or replaces one file in the index (the demo writes hours while it runs). */
  register(file: HourFile): void {
    this.#files.set(file.key, file);
    const id = `${file.source}\u0000${file.market}`;
    const list = (this.#byDataset.get(id) ?? []).filter((entry) => entry.key !== file.key);
    list.push(file);
    list.sort((a, b) => a.hourStart - b.hourStart);
    this.#byDataset.set(id, list);
  }

  datasets(): readonly DatasetDescriptor[] {
    return this.#datasets;
  }

  coverage(source: string, market: string): Promise<{ start: number; end: number } | null> {
    const list = this.#byDataset.get(`${source}\u0000${market}`);
    const first = list?.[0];
    const last = list?.[list.length - 1];
    return Promise.resolve(first === undefined || last === undefined ? null : { start: first.hourStart, end: last.hourStart + hourMs });
  }

  instruments(source: string, market: string): Promise<readonly InstrumentEntry[]> {
    return Promise.resolve(this.#instruments.filter((entry) => entry.source === source && entry.market === market));
  }

  hours(source: string, market: string, from: number, to: number): Promise<readonly HourRef[]> {
    const list = this.#byDataset.get(`${source}\u0000${market}`) ?? [];
    return Promise.resolve(list.filter((file) => file.hourStart + hourMs > from && file.hourStart < to));
  }

  hourByKey(key: string): Promise<HourRef | null> {
    return Promise.resolve(this.#files.get(key) ?? null);
  }

  file(hour: HourRef): Promise<HourFile> {
    const file = this.#files.get(hour.key);
    if (file === undefined) return Promise.reject(new Error(`No file for ${hour.key}`));
    return Promise.resolve(file);
  }

  readyFile(hour: HourRef): Promise<HourFile | null> {
    return Promise.resolve(this.#files.get(hour.key) ?? null);
  }

  async readHour(hour: HourRef, lineTypes?: ReadonlySet<string>): Promise<DecodedHour> {
    const file = await this.file(hour);
    const info = await stat(file.path);
    const stamp = `${info.size}:${info.mtimeMs}`;
    // A whole decode serves any query; a partial one only queries of the same line types.
    const whole = this.#cache.get(file.key, stamp);
    if (whole !== undefined) return whole;
    const cacheKey = lineTypes === undefined ? file.key : `${file.key}|${[...lineTypes].sort().join(',')}`;
    const cached = this.#cache.get(cacheKey, stamp);
    if (cached !== undefined) return cached;
    const decodingKey = `${cacheKey}@${stamp}`;
    const underWay = this.#decoding.get(decodingKey);
    if (underWay !== undefined) return underWay;
    const decoding = this.#decodeHour(file, lineTypes).then((decoded) => {
      this.#cache.set(cacheKey, stamp, decoded);
      return decoded;
    });
    this.#decoding.set(decodingKey, decoding);
    try {
      return await decoding;
    } finally {
      this.#decoding.delete(decodingKey);
    }
  }

  async #decodeHour(file: HourFile, lineTypes: ReadonlySet<string> | undefined): Promise<DecodedHour> {
    const records = byCollectorTime(await this.#decode(file.path, lineTypes));
    const lastTime = records[records.length - 1]?.collectorTimestamp ?? file.hourStart;
    return { file, records, dataEnd: Math.max(lastTime, file.hourStart + hourMs - 1) };
  }
}

async function readManifest(root: string): Promise<DirectoryManifest> {
  try {
    return JSON.parse(await readFile(join(root, 'datasets.json'), 'utf8')) as DirectoryManifest;
  } catch {
    return {};
  }
}

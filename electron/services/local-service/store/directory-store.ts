import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatasetDescriptor } from '../../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../../shared/rows/catalog.ts';
import type { SnapshotRecord } from '../../../../shared/snapshot/records.ts';
import { hourKey, parseSnapshotKey } from '../snapshot-keys.ts';
import { DecodedHourCache } from './decoded-hour-cache.ts';
import type { DecodedHour, HourFile, HourRef, MarketDataStore } from './market-data-store.ts';

/** Decodes one snapshot file into its event records, in file order (only lines of `lineTypes` when given). */
export type HourDecoder = (path: string, lineTypes?: ReadonlySet<string>) => Promise<readonly SnapshotRecord[]>;

/** Optional sidecar `datasets.json` in the data folder: catalog facts the files cannot carry. */
export interface DirectoryManifest {
  datasets?: DatasetDescriptor[];
  instruments?: InstrumentEntry[];
}

const hourMs = 3_600_000;

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
 * Serves a folder of hourly snapshot files laid out as `{root}/{source}/{market}/{date}/{key}.jsonl.zst`
 * (an extra `standard/` level, as the public tool writes, is accepted). An index of the files
 * lets a query touch only the hours it needs; decoded hours are cached.
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

  constructor(root: string, decode: HourDecoder, cacheRecords = 2_000_000) {
    this.root = root;
    this.#decode = decode;
    this.#cache = new DecodedHourCache(cacheRecords);
  }

  /** (Re)builds the index from the folder and its optional `datasets.json`. */
  async scan(): Promise<void> {
    const files = new Map<string, HourFile>();
    for (const path of await listSnapshotFiles(this.root)) {
      const name = path.slice(path.lastIndexOf('/') + 1).replace(/\.jsonl\.zst$/, '');
      const parts = parseSnapshotKey(name);
      if (parts === null) continue;
      const key = hourKey(parts.source, parts.market, parts.date, parts.hour);
      const info = await stat(path);
      files.set(key, { ...parts, key, hourStart: Date.parse(`${parts.date}T00:00:00Z`) + parts.hour * hourMs, path, bytes: info.size });
    }
    this.#files = files;
    this.#byDataset = new Map();
    for (const file of [...files.values()].sort((a, b) => a.hourStart - b.hourStart)) {
      const id = `${file.source}\u0000${file.market}`;
      const list = this.#byDataset.get(id) ?? [];
      list.push(file);
      this.#byDataset.set(id, list);
    }
    const manifest = await readManifest(this.root);
    const described = new Map((manifest.datasets ?? []).map((d) => [`${d.source}\u0000${d.market}`, d]));
    this.#datasets = [...this.#byDataset.keys()].map((id) => {
      const [source = '', market = ''] = id.split('\u0000');
      return described.get(id) ?? inferredDataset(source, market);
    });
    this.#instruments = manifest.instruments ?? [];
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

async function listSnapshotFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && depth < 5) await walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.jsonl.zst')) found.push(path);
    }
  };
  await walk(root, 0);
  return found;
}

async function readManifest(root: string): Promise<DirectoryManifest> {
  try {
    return JSON.parse(await readFile(join(root, 'datasets.json'), 'utf8')) as DirectoryManifest;
  } catch {
    return {};
  }
}

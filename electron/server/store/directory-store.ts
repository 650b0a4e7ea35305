import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import type { OptionTickerRecord, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { ByteBudgetCache } from './byte-budget-cache.ts';
import { readDirectoryManifest } from './directory-manifest.ts';
import { captureSummaryBytes, defaultBlockPlan, readCaptureSummary, type BlockPlan, type CaptureSummary, type SnapshotLine } from './capture-summary.ts';
import { DecodedHourCache, type DecodedHourCacheOptions } from './decoded-hour-cache.ts';
import { dayFileHoursBytes, readDayFileHours, type DayFileHours, type LineWindow } from './day-file-hours.ts';
import { collectGarbage } from './garbage-collection.ts';
import { HourRecordsBuilder, type HourRecords } from './hour-records.ts';
import type { CaptureSegment, DecodedHour, HourBlock, HourBlocks, HourFile, HourRef, MarketDataStore } from './market-data-store.ts';
import { layoutPrefixes, listFolderHours, type DayFile } from './snapshot-folder-layout.ts';
import { datasetOfCatalogEntry, fileKinds, inferredDataset, marketKindOf, type FileKinds } from './dataset-facts.ts';
import { instrumentsOfTickers } from './derived-instruments.ts';
import { catalogSidecarName, readCatalogSidecar } from '../../codec/layout/catalog-sidecar.ts';
import { fileType } from '../../codec/records/record-decoder.ts';
import type { SnapshotSeek } from '../../codec/snapshot-reader.ts';
import { seekPointBefore } from '../../codec/zstd/seek-points.ts';
import { hourKey, parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { dayMs, hourMs } from '../../../shared/time/time-units.ts';

/**
 * Decodes one snapshot file into its event records, in file order (only lines of `lineTypes` when
 * given). A decoder may hand the records to `onBatch` as they come instead of returning them
 * (`decodeHourFile` does): the store keeps both.
 */
export type HourDecoder = (
  path: string,
  lineTypes?: ReadonlySet<string>,
  fromLine?: number,
  enough?: (record: SnapshotRecord) => boolean,
  onBatch?: (records: readonly SnapshotRecord[]) => void,
  seek?: SnapshotSeek,
) => Promise<readonly SnapshotRecord[]>;

/**
 * The decoded-hour cache's budget by default: a couple of blocks of an exchange-grade hour (~14 MB
 * each as kept) and a dozen light hours or blocks (1–8 MB each); a whole exchange-grade hour
 * (~110 MB) is served but not kept.
 */
export const defaultDecodedHourBytes = 48 * 1024 * 1024;
/** How long a decoded hour stays cached unread by default. */
export const defaultDecodedHourIdleMs = 30_000;
/** Options of a folder store: its decoded-hour cache, how its files are cut in blocks, and whether it describes its datasets. */
export interface DirectoryStoreOptions extends Partial<DecodedHourCacheOptions> {
  /** How files are cut in blocks for `hourBlocks` (`defaultBlockPlan` by default). */
  blockPlan?: BlockPlan;
  /**
   * Whether a dataset `datasets.json` does not name is described from its sidecar or files (true
   * by default); false names it only (a store whose owner describes its datasets, the demo).
   */
  describeDatasets?: boolean;
  /** The cache of trades-only decodes (16 MiB, the decoded hours' idle time, by default). */
  tradeDecodes?: TradeDecodeCacheOptions;
}

/** Bytes of capture summaries kept (most take under a kilobyte); past this the least recently used are read again when asked for. */
const captureSummaryBudget = 16 * 1024 * 1024;
/**
 * The trades of hours (what candles are built from) are kept apart from other decodes: a few
 * percent of a busy hour's lines, but a whole-file read each time they are decoded again.
 */
const defaultTradeDecodes: TradeDecodeCacheOptions = { maxBytes: 16 * 1024 * 1024, idleMs: defaultDecodedHourIdleMs };

/** Budget and idle time of the cache of trades-only decodes. */
export interface TradeDecodeCacheOptions {
  maxBytes: number;
  idleMs: number;
}

/** What the last scan of the folder found, for the status bar and the health message. */
export interface FolderContents {
  /** Whether the folder exists. */
  exists: boolean;
  /** Files served (hour files and whole-day files). */
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

/** Whether a file's first data row continues the session of the previous (contiguous) file's last one. */
function continuesSession(previous: CaptureSummary, next: CaptureSummary): boolean {
  return next.firstSequence === null || previous.lastSequence === null || next.firstSequence > previous.lastSequence;
}

/** The id of the session that began at `line` of the file `key`. */
function sessionIdAt(key: string, line: number): string {
  return `${key}@${line}`;
}

/** A dataset guessed from its name alone (see `dataset-facts.ts`). */
export { inferredDataset };

/**
 * Serves a folder of hourly snapshot files laid out as `{root}/data/standard/{source}/{market}/{date}/{key}.jsonl.zst`
 * (the public tool's layout) or `{root}/{source}/{market}/{date}/{key}.jsonl.zst` (see
 * `snapshot-folder-layout.ts`). An index of the files lets a query touch only the hours it needs;
 * decoded hours are cached by file version, so a rescan keeps them for files that did not change.
 * Capture sessions come from the files' `collector_sequence` (see `captureSegments`). A whole-day
 * file serves every hour of its day (hour files of that day are left out as second copies), each
 * as the run of its lines whose replay clock lies in that hour (`day-file-hours.ts`, read once per
 * file version).
 */
export class DirectoryStore implements MarketDataStore {
  readonly root: string;
  readonly #decode: HourDecoder;
  readonly #cache: DecodedHourCache;
  /** Decodes of an hour's trades only (`tradeDecodeBudget`). */
  readonly #trades: DecodedHourCache;
  readonly #blockPlan: BlockPlan;
  readonly #describeDatasets: boolean;
  /** Decodes under way, by cache key and file version: a second reader of the same hour waits for the first. */
  readonly #decoding = new Map<string, Promise<DecodedHour>>();
  /** Capture summaries by file key, with the file version each was read from (null: unreadable). */
  readonly #summaries = new ByteBudgetCache<string, { stamp: string; summary: CaptureSummary | null }>({ maxBytes: captureSummaryBudget, sizeOf: (entry) => captureSummaryBytes(entry.summary) });
  /** Summaries being read, by file key and version: a second reader waits for the first. */
  readonly #summaryReads = new Map<string, Promise<CaptureSummary | null>>();
  #files = new Map<string, HourFile>();
  /** Whole-day files by their key. */
  #days = new Map<string, DayFile>();
  /** Day files cut in hours, by day key, with the file version each was read from (null: unreadable). */
  readonly #dayHours = new ByteBudgetCache<string, { stamp: string; hours: DayFileHours | null }>({ maxBytes: captureSummaryBudget, sizeOf: (entry) => dayFileHoursBytes(entry.hours) });
  /** Day files being read, by key and version: a second reader waits for the first. */
  readonly #dayHourReads = new Map<string, Promise<DayFileHours | null>>();
  #byDataset = new Map<string, HourFile[]>();
  #datasets: DatasetDescriptor[] = [];
  #instruments: InstrumentEntry[] = [];
  /** Row kinds of files, by path, with the file version each was read from: what a dataset without an entry is taken for. */
  readonly #kinds = new Map<string, { stamp: string; kinds: FileKinds }>();
  /** Option contracts derived from a dataset's tickers, by dataset, with the hour file (and version) they were read from. */
  readonly #derivedInstruments = new Map<string, { from: string; entries: readonly InstrumentEntry[] }>();
  #contents: FolderContents = { exists: false, files: 0, datasets: 0, bytes: 0, ignored: 0, partial: 0 };
  /** The scan under way, and whether another was asked for while it ran. */
  #scanning: Promise<void> | null = null;
  /** Scans asked for so far: one asked for during a scan makes that scan run once more. */
  #scansAsked = 0;

  /**
   * @param options the decoded-hour cache's budget and idle time (`defaultDecodedHourBytes`, 30 s by
   * default; once the last hour is dropped for idleness a full collection runs, so the resident set
   * falls), and the block plan
   */
  constructor(root: string, decode: HourDecoder, options: DirectoryStoreOptions = {}) {
    this.root = root;
    this.#decode = decode;
    const { blockPlan = defaultBlockPlan, describeDatasets = true, tradeDecodes = defaultTradeDecodes, ...cache } = options;
    this.#blockPlan = blockPlan;
    this.#describeDatasets = describeDatasets;
    this.#cache = new DecodedHourCache({ maxBytes: defaultDecodedHourBytes, idleMs: defaultDecodedHourIdleMs, onIdle: () => void collectGarbage(), ...cache });
    this.#trades = new DecodedHourCache({ ...tradeDecodes, onIdle: () => void collectGarbage(), ...(cache.now === undefined ? {} : { now: cache.now }), ...(cache.timer === undefined ? {} : { timer: cache.timer }) });
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
    // A whole-day file serves every hour of its day; hour files of that day are second copies.
    let ignored = listing.ignored;
    for (const day of listing.days) {
      for (let hour = 0; hour < 24; hour++) {
        const key = hourKey(day.source, day.market, day.date, hour);
        if (files.delete(key)) ignored += 1;
        const share = Math.ceil(day.bytes / 24);
        files.set(key, { source: day.source, market: day.market, date: day.date, hour, hourStart: day.dayStart + hour * hourMs, key, path: day.path, bytes: share, dayFile: { key: day.key, bytes: day.bytes } });
      }
    }
    const byDataset = new Map<string, HourFile[]>();
    for (const file of [...files.values()].sort((a, b) => a.hourStart - b.hourStart)) {
      const id = `${file.source}\u0000${file.market}`;
      const list = byDataset.get(id) ?? [];
      list.push(file);
      byDataset.set(id, list);
    }
    const manifest = await readDirectoryManifest(this.root);
    const described = new Map((manifest.datasets ?? []).map((d) => [`${d.source}\u0000${d.market}`, d]));
    const datasets = await Promise.all([...byDataset].map(async ([id, list]) => described.get(id) ?? (await this.#describe(list))));
    this.#files = files;
    this.#days = new Map(listing.days.map((day) => [day.key, day]));
    this.#byDataset = byDataset;
    this.#datasets = datasets;
    this.#instruments = manifest.instruments ?? [];
    const servedHourFiles = listing.files.filter((file) => files.get(file.key)?.path === file.path);
    this.#contents = {
      exists: listing.exists,
      files: servedHourFiles.length + listing.days.length,
      datasets: byDataset.size,
      bytes: [...servedHourFiles, ...listing.days].reduce((sum, file) => sum + file.bytes, 0),
      ignored,
      partial: listing.partial,
    };
  }

  /**
   * What a dataset the folder's `datasets.json` does not name is: as a download's catalog entry
   * said, kept beside its files (`catalog-entry.json` in the dataset's folder, in any layout),
   * else as the rows of its newest file show (read once per file version).
   */
  async #describe(files: readonly HourFile[]): Promise<DatasetDescriptor> {
    const newest = files[files.length - 1];
    const source = newest?.source ?? '';
    const market = newest?.market ?? '';
    if (!this.#describeDatasets) return inferredDataset(source, market);
    for (const prefix of layoutPrefixes) {
      const entry = await readCatalogSidecar(join(this.root, ...prefix, source, market, catalogSidecarName), source, market);
      if (entry !== null) return datasetOfCatalogEntry(entry);
    }
    if (newest === undefined) return inferredDataset(source, market);
    return inferredDataset(source, market, marketKindOf(await this.#kindsOf(newest.path)));
  }

  async #kindsOf(path: string): Promise<FileKinds> {
    const stamp = await stat(path).then((info) => `${info.size}:${info.mtimeMs}`, () => '');
    const cached = this.#kinds.get(path);
    if (cached?.stamp === stamp) return cached.kinds;
    const kinds = await fileKinds(path);
    this.#kinds.set(path, { stamp, kinds });
    return kinds;
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

  /**
   * The option contracts of an underlying: as the folder's `datasets.json` lists them, else as the
   * tickers of the dataset's newest hour that has any show them (looking back at most a day of
   * hours; derived once per file version).
   */
  async instruments(source: string, market: string): Promise<readonly InstrumentEntry[]> {
    const listed = this.#instruments.filter((entry) => entry.source === source && entry.market === market);
    if (listed.length > 0) return listed;
    const id = `${source}\u0000${market}`;
    const hours = this.#byDataset.get(id) ?? [];
    const tickers = new Set(['option_ticker']);
    for (const hour of hours.slice(-24).reverse()) {
      const stamp = await stat(hour.path).then((info) => `${hour.key}@${info.size}:${info.mtimeMs}`, () => null);
      if (stamp === null) continue;
      const cached = this.#derivedInstruments.get(id);
      if (cached?.from === stamp) return cached.entries;
      const decoded = await this.readHour(hour, tickers).catch(() => null);
      const records: OptionTickerRecord[] = [];
      for (let index = 0; index < (decoded?.records.length ?? 0); index++) {
        const record = decoded?.records.at(index);
        if (record?.type === 'option_ticker') records.push(record);
      }
      if (records.length === 0) continue;
      const entries = instrumentsOfTickers(source, market, records);
      this.#derivedInstruments.set(id, { from: stamp, entries });
      return entries;
    }
    return [];
  }

  hours(source: string, market: string, from: number, to: number): Promise<readonly HourRef[]> {
    const list = this.#byDataset.get(`${source}\u0000${market}`) ?? [];
    return Promise.resolve(list.filter((file) => file.hourStart + hourMs > from && file.hourStart < to));
  }

  /** The hour of a key in any spelling; for a whole-day key, the first hour its file serves. */
  hourByKey(key: string): Promise<HourRef | null> {
    const parts = parseSnapshotKey(key);
    if (parts === null) return Promise.resolve(null);
    if (parts.hour !== null) return Promise.resolve(this.#files.get(parts.key) ?? null);
    const list = this.#byDataset.get(`${parts.source}\u0000${parts.market}`) ?? [];
    return Promise.resolve(list.find((file) => file.dayFile?.key === parts.key) ?? null);
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
    const tradesOnly = lineTypes?.size === 1 && lineTypes.has('trade');
    return this.#cached(cacheKey, stamp, () => this.#decodeHour(file, lineTypes), tradesOnly ? this.#trades : this.#cache);
  }

  /** The blocks of a v2 file of more than one block of lines (from its capture summary); null for a smaller or legacy file. */
  async hourBlocks(hour: HourRef): Promise<HourBlocks | null> {
    const summary = await this.captureSummary(hour);
    if (summary === null || summary.blocks.length < 2) return null;
    // An hour of a day file ends where its window does.
    const end = (await this.#windowOf(hour)).until;
    const blocks = summary.blocks.map(
      (block, index): HourBlock => ({ index, fromLine: block.line, untilLine: summary.blocks[index + 1]?.line ?? end, highestBefore: block.highestBefore }),
    );
    return { blocks, lineCounts: summary.lineCounts };
  }

  /** The records of `lineTypes` on the block's lines, decoded from its first line to its last and cached as hours are. */
  async readHourBlock(hour: HourRef, lineTypes: ReadonlySet<string>, block: HourBlock): Promise<DecodedHour> {
    const file = await this.file(hour);
    const info = await stat(file.path);
    const stamp = `${info.size}:${info.mtimeMs}`;
    const cacheKey = `${file.key}|${[...lineTypes].sort().join(',')}#${block.fromLine}`;
    return this.#cached(cacheKey, stamp, async () => {
      const seek = this.#seekBefore(file, info, block.fromLine);
      const builder = new HourRecordsBuilder();
      const keep = (records: readonly SnapshotRecord[]): void => {
        for (const record of records) if (record.line >= block.fromLine && record.line < block.untilLine) builder.push(record);
      };
      // Reading stops at the first record of a later block (dense book lines come right after its end).
      const beyond = Number.isFinite(block.untilLine) ? (record: SnapshotRecord): boolean => record.line >= block.untilLine : undefined;
      keep(await this.#decode(file.path, lineTypes, block.fromLine, beyond, keep, seek));
      const records = builder.build();
      let latest = file.hourStart + hourMs - 1;
      for (let index = 0; index < records.length; index++) latest = Math.max(latest, records.timeAt(index));
      return { file, records, dataEnd: latest, highestBefore: block.highestBefore };
    });
  }

  /** The value of `cacheKey` for this file version in `cache`, else decoded once (a second reader waits for the first) and kept there. */
  async #cached(cacheKey: string, stamp: string, decode: () => Promise<DecodedHour>, cache: DecodedHourCache = this.#cache): Promise<DecodedHour> {
    const cached = cache.get(cacheKey, stamp);
    if (cached !== undefined) return cached;
    const decodingKey = `${cacheKey}@${stamp}`;
    const underWay = this.#decoding.get(decodingKey);
    if (underWay !== undefined) return underWay;
    const decoding = decode().then((decoded) => {
      cache.set(cacheKey, stamp, decoded);
      return decoded;
    });
    this.#decoding.set(decodingKey, decoding);
    try {
      return await decoding;
    } finally {
      this.#decoding.delete(decodingKey);
    }
  }

  /**
   * The records of an hour from `fromLine` on, of `lineTypes` (decoded now, not kept: a replay's
   * first page, which starts at a snapshot); with `enough`, up to the first record it accepts.
   */
  async readHourFrom(hour: HourRef, lineTypes: ReadonlySet<string>, fromLine: number, enough?: (record: SnapshotRecord) => boolean): Promise<readonly SnapshotRecord[]> {
    const file = await this.file(hour);
    // An hour already decoded is read from memory (all of it from the line on, and of those types).
    const info = await stat(file.path).catch(() => null);
    const stamp = info === null ? null : `${info.size}:${info.mtimeMs}`;
    const cached = stamp === null ? undefined : (this.#cache.get(file.key, stamp) ?? this.#cache.get(`${file.key}|${[...lineTypes].sort().join(',')}`, stamp));
    if (cached !== undefined) return recordsFrom(cached.records, lineTypes, fromLine, enough);
    // An hour's own file with a seek point before the line is read from there.
    const seek = info === null ? undefined : this.#seekBefore(file, info, fromLine);
    if (seek !== undefined) return this.#decode(file.path, lineTypes, fromLine, enough, undefined, seek);
    return this.#decodeOf(file, lineTypes, fromLine, enough);
  }

  /**
   * The last seek point at or before `line` of this version of an hour's own file, from its capture
   * summary when that is at hand (never read for it); undefined when there is none.
   */
  #seekBefore(file: HourFile, info: { size: number; mtimeMs: number }, line: number): SnapshotSeek | undefined {
    if (file.dayFile !== undefined) return undefined;
    const cached = this.#summaries.get(file.key);
    if (cached?.summary == null || cached.stamp !== `${info.size}:${info.mtimeMs}`) return undefined;
    const point = seekPointBefore(cached.summary.seekPoints, line);
    return point === undefined ? undefined : { ...point, fileSize: info.size, fileMtimeMs: info.mtimeMs };
  }

  /**
   * Decodes an hour's records: its whole file, or for an hour of a day file only the lines of its
   * window (the decode stops at the window's end). Arguments as for the `HourDecoder`.
   */
  async #decodeOf(
    file: HourFile,
    lineTypes?: ReadonlySet<string>,
    fromLine?: number,
    enough?: (record: SnapshotRecord) => boolean,
    onBatch?: (records: readonly SnapshotRecord[]) => void,
  ): Promise<readonly SnapshotRecord[]> {
    if (file.dayFile === undefined) return this.#decode(file.path, lineTypes, fromLine, enough, onBatch);
    const window = await this.#windowOf(file);
    const from = Math.max(fromLine ?? 1, window.from);
    if (from >= window.until) return [];
    const until = window.until;
    const inside = (record: SnapshotRecord): boolean => record.line >= from && record.line < until;
    // Stop at the first record past the window (left out), or at the one `enough` accepts (kept).
    const stop = (record: SnapshotRecord): boolean => record.line >= until || (inside(record) && enough?.(record) === true);
    const bounded = Number.isFinite(until) || enough !== undefined ? stop : undefined;
    const keep = onBatch === undefined ? undefined : (records: readonly SnapshotRecord[]): void => onBatch(records.filter(inside));
    return (await this.#decode(file.path, lineTypes, from, bounded, keep)).filter(inside);
  }

  /** The lines of an hour of a day file; the file's whole lines for an hour file. */
  async #windowOf(hour: HourRef): Promise<LineWindow> {
    if (hour.dayFile === undefined) return { from: 1, until: Number.POSITIVE_INFINITY };
    const hours = await this.#dayFileHours(hour);
    if (hours === null) throw new Error(`The whole-day file ${hour.dayFile.key} could not be read`);
    return hours.windows[hour.hour] ?? { from: 1, until: 1 };
  }

  /** A day file cut in hours, read once per file version; null when it cannot be read. */
  async #dayFileHours(hour: HourRef): Promise<DayFileHours | null> {
    const day = hour.dayFile === undefined ? undefined : this.#days.get(hour.dayFile.key);
    if (day === undefined) return null;
    const stamp = await stat(day.path).then((info) => `${info.size}:${info.mtimeMs}`, () => null);
    if (stamp === null) return null;
    const cached = this.#dayHours.get(day.key);
    if (cached?.stamp === stamp) return cached.hours;
    const readKey = `${day.key}@${stamp}`;
    let reading = this.#dayHourReads.get(readKey);
    if (reading === undefined) {
      reading = readDayFileHours(day.path, day.dayStart, this.#blockPlan)
        .catch(() => null)
        .then((hours) => {
          this.#dayHours.set(day.key, { stamp, hours });
          return hours;
        })
        .finally(() => this.#dayHourReads.delete(readKey));
      this.#dayHourReads.set(readKey, reading);
    }
    return reading;
  }

  /** The book snapshot rows of an hour's file (from its capture summary); null when it cannot be read. */
  async snapshotLines(hour: HourRef): Promise<{ snapshots: readonly SnapshotLine[]; bookInstruments: boolean } | null> {
    const summary = await this.captureSummary(hour);
    return summary === null ? null : { snapshots: summary.snapshots, bookInstruments: summary.bookInstruments };
  }

  /**
   * The capture summary of an hour's file (first data row, first and last sequence, restart rows),
   * read once per file version; null when the file cannot be read.
   */
  async captureSummary(hour: HourRef): Promise<CaptureSummary | null> {
    const file = this.#files.get(hour.key);
    if (file === undefined) return null;
    if (file.dayFile !== undefined) return (await this.#dayFileHours(file))?.summaries[file.hour] ?? null;
    const stamp = await stat(file.path).then((info) => `${info.size}:${info.mtimeMs}`, () => null);
    if (stamp === null) return null;
    const cached = this.#summaries.get(file.key);
    if (cached?.stamp === stamp) return cached.summary;
    const readKey = `${file.key}@${stamp}`;
    let reading = this.#summaryReads.get(readKey);
    if (reading === undefined) {
      reading = readCaptureSummary(file.path, this.#blockPlan)
        .catch(() => null)
        .then((summary) => {
          this.#summaries.set(file.key, { stamp, summary });
          return summary;
        })
        .finally(() => this.#summaryReads.delete(readKey));
      this.#summaryReads.set(readKey, reading);
    }
    return reading;
  }

  /**
   * Sessions from the files' sequences: a restart row starts a session named `{key}@{line}`; a
   * file's first data row continues the previous hour's last session when that hour has a file, is
   * on the same UTC day, and its last sequence is below this file's first. The look-back stops at
   * the UTC day's first hour (at most 23 earlier files, each summary read once per version), so a
   * session running across 00:00 UTC is named anew there, by that hour's first data row: its
   * `source_capture_id` changes at midnight and readers clear its books there, as at a restart.
   */
  async captureSegments(hour: HourRef): Promise<readonly CaptureSegment[]> {
    const list = this.#byDataset.get(`${hour.source}\u0000${hour.market}`) ?? [];
    let index = list.findIndex((file) => file.key === hour.key);
    const own = await this.captureSummary(hour);
    if (index < 0 || own === null) return [{ line: own?.first?.line ?? 1, sessionId: sessionIdAt(hour.key, own?.first?.line ?? 1) }];
    const segments: CaptureSegment[] = own.restarts.map((row) => ({ line: row.line, sessionId: sessionIdAt(hour.key, row.line) }));
    // Walk back while each file's first row continues the previous file's last session.
    let summary = own;
    let firstId: string | null = null;
    for (;;) {
      const file = list[index];
      const previous = list[index - 1];
      if (file === undefined) break;
      const sameDay = previous !== undefined && Math.floor(previous.hourStart / dayMs) === Math.floor(file.hourStart / dayMs);
      const before = previous !== undefined && sameDay && file.hourStart - previous.hourStart === hourMs ? await this.captureSummary(previous) : null;
      if (previous === undefined || before === null || !continuesSession(before, summary)) {
        firstId = sessionIdAt(file.key, summary.first?.line ?? 1);
        break;
      }
      const lastRestart = before.restarts[before.restarts.length - 1];
      if (lastRestart !== undefined) {
        firstId = sessionIdAt(previous.key, lastRestart.line);
        break;
      }
      summary = before;
      index--;
    }
    return [{ line: own.first?.line ?? 1, sessionId: firstId ?? sessionIdAt(hour.key, 1) }, ...segments];
  }

  async #decodeHour(file: HourFile, lineTypes: ReadonlySet<string> | undefined): Promise<DecodedHour> {
    // Records stay in file (arrival) order: a stream is served and replayed in it. They are kept
    // in columns as they are decoded, never all as objects at once.
    const builder = new HourRecordsBuilder();
    builder.pushAll(await this.#decodeOf(file, lineTypes, undefined, undefined, (batch) => builder.pushAll(batch)));
    const records = builder.build();
    let latest = file.hourStart + hourMs - 1;
    for (let index = 0; index < records.length; index++) latest = Math.max(latest, records.timeAt(index));
    return { file, records, dataEnd: latest };
  }
}

/**
 * The records of a kept hour from file line `fromLine` on whose file type is one of `lineTypes`
 * (as a decode from that line would read them); with `enough`, up to the first it accepts.
 */
function recordsFrom(records: HourRecords, lineTypes: ReadonlySet<string>, fromLine: number, enough?: (record: SnapshotRecord) => boolean): SnapshotRecord[] {
  let low = 0;
  let high = records.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (records.lineAt(mid) < fromLine) low = mid + 1;
    else high = mid;
  }
  const found: SnapshotRecord[] = [];
  for (let index = low; index < records.length; index++) {
    const record = records.at(index);
    if (record === undefined || !(lineTypes.has(fileType(record, 'v2')) || lineTypes.has(fileType(record, 'legacy')))) continue;
    found.push(record);
    if (enough?.(record) === true) break;
  }
  return found;
}

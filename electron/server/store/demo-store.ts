import { lstat, mkdir, readdir, rm, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { writeFileAtomic } from '../../base/atomic-write.ts';
import { captureSessionsOf, simulatorVersion, type CaptureSession } from '../simulator/capture-sessions.ts';
import { demoDatasetsAt, type SimulatedDataset } from '../simulator/demo-datasets.ts';
import { generateInProcess, type HourGenerator } from '../simulator/hour-generator.ts';
import { maxEarlyStampMs } from '../simulator/line-writers.ts';
import { instrumentEntries } from '../simulator/option-chain.ts';
import { hourKey, parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { utcDateHour } from '../../../shared/time/time-units.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import type { SnapshotLine } from './capture-summary.ts';
import { decodeHourFile } from './decode-hour-file.ts';
import { DirectoryStore, type TradeDecodeCacheOptions } from './directory-store.ts';
import { liveMarkerText, restoredLiveUntil } from './live-marker.ts';
import type { CaptureSegment, DecodedHour, HourBlock, HourBlocks, HourFile, HourRef, MarketDataStore } from './market-data-store.ts';
import { dayMs, hourMs } from '../../../shared/time/time-units.ts';

/** How many hours one prefetch hint may start generating. */
const maxPrefetchedHours = 3;
/**
 * A restart row may be stamped a little before its session's scheduled start (the simulator steps
 * collector times back by up to 40 ms); a collector is down for at least 2 s before a restart, so a
 * session is matched to a row within this much of its start without reaching the previous one.
 */
const sessionStartTolerance = 1000;

/** Removes an hour's `.partial` marker when it is a file; a folder or anything else by that name is left alone. */
async function removeMarker(marker: string): Promise<void> {
  const stats = await lstat(marker).catch(() => null);
  if (stats !== null && !stats.isDirectory()) await unlink(marker).catch(() => undefined);
}

/** The folder (under the data folder) the demo's files of `seed` go in: one per simulator version, so an older simulator's files are never served. */
export function demoSeedFolder(seed: number): string {
  return `seed-${seed}-v${simulatorVersion}`;
}

/** Removes the folders of `seed` that older simulator versions wrote under `dataDir`. */
async function removeOlderVersions(dataDir: string, seed: number): Promise<void> {
  const names = await readdir(dataDir).catch((): string[] => []);
  const pattern = new RegExp(`^seed-${seed}-v(\\d+)$`);
  for (const name of names) {
    const version = pattern.exec(name)?.[1];
    if (version !== undefined && Number(version) < simulatorVersion) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}

/** The scheduled session a row collected at `time` belongs to: the latest one starting by then. */
function sessionAt(sessions: readonly CaptureSession[], time: number): CaptureSession | undefined {
  let found: CaptureSession | undefined;
  for (const session of sessions) if (session.start <= time + sessionStartTolerance) found = session;
  return found;
}

/** Options of the demo store. */
export interface DemoStoreOptions {
  /** Where generated files go; one folder per seed and simulator version, so files of another are never mixed in. */
  dataDir: string;
  seed: number;
  now: () => number;
  /** How far back the demo's history reaches. */
  historyDays?: number;
  /** The live hour is regenerated when a query needs data newer than this. */
  liveRefreshMs?: number;
  /** Builds an hour file's bytes; in-process by default, a worker thread in the app. */
  generate?: HourGenerator;
  /** The cache of trades-only decodes (`DirectoryStore`'s default by default). */
  tradeDecodes?: TradeDecodeCacheOptions;
}

/**
 * The demo's data: the simulator's datasets, from `historyDays` ago up to the current second.
 * Hour files are generated on first use, written atomically into the data folder, and then
 * served like any folder of snapshot files. The live hour is a file that grows as time passes.
 */
export class DemoStore implements MarketDataStore {
  readonly #options: Required<Omit<DemoStoreOptions, 'tradeDecodes'>>;
  readonly #datasets: SimulatedDataset[];
  readonly #directory: DirectoryStore;
  readonly #root: string;
  readonly #liveUntil = new Map<string, number>();
  readonly #pending = new Map<string, Promise<HourFile>>();
  readonly #liveHours = new WeakMap<DecodedHour, DecodedHour>();

  constructor(options: DemoStoreOptions) {
    const { tradeDecodes, ...rest } = options;
    this.#options = { historyDays: 3, liveRefreshMs: 5_000, generate: generateInProcess, ...rest };
    this.#datasets = demoDatasetsAt(options.now());
    this.#root = join(options.dataDir, demoSeedFolder(options.seed));
    this.#directory = new DirectoryStore(this.#root, decodeHourFile, { describeDatasets: false, ...(tradeDecodes === undefined ? {} : { tradeDecodes }) });
  }

  /**
   * Indexes the files earlier runs generated (partial live hours are regenerated on use), after
   * removing this seed's files of older simulator versions (never served again).
   */
  async open(): Promise<void> {
    await removeOlderVersions(this.#options.dataDir, this.#options.seed);
    await mkdir(this.#root, { recursive: true });
    await this.#directory.scan();
  }

  /** The first hour the demo covers. */
  get historyStart(): number {
    const start = this.#options.now() - this.#options.historyDays * 24 * hourMs;
    return start - (start % hourMs);
  }

  datasets(): readonly DatasetDescriptor[] {
    return this.#datasets;
  }

  coverage(): Promise<{ start: number; end: number }> {
    return Promise.resolve({ start: this.historyStart, end: this.#options.now() });
  }

  instruments(source: string, market: string): Promise<readonly InstrumentEntry[]> {
    const dataset = this.#dataset(source, market);
    return Promise.resolve(dataset?.kind === 'options' ? instrumentEntries(this.#options.seed, dataset, this.#options.now()) : []);
  }

  hours(source: string, market: string, from: number, to: number): Promise<readonly HourRef[]> {
    if (this.#dataset(source, market) === undefined) return Promise.resolve([]);
    const now = this.#options.now();
    const first = Math.max(from - (from % hourMs), this.historyStart);
    const refs: HourRef[] = [];
    for (let hourStart = first; hourStart < to && hourStart <= now; hourStart += hourMs) {
      refs.push(this.#ref(source, market, hourStart));
    }
    return Promise.resolve(refs);
  }

  hourByKey(key: string): Promise<HourRef | null> {
    const parts = parseSnapshotKey(key);
    // The demo writes hour files only: a whole-day key names none of them.
    if (parts === null || parts.span !== 'hour' || this.#dataset(parts.source, parts.market) === undefined) return Promise.resolve(null);
    const hourStart = parts.start;
    const inRange = hourStart >= this.historyStart && hourStart <= this.#options.now();
    return Promise.resolve(inRange ? this.#ref(parts.source, parts.market, hourStart) : null);
  }

  async file(hour: HourRef, neededUntil?: number): Promise<HourFile> {
    const pending = this.#pending.get(hour.key);
    if (pending !== undefined) {
      // A version on disk that reaches what the caller reads serves it while a newer one is built.
      const onDisk = neededUntil === undefined ? null : await this.#fileOnDisk(hour, neededUntil);
      return onDisk ?? pending;
    }
    const work = this.#ensureFile(hour, neededUntil).finally(() => this.#pending.delete(hour.key));
    this.#pending.set(hour.key, work);
    return work;
  }

  /**
   * Starts generating the first `maxPrefetchedHours` of `hours` that are not on disk and fresh (on
   * a restart, typically the live hour only), in the generator's worker, while earlier hours are
   * decoded. Failures are left for the read that needs the hour to report.
   */
  prefetch(hours: readonly HourRef[], neededUntil?: number): void {
    void (async () => {
      let started = 0;
      for (const hour of hours) {
        if (started >= maxPrefetchedHours) return;
        if (this.#pending.has(hour.key) || (await this.#fileOnDisk(hour, neededUntil)) !== null) continue;
        started++;
        this.file(hour, neededUntil).catch(() => {});
      }
    })().catch(() => {});
  }

  readyFile(hour: HourRef): Promise<HourFile | null> {
    // A file being generated is not ready: waiting for it would cost this caller the generation.
    return this.#pending.has(hour.key) ? Promise.resolve(null) : this.#fileOnDisk(hour);
  }

  async readHour(hour: HourRef, lineTypes?: ReadonlySet<string>, neededUntil?: number): Promise<DecodedHour> {
    await this.file(hour, neededUntil);
    return this.#asLive(hour, await this.#directory.readHour(hour, lineTypes));
  }

  /**
   * A decoded hour (or block) of the live hour says where its data ends and where rows of a newer
   * version could start; one object per decoded part, so the rows built from it stay cached.
   */
  #asLive(hour: HourRef, decoded: DecodedHour): DecodedHour {
    const liveUntil = this.#liveUntil.get(hour.key);
    if (liveUntil === undefined) return decoded;
    const cached = this.#liveHours.get(decoded);
    if (cached?.dataEnd === liveUntil) return cached;
    // Generation stops before `liveUntil`: later rows arrive from there on, stamped at most a little earlier.
    const live = { ...decoded, dataEnd: liveUntil, growsAfter: liveUntil - maxEarlyStampMs };
    this.#liveHours.set(decoded, live);
    return live;
  }

  async hourBlocks(hour: HourRef, neededUntil?: number): Promise<HourBlocks | null> {
    await this.file(hour, neededUntil);
    return this.#directory.hourBlocks(hour);
  }

  async readHourBlock(hour: HourRef, lineTypes: ReadonlySet<string>, block: HourBlock, neededUntil?: number): Promise<DecodedHour> {
    await this.file(hour, neededUntil);
    return this.#asLive(hour, await this.#directory.readHourBlock(hour, lineTypes, block));
  }

  /**
   * The sessions of the simulator's schedule, placed by the file: each row where `collector_sequence`
   * starts again (and the file's first data row) takes the id of the scheduled session it was
   * collected in, so ids are the schedule's, equal across hours, with no other hour read.
   */
  async snapshotLines(hour: HourRef): Promise<{ snapshots: readonly SnapshotLine[]; bookInstruments: boolean } | null> {
    await this.file(hour);
    return this.#directory.snapshotLines(hour);
  }

  async readHourFrom(hour: HourRef, lineTypes: ReadonlySet<string>, fromLine: number, enough?: (record: SnapshotRecord) => boolean): Promise<readonly SnapshotRecord[]> {
    await this.file(hour);
    return this.#directory.readHourFrom(hour, lineTypes, fromLine, enough);
  }

  async captureSegments(hour: HourRef, neededUntil?: number): Promise<readonly CaptureSegment[]> {
    const dataset = this.#dataset(hour.source, hour.market);
    if (dataset === undefined) throw new Error(`The demo has no dataset ${hour.source}/${hour.market}`);
    await this.file(hour, neededUntil);
    const summary = await this.#directory.captureSummary(hour);
    const sessions = captureSessionsOf(this.#options.seed, dataset, hour.hourStart - hourMs, hour.hourStart + 2 * hourMs);
    const idAt = (time: number): string => sessionAt(sessions, Number.isFinite(time) ? time : hour.hourStart)?.id ?? `${hour.key}@1`;
    const first = summary?.first ?? null;
    return [
      { line: first?.line ?? 1, sessionId: idAt(first?.collectorTimestamp ?? hour.hourStart) },
      ...(summary?.restarts ?? []).map((row) => ({ line: row.line, sessionId: idAt(row.collectorTimestamp) })),
    ];
  }

  /**
   * Generates the current and previous hour of every dataset (but those not to be warmed up: the
   * busy benchmark market), so the first queries are quick.
   * Awaits `beforeEachFile` before each (the service waits for a quiet moment there, so warming
   * never competes with a request); stops between files once `signal` is aborted.
   */
  async warm(signal: AbortSignal, beforeEachFile: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const now = this.#options.now();
    for (const hourStart of [now - (now % hourMs), now - (now % hourMs) - hourMs]) {
      for (const dataset of this.#datasets) {
        if (!dataset.warmUp) continue;
        await beforeEachFile();
        if (signal.aborted) return;
        await this.file(this.#ref(dataset.source, dataset.market, hourStart));
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }

  /**
   * Keeps the live hours recent: rebuilds the live hour of every dataset (the busy one too) whose
   * version is older than `olderThanMs`, and the hour that just ended where only a live version of
   * it is on disk, so that a query's first page finds them on disk (`firstPageReachMs`). Awaits
   * `beforeEachFile` before each rebuild; stops between files once `signal` is aborted.
   */
  async refreshLive(signal: AbortSignal, olderThanMs: number, beforeEachFile: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    for (const dataset of this.#datasets) {
      const now = this.#options.now();
      const liveStart = now - (now % hourMs);
      for (const hourStart of [liveStart - hourMs, liveStart]) {
        if (hourStart < this.historyStart) continue;
        const ref = this.#ref(dataset.source, dataset.market, hourStart);
        const liveUntil = this.#liveUntil.get(ref.key);
        // The hour before the live one needs a rebuild only when a live version of it was served.
        const stale = hourStart === liveStart ? liveUntil === undefined || now - liveUntil >= olderThanMs : liveUntil !== undefined;
        if (!stale) continue;
        await beforeEachFile();
        if (signal.aborted) return;
        await this.file(ref);
      }
    }
  }

  /**
   * Builds ahead of demand the complete hours of the datasets the warm-up skips (the busy market),
   * newest first, back to the start of the previous UTC day, so that the last whole day's
   * `/download` manifest and a replay over it find their files on disk instead of waiting for ~24
   * busy hours to be generated. One hour at a time (awaits `beforeEachFile` before each: the
   * service waits for a quiet moment there); hours on disk or under way are skipped; stops
   * between files once `signal` is aborted.
   */
  async pregenerate(signal: AbortSignal, beforeEachFile: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    const now = this.#options.now();
    const liveStart = now - (now % hourMs);
    const oldest = Math.max(this.historyStart, liveStart - (liveStart % dayMs) - dayMs);
    for (let hourStart = liveStart - hourMs; hourStart >= oldest; hourStart -= hourMs) {
      for (const dataset of this.#datasets) {
        if (dataset.warmUp) continue;
        const ref = this.#ref(dataset.source, dataset.market, hourStart);
        if (this.#pending.has(ref.key) || (await this.#fileOnDisk(ref)) !== null) continue;
        await beforeEachFile();
        if (signal.aborted) return;
        await this.file(ref);
      }
    }
  }

  /** Generates the live hour of each of `markets` that is a demo dataset, in order; stops between files once `signal` is aborted. */
  async warmLive(markets: readonly { source: string; market: string }[], signal: AbortSignal): Promise<void> {
    const now = this.#options.now();
    for (const { source, market } of markets) {
      if (signal.aborted) return;
      if (this.#dataset(source, market) === undefined) continue;
      await this.file(this.#ref(source, market, now - (now % hourMs)));
    }
  }

  #dataset(source: string, market: string): SimulatedDataset | undefined {
    return this.#datasets.find((dataset) => dataset.source === source && dataset.market === market);
  }

  #ref(source: string, market: string, hourStart: number): HourRef {
    const { date, hour } = utcDateHour(hourStart);
    return { source, market, date, hour, hourStart, key: hourKey(source, market, date, hour) };
  }

  #pathOf(hour: HourRef): string {
    return join(this.#root, hour.source, hour.market, hour.date, `${hour.key}.jsonl.zst`);
  }

  /**
   * The generated file of an hour, when it is on disk and still current: a live hour goes stale
   * after `liveRefreshMs`, unless its data already reaches `neededUntil` (what the caller reads).
   */
  async #fileOnDisk(hour: HourRef, neededUntil?: number): Promise<HourFile | null> {
    const existing = await this.#directory.hourByKey(hour.key);
    if (existing === null) return null;
    const now = this.#options.now();
    const complete = hour.hourStart + hourMs <= now;
    // Anything by the marker's name means the file may be a live version; only a regular file is
    // read for where that version ends (a folder or a FIFO is not the app's, and never opened).
    const partial = await lstat(`${this.#pathOf(hour)}.partial`).catch(() => null);
    const partialOnDisk = partial !== null;
    const liveUntil = this.#liveUntil.get(hour.key) ?? (partial?.isFile() === true ? await this.#restoredLiveUntil(hour) : undefined);
    const coversNeed = liveUntil !== undefined && neededUntil !== undefined && neededUntil <= liveUntil;
    // An hour that has just ended is served from its last live version while that reaches what the
    // caller reads (a query's first page); any other read gets it rebuilt whole.
    const fresh = complete ? (!partialOnDisk && liveUntil === undefined) || coversNeed : liveUntil !== undefined && (now - liveUntil < this.#options.liveRefreshMs || coversNeed);
    return fresh ? this.#directory.file(existing) : null;
  }

  /** Where a live version an earlier run wrote ends, from its marker when that names this very file (`live-marker.ts`). */
  async #restoredLiveUntil(hour: HourRef): Promise<number | undefined> {
    const until = await restoredLiveUntil(this.#pathOf(hour), hour.hourStart, this.#options.now());
    if (until !== undefined) this.#liveUntil.set(hour.key, until);
    return until;
  }

  async #ensureFile(hour: HourRef, neededUntil?: number): Promise<HourFile> {
    const dataset = this.#dataset(hour.source, hour.market);
    if (dataset === undefined) throw new Error(`The demo has no dataset ${hour.source}/${hour.market}`);
    const onDisk = await this.#fileOnDisk(hour, neededUntil);
    if (onDisk !== null) return onDisk;

    const path = this.#pathOf(hour);
    const marker = `${path}.partial`;
    const now = this.#options.now();
    const complete = hour.hourStart + hourMs <= now;
    const until = complete ? Number.POSITIVE_INFINITY : now - (now % 1000);
    const bytes = await this.#options.generate(this.#options.seed, dataset, hour.hourStart, until);
    await mkdir(dirname(path), { recursive: true });
    if (complete) {
      await writeFileAtomic(path, bytes);
      await removeMarker(marker);
      this.#liveUntil.delete(hour.key);
    } else {
      // The marker only carries the live extent across a restart: one that cannot be written
      // (something else holds its name) costs a regeneration after a restart, never this read.
      await writeFileAtomic(marker, liveMarkerText(until, bytes)).catch(() => undefined);
      await writeFileAtomic(path, bytes);
      this.#liveUntil.set(hour.key, until);
    }
    const file: HourFile = { ...hour, path, bytes: bytes.length };
    this.#directory.register(file);
    return file;
  }
}

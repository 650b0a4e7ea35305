import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { writeFileAtomic } from '../../base/atomic-write.ts';
import { keepAside, readStateJson } from '../state/state-file.ts';
import { decodeSnapshotInWorker } from '../../codec/decode-worker-client.ts';
import type { LibraryEntry } from './library-scan.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';

/** Counts the event records of one file (the decoder's inspect summary), or null when it cannot be decoded. */
export type RecordCounter = (path: string) => Promise<number | null>;

/** The decoder's count: a full decode in a worker thread, the header row not counted. */
export const decoderRecordCount: RecordCounter = async (path) => {
  const result = await decodeSnapshotInWorker(path).result;
  return result.ok ? result.summary.records : null;
};

interface CachedCount {
  bytes: number;
  mtimeMs: number;
  records: number;
}

function stampMatches(cached: CachedCount | undefined, entry: LibraryEntry): cached is CachedCount {
  return cached !== undefined && cached.bytes === entry.bytes && cached.mtimeMs === entry.mtimeMs;
}

function isCachedCount(value: unknown): value is CachedCount {
  if (!hasFields(value)) return false;
  const { bytes, mtimeMs, records } = value;
  return typeof bytes === 'number' && typeof mtimeMs === 'number' && typeof records === 'number' && Number.isSafeInteger(records) && records >= 0;
}

/**
 * Record counts of library files, kept in a small JSON file (written atomically) by path, size
 * and modification time, so a file is decoded once and again only when it changes. Counting runs
 * in the background, one file at a time; `onCounted` fires after each batch so the index can be
 * pushed again.
 */
export class RecordCounts {
  readonly #path: string;
  readonly #count: RecordCounter;
  readonly #onCounted: () => void;
  #cache: Promise<Map<string, CachedCount>> | null = null;
  readonly #onNotice: (notice: StateNotice) => void;
  readonly #now: () => number;
  readonly #pending = new Map<string, LibraryEntry>();
  /** Files whose decode failed, by path and stamp: not tried again until they change. */
  readonly #failed = new Set<string>();
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(options: { path: string; count?: RecordCounter; onCounted: () => void; onNotice?: (notice: StateNotice) => void; now?: () => number }) {
    this.#path = options.path;
    this.#count = options.count ?? decoderRecordCount;
    this.#onCounted = options.onCounted;
    this.#onNotice = options.onNotice ?? (() => {});
    this.#now = options.now ?? Date.now;
  }

  /** The known count of a file, or null; an unknown one is counted in the background. */
  async recordsOf(entry: LibraryEntry): Promise<number | null> {
    const cache = await this.#load();
    const cached = cache.get(entry.path);
    if (stampMatches(cached, entry)) return cached.records;
    if (!this.#closed && !this.#failed.has(`${entry.path}|${entry.bytes}|${entry.mtimeMs}`)) {
      this.#pending.set(entry.path, entry);
      this.#running ??= this.#drain().finally(() => (this.#running = null));
    }
    return null;
  }

  /** Reads the index file now (at start), so one that cannot be read is told of at once. */
  async read(): Promise<void> {
    await this.#load();
  }

  /** Resolves when no count is under way (tests, and close). */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
  }

  /** Stops counting after the current file. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#pending.clear();
    await this.idle();
  }

  async #drain(): Promise<void> {
    // Let the caller's index go out first; counting follows in the background.
    await Promise.resolve();
    while (!this.#closed && this.#pending.size > 0) {
      let counted = 0;
      for (const entry of [...this.#pending.values()]) {
        if (this.#isClosed()) break;
        this.#pending.delete(entry.path);
        const records = await this.#count(entry.path).catch(() => null);
        if (records === null) this.#failed.add(`${entry.path}|${entry.bytes}|${entry.mtimeMs}`);
        else {
          (await this.#load()).set(entry.path, { bytes: entry.bytes, mtimeMs: entry.mtimeMs, records });
          counted++;
        }
      }
      if (counted > 0) {
        // A failed save (a full disk) only costs decoding again on the next start.
        await this.#save().catch(() => undefined);
        if (!this.#isClosed()) this.#onCounted();
      }
    }
  }

  #isClosed(): boolean {
    return this.#closed;
  }

  /** Forgets files that are gone (after a delete). */
  async forget(paths: readonly string[]): Promise<void> {
    const cache = await this.#load();
    let changed = false;
    for (const path of paths) changed = cache.delete(path) || changed;
    if (changed) await this.#save().catch(() => undefined);
  }

  #load(): Promise<Map<string, CachedCount>> {
    // One read for every caller, so an unreadable index is kept aside once.
    this.#cache ??= this.#read();
    return this.#cache;
  }

  async #read(): Promise<Map<string, CachedCount>> {
    const cache = new Map<string, CachedCount>();
    const read = await readStateJson(this.#path);
    if (read.kind === 'absent') return cache;
    const files = read.kind === 'json' && hasFields(read.json) ? read.json['files'] : undefined;
    if (read.kind === 'unreadable' || typeof files !== 'object' || files === null) {
      const reason = read.kind === 'unreadable' ? read.reason : 'it is not a record-count index (no files)';
      this.#onNotice(await keepAside(this.#path, { reason, meaning: 'Record counts of library files are counted again in the background; nothing else is lost.', now: this.#now() }));
      return cache;
    }
    for (const [path, value] of Object.entries(files)) if (isCachedCount(value)) cache.set(path, value);
    return cache;
  }

  async #save(): Promise<void> {
    const cache = await this.#load();
    await writeFileAtomic(this.#path, `${JSON.stringify({ version: 1, files: Object.fromEntries(cache) })}\n`);
  }
}

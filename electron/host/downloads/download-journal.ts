import { isAbsolute } from 'node:path';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { keyParts } from '../../codec/layout/library-layout.ts';
import { readStateJson } from '../state/state-file.ts';
import { nodeAtomicWriteFs, writeFileAtomic, type AtomicWriteFs } from '../../base/atomic-write.ts';
import { hasFields, isJsonObject } from '../../../shared/guards/object-fields.ts';

/** One unfinished download as the journal keeps it (a download under way comes back queued). */
export interface JournalEntry {
  key: string;
  source: string;
  market: string;
  date: string;
  /** The hour an hour file covers; 0 for a whole-day file. */
  hour: number;
  state: 'queued' | 'paused';
  totalBytes: number | null;
  /** The library folder it was queued for (null in journals written before folders were kept: the folder at start). */
  root: string | null;
}

/** What survives a restart: the unfinished downloads in queue order, and whether the queue was paused. */
export interface JournalState {
  paused: boolean;
  items: JournalEntry[];
}

/** The journal as read: its state, and what could not be read of it. */
export interface JournalRead {
  state: JournalState;
  /** Why the whole file could not be read (then `state` is empty), or null. */
  unreadable: string | null;
  /** Entries that could not be read and were left out (the others are kept). */
  dropped: number;
}

function entryOf(value: unknown): JournalEntry | null {
  if (!hasFields(value)) return null;
  const { key, source, market, state, totalBytes } = value;
  if (typeof key !== 'string' || typeof source !== 'string' || typeof market !== 'string') return null;
  const parts = parseSnapshotKey(key);
  if (parts === null || parts.source !== source || parts.market !== market) return null;
  // A key that could not be a library path (a market of "..") would fail every later step.
  try {
    keyParts(key);
  } catch {
    return null;
  }
  if (state !== 'queued' && state !== 'paused') return null;
  const total = typeof totalBytes === 'number' && Number.isSafeInteger(totalBytes) && totalBytes >= 0 ? totalBytes : null;
  const root = typeof value['root'] === 'string' && value['root'] !== '' ? value['root'] : null;
  // A relative folder would land the download in whatever folder the process runs in.
  if (root !== null && !isAbsolute(root)) return null;
  return { key, source, market, date: parts.date, hour: parts.hour ?? 0, state, totalBytes: total, root };
}

/**
 * The download queue's journal (`{userDataDir}/downloads.json`): the unfinished items, written
 * atomically on every change that matters, one write at a time, the latest state winning.
 */
export class DownloadJournal {
  readonly #path: string;
  readonly #fs: AtomicWriteFs;
  #latest: JournalState | null = null;
  #writing: Promise<unknown> = Promise.resolve();
  #lastError: Error | null = null;

  /** `fs` is what the atomic writes go through (tests record the order of its calls). */
  constructor(path: string, fs: AtomicWriteFs = nodeAtomicWriteFs) {
    this.#path = path;
    this.#fs = fs;
  }

  /** Where the journal lies. */
  get path(): string {
    return this.#path;
  }

  /** The journal on disk: absent is empty; a file that cannot be read says why; entries that cannot be read are counted and left out, the rest kept. */
  async read(): Promise<JournalRead> {
    const empty = { paused: false, items: [] };
    const read = await readStateJson(this.#path);
    if (read.kind === 'absent') return { state: empty, unreadable: null, dropped: 0 };
    if (read.kind === 'unreadable') return { state: empty, unreadable: read.reason, dropped: 0 };
    const body = read.json;
    const rows: unknown = isJsonObject(body) ? body['items'] : undefined;
    if (!isJsonObject(body) || !Array.isArray(rows)) {
      return { state: empty, unreadable: 'it is not a download journal (no list of items)', dropped: 0 };
    }
    const items = rows.map(entryOf).filter((entry) => entry !== null);
    return { state: { paused: body['paused'] === true, items }, unreadable: null, dropped: rows.length - items.length };
  }

  /** Why the last write failed (a full or read-only disk), or null when it succeeded. */
  get lastError(): Error | null {
    return this.#lastError;
  }

  /** Schedules a write of this state; writes never overlap and only the newest pending one is made. */
  async write(state: JournalState): Promise<void> {
    const first = this.#latest === null;
    this.#latest = state;
    if (first) {
      this.#writing = this.#writing.then(async () => {
        const next = this.#latest;
        this.#latest = null;
        if (next !== null) await writeFileAtomic(this.#path, `${JSON.stringify({ version: 1, ...next })}\n`, this.#fs);
      }).then(
        () => (this.#lastError = null),
        // The next change writes again; meanwhile the failure is kept for `lastError`.
        (error: unknown) => (this.#lastError = error instanceof Error ? error : new Error(String(error))),
      );
    }
    await this.#writing;
  }

  /** Resolves when every scheduled write is on disk (or has failed: see `lastError`). */
  async flush(): Promise<void> {
    await this.#writing;
  }
}

import { readFile } from 'node:fs/promises';
import { parseSnapshotKey } from '../local-service/snapshot-keys.ts';
import { writeFileAtomic } from '../settings/atomic-write.ts';

/** One unfinished download as the journal keeps it (a download under way comes back queued). */
export interface JournalEntry {
  key: string;
  source: string;
  market: string;
  date: string;
  hour: number;
  state: 'queued' | 'paused';
  totalBytes: number | null;
}

/** What survives a restart: the unfinished downloads in queue order, and whether the queue was paused. */
export interface JournalState {
  paused: boolean;
  items: JournalEntry[];
}

function entryOf(value: unknown): JournalEntry | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  const { key, source, market, state, totalBytes } = row;
  if (typeof key !== 'string' || typeof source !== 'string' || typeof market !== 'string') return null;
  const parts = parseSnapshotKey(key);
  if (parts === null || parts.source !== source || parts.market !== market) return null;
  if (state !== 'queued' && state !== 'paused') return null;
  const total = typeof totalBytes === 'number' && Number.isSafeInteger(totalBytes) && totalBytes >= 0 ? totalBytes : null;
  return { key, source, market, date: parts.date, hour: parts.hour, state, totalBytes: total };
}

/**
 * The download queue's journal (`{userDataDir}/downloads.json`): the unfinished items, written
 * atomically on every change that matters, one write at a time, the latest state winning.
 */
export class DownloadJournal {
  readonly #path: string;
  #latest: JournalState | null = null;
  #writing: Promise<unknown> = Promise.resolve();
  #lastError: Error | null = null;

  constructor(path: string) {
    this.#path = path;
  }

  /** The journal on disk; an absent or unreadable one is empty, a malformed entry is dropped. */
  async read(): Promise<JournalState> {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(this.#path, 'utf8'));
    } catch {
      return { paused: false, items: [] };
    }
    const body = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    const items = Array.isArray(body['items']) ? body['items'].map(entryOf).filter((entry) => entry !== null) : [];
    return { paused: body['paused'] === true, items };
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
        if (next !== null) await writeFileAtomic(this.#path, `${JSON.stringify({ version: 1, ...next })}\n`);
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

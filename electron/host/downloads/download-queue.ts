import type { DownloadItem, DownloadQueue as DownloadQueueView } from '../../../shared/contract/library-schemas.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { checkedSegment, keyParts, UnsafeLibraryName } from '../../codec/layout/library-layout.ts';
import { canonicalSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { scanPartFiles } from '../library/library-scan.ts';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { keepAside } from '../state/state-file.ts';
import type { DownloadJournal, JournalEntry } from './download-journal.ts';
import { failureOf, transferKindOf } from './download-failure.ts';
import { removeLeftoverPart } from './part-lock.ts';
import { etaMs, RateMeter } from './rate-meter.ts';
import type { SnapshotTransfer, TransferResult } from './transfer-types.ts';

/** Where the queue gets URLs: a day's manifest, and a fresh link for one key; and the dataset's catalog entry. */
export interface DownloadLinks {
  /** The keys and pre-signed URLs of one UTC day (`/download`). */
  manifest(query: { source: string; market: string; date: string }): Promise<readonly { key: string; url: string }[]>;
  /** A fresh pre-signed URL for one key (`/snapshots/download?mode=url`). */
  link(key: string, signal: AbortSignal): Promise<string>;
  /** The dataset's catalog entry (`/catalog`), kept beside the files it downloads; null when the service lists none. */
  catalogEntry?(source: string, market: string): Promise<CatalogMarket | null>;
}

/** What the queue needs of the library: where a key lands, whether it is already there, and the root (now, or the one an item was queued for). */
export interface DownloadLibrary {
  root(): Promise<string>;
  pathOf(key: string, root?: string): Promise<string | null>;
  destinationOf(key: string, root?: string): Promise<string>;
  /** Makes a download's folder and checks it is the library's own (see `SnapshotLibrary.ensureFolder`). */
  ensureFolder?(folder: string, root: string): Promise<void>;
  /** Keeps a dataset's catalog entry beside its files under `root` (`catalog-sidecar.ts`). */
  keepCatalogEntry?(entry: CatalogMarket, root: string): Promise<void>;
}

/** Schedules `run` after `ms`; returns the function that cancels it. Injected in tests. */
export type ScheduleTimer = (run: () => void, ms: number) => () => void;

/** How a download queue is built. */
export interface DownloadQueueOptions {
  transfer: SnapshotTransfer;
  links: DownloadLinks;
  library: DownloadLibrary;
  /** Keeps unfinished items across restarts; none in tests that do not need it. */
  journal?: DownloadJournal | null;
  /** Told when the journal could not be read, wholly or in part, and what was kept. */
  onNotice?: (notice: StateNotice) => void;
  /** Transfers at once; default 3. */
  concurrency?: number;
  /** The clock rates and ETAs are measured on. */
  now?: () => number;
  /** The timer that sends a throttled progress update. */
  schedule?: ScheduleTimer;
  /** Progress updates at most this often while bytes flow; default 250 ms (4 per second). */
  throttleMs?: number;
  /** Told the whole queue on every change. */
  onChanged?: (queue: DownloadQueueView) => void;
  /**
   * Told when a file has landed in the library, verified. A promise (the library's new index
   * being built and pushed) is awaited before the queue says "done", so no view sees a finished
   * download whose file the library index does not list yet.
   */
  onLanded?: (key: string, result: TransferResult) => void | Promise<void>;
  /** Told when a file failed (the CLI prints it). */
  onFailed?: (item: DownloadItem) => void;
  /** Told when an asked-for key is not queued because the library has it already. */
  onSkipped?: (key: string, path: string) => void;
}

/** What to download: listed hours by key and/or whole UTC days of one dataset. */
export interface DownloadRequest {
  source: string;
  market: string;
  keys?: readonly string[];
  dates?: readonly string[];
}

/** What became of a key asked for: in the library (its path), or its download failed or was cancelled (why). */
export type KeySettlement = { kind: 'landed'; path: string } | { kind: 'not-landed'; state: 'failed' | 'cancelled' | 'absent'; message: string; resolution: string | null };

/** Why a running transfer was stopped by the queue. */
type StopIntent = 'pause' | 'cancel' | 'close';

interface Run {
  controller: AbortController;
  intent: StopIntent | null;
  settled: Promise<void>;
}

interface Entry {
  item: DownloadItem;
  /** The library folder it was queued for: it lands there even if Settings change (or are reset) meanwhile. */
  root: string;
  /** A URL from the manifest, used once; later starts ask for a fresh one. */
  url: string | null;
  meter: RateMeter;
  run: Run | null;
}

const finalStates = new Set<DownloadItem['state']>(['done', 'failed', 'cancelled']);
const defaultSchedule: ScheduleTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

/**
 * The download queue: files by snapshot key, first in first out, at most `concurrency`
 * transfers at once, each paused (its `.part` kept for a Range resume), resumed or cancelled
 * alone or all together; progress, rates and ETAs on the injected clock; unfinished items kept
 * in the journal so they come back after a restart.
 */
export class DownloadQueue {
  readonly #options: DownloadQueueOptions;
  readonly #now: () => number;
  readonly #schedule: ScheduleTimer;
  readonly #throttleMs: number;
  readonly #entries = new Map<string, Entry>();
  #concurrency: number;
  #paused = false;
  #closed = false;
  #lastEmit = Number.NEGATIVE_INFINITY;
  #cancelTimer: (() => void) | null = null;
  readonly #idleWaiters = new Set<() => void>();
  /** Waiters on keys (canonical) until their item lands, fails or is cancelled. */
  readonly #keyWaiters = new Map<string, Set<() => void>>();
  /** Datasets (by root, source and market) whose catalog entry this queue has kept already. */
  readonly #describedDatasets = new Set<string>();

  constructor(options: DownloadQueueOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#schedule = options.schedule ?? defaultSchedule;
    this.#throttleMs = options.throttleMs ?? 250;
    this.#concurrency = checkedConcurrency(options.concurrency ?? 3);
  }

  /**
   * Brings back the journal's unfinished items (a download under way comes back queued, to
   * resume from its `.part`, in the folder it was queued for) and starts. `.part` files under the
   * root that no item owns are removed only when the journal was read whole; otherwise their
   * owner may be among what could not be read, so they are kept and the notice says so.
   */
  async open(): Promise<DownloadQueueView> {
    const read = (await this.#options.journal?.read()) ?? { state: { paused: false, items: [] }, unreadable: null, dropped: 0 };
    const journal = read.state;
    const current = await this.#options.library.root();
    this.#paused = journal.paused;
    let dropped = read.dropped;
    for (const entry of journal.items) {
      const root = entry.root ?? current;
      let landed: string | null;
      try {
        landed = await this.#options.library.pathOf(entry.key, root);
      } catch (error) {
        // A folder no library can be (`/`) drops this entry, kept aside with the unreadable ones; never the queue.
        if (!(error instanceof UnsafeLibraryName)) throw error;
        dropped++;
        continue;
      }
      // Landed just before the journal could say so: nothing left to do.
      if (this.#entries.has(entry.key) || landed !== null) continue;
      const restored = this.#newEntry(entry, entry.state, null, root);
      restored.item.totalBytes = entry.totalBytes;
      this.#entries.set(entry.key, restored);
    }
    // A part is named by the canonical key, whatever spelling the service listed its key in.
    const owned = new Set(journal.items.map((entry) => canonicalSnapshotKey(entry.key)));
    const unowned = (await scanPartFiles(current)).filter((part) => !owned.has(part.canonicalKey));
    const whole = read.unreadable === null && dropped === 0;
    // A part another program is writing (its lock names a running process) is that program's.
    if (whole) {
      for (const part of unowned) await removeLeftoverPart(part.path);
    } else {
      await this.#tellJournalTrouble(read.unreadable, dropped, unowned.length, current);
    }
    this.#changed();
    return this.snapshot();
  }

  async #tellJournalTrouble(unreadable: string | null, dropped: number, keptParts: number, root: string): Promise<void> {
    const path = this.#options.journal?.path;
    if (path === undefined) return;
    const parts = keptParts === 0 ? '' : ` ${keptParts} partial download${keptParts === 1 ? '' : 's'} (.part) in ${root} that no listed download owns ${keptParts === 1 ? 'was' : 'were'} kept: queue ${keptParts === 1 ? 'its hour' : 'their hours'} again to resume, or delete ${keptParts === 1 ? 'it' : 'them'}.`;
    const notice =
      unreadable !== null
        ? await keepAside(path, { reason: unreadable, meaning: `The download queue started empty.${parts}`, now: this.#now() })
        : await keepAside(path, { reason: `${dropped} of its entries could not be read`, meaning: `The other downloads were kept in the queue; the original file is kept, with the entries that were left out.${parts}`, now: this.#now(), copy: true });
    this.#options.onNotice?.(notice);
  }

  /**
   * Queues the hours and days asked for. A key already queued is the same item (in any spelling:
   * `…-13` and `…-130000` are one hour); a key already in the library is skipped. Items keep the
   * key as the service listed it (links are asked for with it); files land under the canonical key.
   */
  async enqueue(request: DownloadRequest): Promise<DownloadQueueView> {
    this.#checkOpen();
    const source = checkedSegment('source', request.source);
    const market = checkedSegment('market', request.market);
    const wanted: { key: string; url: string | null }[] = [];
    for (const key of request.keys ?? []) {
      const parts = keyParts(key);
      if (parts.source !== source || parts.market !== market) throw new UnsafeLibraryName(`"${key}" is not a key of ${source}/${market}`);
      wanted.push({ key, url: null });
    }
    for (const date of request.dates ?? []) {
      for (const entry of await this.#options.links.manifest({ source, market, date })) {
        const parts = keyParts(entry.key);
        if (parts.source !== source || parts.market !== market) throw new UnsafeLibraryName(`The manifest of ${source}/${market} ${date} lists "${entry.key}", a key of another dataset`);
        wanted.push({ key: entry.key, url: entry.url });
      }
    }
    const root = await this.#options.library.root();
    if (wanted.length > 0) await this.#keepCatalogEntry(source, market, root);
    const queuedKeys = new Map([...this.#entries.keys()].map((key) => [canonicalSnapshotKey(key), key]));
    for (const wish of wanted) {
      const url = wish.url;
      const canonical = canonicalSnapshotKey(wish.key);
      const key = queuedKeys.get(canonical) ?? wish.key;
      queuedKeys.set(canonical, key);
      const existing = this.#entries.get(key);
      if (existing !== undefined && !finalStates.has(existing.item.state)) {
        existing.url ??= url;
        continue;
      }
      const present = await this.#options.library.pathOf(key, root);
      if (present !== null) {
        this.#options.onSkipped?.(key, present);
        continue;
      }
      // A finished item of this key (failed, cancelled, or done and deleted since) is queued afresh, at the end.
      this.#entries.delete(key);
      const parts = keyParts(key);
      this.#entries.set(key, this.#newEntry({ key, source, market, date: parts.date, hour: parts.hour ?? 0 }, 'queued', url, root));
    }
    this.#changed();
    return this.snapshot();
  }

  /**
   * Keeps the dataset's catalog entry beside its files, once per dataset and folder: the offline
   * source describes the dataset from it. A service that cannot say (or a write that fails) only
   * leaves the description to the files.
   */
  async #keepCatalogEntry(source: string, market: string, root: string): Promise<void> {
    const id = `${root}\u0000${source}\u0000${market}`;
    const { links, library } = this.#options;
    if (this.#describedDatasets.has(id) || links.catalogEntry === undefined || library.keepCatalogEntry === undefined) return;
    try {
      const entry = await links.catalogEntry(source, market);
      if (entry === null) return;
      await library.keepCatalogEntry(entry, root);
      this.#describedDatasets.add(id);
    } catch {
      // The files are what matters; the entry is a nicety the offline source can do without.
    }
  }

  /** Pauses items (their bytes are kept); no keys pauses the whole queue. */
  pause(keys?: readonly string[]): DownloadQueueView {
    this.#checkOpen();
    if (keys === undefined) this.#paused = true;
    for (const entry of this.#select(keys)) {
      const { state } = entry.item;
      if (state === 'queued') entry.item.state = 'paused';
      else if (state === 'downloading' || state === 'verifying') {
        entry.item.state = 'paused';
        this.#stop(entry, 'pause');
      }
    }
    this.#changed();
    return this.snapshot();
  }

  /** Resumes paused items, and retries failed ones named by key; no keys resumes the whole queue. */
  resume(keys?: readonly string[]): DownloadQueueView {
    this.#checkOpen();
    if (keys === undefined) this.#paused = false;
    for (const entry of this.#select(keys)) {
      const { state } = entry.item;
      if (state === 'paused' || (keys !== undefined && (state === 'failed' || state === 'cancelled'))) {
        entry.item.state = 'queued';
        entry.item.failure = null;
      }
    }
    this.#changed();
    return this.snapshot();
  }

  /** Cancels items and removes their partial bytes; no keys cancels every unfinished item. */
  async cancel(keys?: readonly string[]): Promise<DownloadQueueView> {
    this.#checkOpen();
    const removals: Promise<void>[] = [];
    for (const entry of this.#select(keys)) {
      if (finalStates.has(entry.item.state)) continue;
      entry.item.state = 'cancelled';
      if (entry.run !== null) this.#stop(entry, 'cancel');
      else removals.push(this.#removePart(entry));
    }
    await Promise.all(removals);
    this.#changed();
    return this.snapshot();
  }

  /** Removes the done, failed and cancelled items from the list. */
  clearFinished(): DownloadQueueView {
    for (const [key, entry] of this.#entries) if (finalStates.has(entry.item.state) && entry.run === null) this.#entries.delete(key);
    this.#changed();
    return this.snapshot();
  }

  /** Changes how many transfers run at once. */
  setConcurrency(concurrency: number): DownloadQueueView {
    this.#concurrency = checkedConcurrency(concurrency);
    this.#changed();
    return this.snapshot();
  }

  /** The whole queue now: items in the order queued, and totals over the unfinished ones. */
  snapshot(): DownloadQueueView {
    const now = this.#now();
    const items: DownloadItem[] = [];
    let bytes = 0;
    let totalBytes: number | null = 0;
    let rateBps = 0;
    const counts = { active: 0, queued: 0, done: 0, failed: 0 };
    for (const entry of this.#entries.values()) {
      const { item } = entry;
      const flowing = item.state === 'downloading' || item.state === 'verifying';
      const rate = item.state === 'downloading' ? entry.meter.rate(now) : 0;
      items.push({ ...item, rateBps: rate, etaMs: flowing ? etaMs(item.bytes, item.totalBytes, rate) : null });
      if (flowing) counts.active++;
      else if (item.state === 'queued') counts.queued++;
      else if (item.state === 'done') counts.done++;
      else if (item.state === 'failed') counts.failed++;
      if (finalStates.has(item.state)) continue;
      bytes += item.bytes;
      totalBytes = totalBytes === null || item.totalBytes === null ? null : totalBytes + item.totalBytes;
      rateBps += rate;
    }
    return { items, paused: this.#paused, concurrency: this.#concurrency, totals: { bytes, totalBytes, rateBps, etaMs: etaMs(bytes, totalBytes, rateBps), ...counts } };
  }

  /** Resolves when nothing is queued or running (paused items wait for a resume and do not count). */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.add(resolve));
  }

  /**
   * Resolves once `key` is in the library (at once when it is there already) or its item has
   * failed or been cancelled. A key the queue does not hold and the library lacks is `absent`.
   * A replay that reads hour files waits on its hours with this.
   */
  async settled(key: string): Promise<KeySettlement> {
    const canonical = canonicalSnapshotKey(key);
    for (;;) {
      const entry = [...this.#entries.values()].find((candidate) => canonicalSnapshotKey(candidate.item.key) === canonical);
      if (entry === undefined || entry.item.state === 'done') {
        const path = await this.#options.library.pathOf(entry?.item.key ?? canonical, entry?.root);
        if (path !== null) return { kind: 'landed', path };
        return { kind: 'not-landed', state: 'absent', message: `${key} is not in the library and not queued`, resolution: 'Download it (Downloads view), then replay again.' };
      }
      if (entry.item.state === 'failed' || entry.item.state === 'cancelled') {
        const failure = entry.item.failure;
        return {
          kind: 'not-landed',
          state: entry.item.state,
          message: entry.item.state === 'cancelled' ? `The download of ${key} was cancelled` : `The download of ${key} failed: ${failure?.message ?? 'no reason given'}`,
          resolution: failure?.resolution ?? 'Retry it in the Downloads view, then replay again.',
        };
      }
      if (this.#closed) return { kind: 'not-landed', state: 'cancelled', message: 'The download queue closed', resolution: 'Replay again once the app is running.' };
      await new Promise<void>((resolve) => {
        const waiters = this.#keyWaiters.get(canonical) ?? new Set<() => void>();
        waiters.add(resolve);
        this.#keyWaiters.set(canonical, waiters);
      });
    }
  }

  /** Stops: transfers under way pause (keeping their bytes) and come back queued on the next start; the journal is flushed. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    const settled: Promise<void>[] = [];
    for (const entry of this.#entries.values()) {
      if (entry.run === null) continue;
      settled.push(entry.run.settled);
      // A pause or cancel still stopping keeps its meaning: the item is journaled paused, or not at all.
      if (entry.run.intent === null) this.#stop(entry, 'close');
    }
    await Promise.all(settled);
    await this.#writeJournal();
    await this.#options.journal?.flush();
    for (const resolve of this.#idleWaiters) resolve();
    this.#idleWaiters.clear();
    this.#wakeKeyWaiters();
  }

  /** Wakes every key waiter, which looks again at its item (a state changed, or the queue closed). */
  #wakeKeyWaiters(): void {
    const waiters = [...this.#keyWaiters.values()];
    this.#keyWaiters.clear();
    for (const set of waiters) for (const resolve of set) resolve();
  }

  #newEntry(parts: Pick<JournalEntry, 'key' | 'source' | 'market' | 'date' | 'hour'>, state: 'queued' | 'paused', url: string | null, root: string): Entry {
    return {
      item: { key: parts.key, source: parts.source, market: parts.market, date: parts.date, hour: parts.hour, ...(keyParts(parts.key).span === 'day' ? { span: 'day' as const } : {}), state, bytes: 0, totalBytes: null, rateBps: 0, etaMs: null, attempts: 0, failure: null },
      root,
      url,
      meter: new RateMeter(),
      run: null,
    };
  }

  #select(keys: readonly string[] | undefined): Entry[] {
    if (keys === undefined) return [...this.#entries.values()];
    return keys.flatMap((key) => {
      const entry = this.#entries.get(key);
      return entry === undefined ? [] : [entry];
    });
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('The download queue is closed');
  }

  #stop(entry: Entry, intent: StopIntent): void {
    if (entry.run === null) return;
    entry.run.intent = intent;
    entry.run.controller.abort(intent === 'cancel' ? 'cancel' : 'pause');
  }

  /** Removes a cancelled item's part, unless another running program holds it. */
  async #removePart(entry: Entry): Promise<void> {
    await removeLeftoverPart(`${await this.#options.library.destinationOf(entry.item.key, entry.root)}.part`);
  }

  /** Starts queued items, oldest first, while slots are free. */
  #pump(): void {
    if (this.#closed || this.#paused) return;
    let running = [...this.#entries.values()].filter((entry) => entry.run !== null).length;
    for (const entry of this.#entries.values()) {
      if (running >= this.#concurrency) break;
      if (entry.item.state !== 'queued' || entry.run !== null) continue;
      this.#start(entry);
      running++;
    }
  }

  #start(entry: Entry): void {
    const { item } = entry;
    const controller = new AbortController();
    item.state = 'downloading';
    item.failure = null;
    entry.meter.reset();
    const url = entry.url;
    entry.url = null;
    const links = this.#options.links;
    // The service's own refusal of a fresh link, so a failure keeps its kind (401, 402, 403, 404).
    let linkRefusal: unknown = null;
    const link = (signal: AbortSignal): Promise<string> =>
      links.link(item.key, signal).catch((error: unknown) => {
        linkRefusal = error;
        throw error;
      });
    const transfer = async (): Promise<TransferResult> => {
      const destination = await this.#options.library.destinationOf(item.key, entry.root);
      const library = this.#options.library;
      return this.#options.transfer({
        key: item.key,
        destination,
        ...(library.ensureFolder === undefined ? {} : { ensureFolder: (folder: string) => library.ensureFolder?.(folder, entry.root) ?? Promise.resolve() }),
        url: url ?? (await link(controller.signal)),
        refreshUrl: link,
        signal: controller.signal,
        onProgress: (bytes, totalBytes) => {
          if (entry.run?.controller !== controller) return;
          item.bytes = bytes;
          if (totalBytes !== null) item.totalBytes = totalBytes;
          entry.meter.add(this.#now(), bytes);
          this.#progressed();
        },
        onRetry: () => {
          item.attempts++;
          this.#changed();
        },
        onVerifying: () => {
          if (entry.run?.controller !== controller || item.state !== 'downloading') return;
          item.state = 'verifying';
          this.#changed();
        },
      });
    };
    const run: Run = { controller, intent: null, settled: Promise.resolve() };
    entry.run = run;
    run.settled = transfer().then(
      (result) => this.#landed(entry, result),
      (error: unknown) => this.#stopped(entry, run, transferKindOf(error) === 'refused' && linkRefusal !== null ? linkRefusal : error),
    );
  }

  async #landed(entry: Entry, result: TransferResult): Promise<void> {
    entry.run = null;
    Object.assign(entry.item, { state: 'done', bytes: result.bytes, totalBytes: result.bytes, failure: null });
    try {
      await this.#options.onLanded?.(entry.item.key, result);
    } catch {
      // The file has landed; a library that could not take it in now reads it on its next scan.
    }
    this.#changed();
  }

  async #stopped(entry: Entry, run: Run, error: unknown): Promise<void> {
    const { item } = entry;
    if (run.intent === 'cancel') await this.#removePart(entry);
    entry.run = null;
    if (run.intent === 'close') item.state = 'queued';
    else if (run.intent === null) {
      item.state = 'failed';
      item.failure = failureOf(error);
      this.#options.onFailed?.({ ...item });
    }
    // 'pause' and 'cancel' set the state when asked (a resume meanwhile made it queued again).
    this.#changed();
  }

  /** Bytes moved: an update goes out at most once per throttle period, the last one always. */
  #progressed(): void {
    if (this.#now() - this.#lastEmit >= this.#throttleMs) {
      this.#emit();
      return;
    }
    this.#cancelTimer ??= this.#schedule(() => {
      this.#cancelTimer = null;
      this.#emit();
    }, Math.max(0, this.#throttleMs - (this.#now() - this.#lastEmit)));
  }

  /** A state change: journal it, start what can start, and tell the listeners at once. */
  #changed(): void {
    if (!this.#closed) {
      void this.#writeJournal();
      this.#pump();
    }
    this.#emit();
    if (this.#isIdle()) {
      for (const resolve of this.#idleWaiters) resolve();
      this.#idleWaiters.clear();
    }
    this.#wakeKeyWaiters();
  }

  #emit(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
    this.#lastEmit = this.#now();
    this.#options.onChanged?.(this.snapshot());
  }

  #isIdle(): boolean {
    for (const entry of this.#entries.values()) {
      if (entry.run !== null) return false;
      if (entry.item.state === 'queued' && !this.#paused) return false;
    }
    return true;
  }

  #writeJournal(): Promise<void> {
    const journal = this.#options.journal;
    if (journal === undefined || journal === null) return Promise.resolve();
    const items: JournalEntry[] = [];
    for (const { item, root } of this.#entries.values()) {
      if (finalStates.has(item.state)) continue;
      const state = item.state === 'paused' ? 'paused' : 'queued';
      items.push({ key: item.key, source: item.source, market: item.market, date: item.date, hour: item.hour, state, totalBytes: item.totalBytes, root });
    }
    return journal.write({ paused: this.#paused, items });
  }
}

function checkedConcurrency(value: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > 16) throw new RangeError(`The download concurrency must be a whole number from 1 to 16, not ${value}`);
  return value;
}

import { rm, rmdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { LibraryDataset, LibraryIndex } from '../../../shared/contract/library-schemas.ts';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { freeBytesAt } from './free-bytes.ts';
import { insideLibrary, LibraryBoundaryError, libraryFolder } from '../../codec/layout/library-boundary.ts';
import { existingLibraryPath, keyParts, libraryLayouts, libraryPathOf, spellingsOfKey } from '../../codec/layout/library-layout.ts';
import { coveredKeys, scanLibrary, type LibraryEntry } from './library-scan.ts';
import { writeCatalogSidecar } from '../../codec/layout/catalog-sidecar.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { RecordCounts, type RecordCounter } from './record-counts.ts';
import { contractError } from '../contract-errors.ts';

/** What the library needs from its surroundings. */
export interface SnapshotLibraryOptions {
  /** The library root, read on every call so a change in Settings takes effect at once. */
  root: () => Promise<string>;
  /** The record-count index (a small JSON file in the user-data folder). */
  countsPath: string;
  /** Counts a file's records; the decoder's full decode by default. */
  count?: RecordCounter;
  /** Free bytes of the root's file system; `statfs` by default. */
  freeBytes?: (path: string) => Promise<number | null>;
  /** Told the new index when files land, are deleted, or their record counts become known. */
  onChanged?: (index: LibraryIndex) => void;
  /** Told at once when files land or are deleted (not when a count becomes known), before the new index is built. */
  onFilesChanged?: () => void;
  /** Told when the record-count index could not be read and was kept aside. */
  onNotice?: (notice: StateNotice) => void;
}

function datasetsOf(entries: readonly (LibraryEntry & { records: number | null })[]): LibraryDataset[] {
  const byDataset = new Map<string, LibraryDataset>();
  const sorted = [...entries].sort((a, b) => a.source.localeCompare(b.source) || a.market.localeCompare(b.market) || a.date.localeCompare(b.date) || a.hour - b.hour);
  for (const entry of sorted) {
    const id = `${entry.source}\u0000${entry.market}`;
    const dataset = byDataset.get(id) ?? { source: entry.source, market: entry.market, bytes: 0, files: [] };
    dataset.bytes += entry.bytes;
    dataset.files.push({ key: entry.key, date: entry.date, hour: entry.hour, ...(entry.span === 'day' ? { span: 'day' as const } : {}), bytes: entry.bytes, records: entry.records, layout: entry.layout });
    byDataset.set(id, dataset);
  }
  return [...byDataset.values()];
}

/**
 * The local snapshot library: complete files under the root in the public tool's layout (or the
 * flat one), their sizes and record counts, the free space, and deletion by key. A `.part` file
 * or anything else is never listed as present.
 */
export class SnapshotLibrary {
  readonly #options: SnapshotLibraryOptions;
  readonly #counts: RecordCounts;
  /** Indexes begun by `changed` so far, and the number of the last one pushed. */
  #begun = 0;
  #pushed = 0;
  readonly #inFlight = new Set<Promise<LibraryIndex>>();

  constructor(options: SnapshotLibraryOptions) {
    this.#options = options;
    this.#counts = new RecordCounts({
      path: options.countsPath,
      ...(options.count === undefined ? {} : { count: options.count }),
      ...(options.onNotice === undefined ? {} : { onNotice: options.onNotice }),
      onCounted: () => void this.changed(false),
    });
  }

  /** The library root now. */
  root(): Promise<string> {
    return this.#options.root();
  }

  /** Every complete file of the library by dataset, with sizes, known record counts and free space. */
  async index(): Promise<LibraryIndex> {
    const root = await this.#options.root();
    const entries = await scanLibrary(root);
    const counted = await Promise.all(entries.map(async (entry) => ({ ...entry, records: await this.#counts.recordsOf(entry) })));
    const datasets = datasetsOf(counted);
    return {
      root,
      datasets,
      bytes: datasets.reduce((sum, dataset) => sum + dataset.bytes, 0),
      freeBytes: await (this.#options.freeBytes ?? freeBytesAt)(root),
    };
  }

  /**
   * The canonical keys the library's files cover (one scan, for marking a listing's hours as
   * local): every spelling counts as its canonical key, and a whole-day file as each of its hours.
   */
  async keys(): Promise<Set<string>> {
    return coveredKeys(await scanLibrary(await this.#options.root()));
  }

  /**
   * Where a key's data lies (either layout) under the root (or under `root`, the folder a download
   * was queued for): the file so named, another spelling of it, or the day file holding the hour;
   * null when it is not there.
   */
  async pathOf(key: string, root?: string): Promise<string | null> {
    return existingLibraryPath(root ?? (await this.#options.root()), key);
  }

  /** Where a download of the key lands: the public tool's layout under the root (or `queuedFor`, the folder it was queued for). */
  async destinationOf(key: string, queuedFor?: string): Promise<string> {
    return libraryPathOf(queuedFor ?? (await this.#options.root()), key, 'standard');
  }

  /**
   * Makes a download's folder under the root (or `queuedFor`) and checks that all of it is the
   * library's own (no symbolic link on the way); refuses with a ContractError naming the link.
   */
  async ensureFolder(folder: string, queuedFor?: string): Promise<void> {
    try {
      await libraryFolder(queuedFor ?? (await this.#options.root()), folder);
    } catch (error) {
      if (!(error instanceof LibraryBoundaryError)) throw error;
      throw contractError('invalid-request', null, error.message, 'Remove the symbolic link, or choose another library folder in Settings → Data source, then retry.');
    }
  }

  /** Keeps a dataset's catalog entry beside its files under the root (or `queuedFor`), for the offline source. */
  async keepCatalogEntry(entry: CatalogMarket, queuedFor?: string): Promise<void> {
    await writeCatalogSidecar(queuedFor ?? (await this.#options.root()), entry, Date.now());
  }

  /**
   * Deletes the files of these keys in any spelling (`…-13` and `…-130000` are one hour; a day
   * file is deleted only by its own key) in every layout, removes date folders left empty, and
   * returns the new index.
   */
  async delete(keys: readonly string[]): Promise<LibraryIndex> {
    for (const key of keys) keyParts(key);
    const root = await this.#options.root();
    const removed: string[] = [];
    for (const key of keys) {
      for (const layout of libraryLayouts) {
        for (const path of await spellingsOfKey(root, key, layout)) {
          // Only the library's own files: never one reached through a symbolic link.
          if (!(await insideLibrary(root, path, 'file'))) continue;
          await rm(path, { force: true });
          removed.push(path);
          // Only an empty folder is removed; one still holding files (or a .part) stays.
          await rmdir(dirname(path)).catch(() => undefined);
        }
      }
    }
    await this.#counts.forget(removed);
    return removed.length > 0 ? this.changed(true) : this.index();
  }

  /**
   * Something changed (files landed or were deleted, or a count became known): pushes the new
   * index. Indexes are built concurrently; one is pushed only if no index begun after it was pushed
   * first, so a slow, older scan never replaces a newer one. `onFilesChanged` hears of every change
   * to the files, whichever index wins.
   */
  async changed(filesChanged = true): Promise<LibraryIndex> {
    if (filesChanged) this.#options.onFilesChanged?.();
    const ticket = ++this.#begun;
    const building = this.index();
    this.#inFlight.add(building);
    try {
      const index = await building;
      if (ticket > this.#pushed) {
        this.#pushed = ticket;
        this.#options.onChanged?.(index);
      }
      return index;
    } finally {
      this.#inFlight.delete(building);
    }
  }

  /** Reads the record-count index now (at start), so one that cannot be read is told of at once. */
  readCounts(): Promise<void> {
    return this.#counts.read();
  }

  /** Resolves when no record count is being made and every index it caused has been pushed (tests). */
  async countsIdle(): Promise<void> {
    await this.#counts.idle();
    while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
  }

  /** Stops background counting. */
  close(): Promise<void> {
    return this.#counts.close();
  }
}

import { ByteBudgetCache } from '../store/byte-budget-cache.ts';
import { collectGarbage } from '../store/garbage-collection.ts';
import type { RowMerge } from './row-pager.ts';

/** Budget and idle time of the kept merges. */
export interface RowMergeResumesOptions {
  /** The most bytes the decoded hours the kept merges hold may add up to. */
  maxBytes?: number;
  /** A merge not resumed for this long is dropped (a later page then reopens its hours). */
  idleMs?: number;
}

/**
 * Row merges kept between the pages of a query, by the cursor that leads to each and who asked
 * (a cursor continues only the principal's own query): a client that follows `next_cursor` is
 * served the next page from where the merge stopped, instead of every hour being opened and sought
 * again. Bounded by the bytes the merges hold and dropped after a minute unused; a miss (evicted,
 * expired, another process) just opens the hours again from the cursor's position, as before.
 */
export class RowMergeResumes {
  readonly #merges: ByteBudgetCache<string, RowMerge>;

  constructor(options: RowMergeResumesOptions = {}) {
    this.#merges = new ByteBudgetCache({ maxBytes: options.maxBytes ?? 64 * 1024 * 1024, idleMs: options.idleMs ?? 60_000, sizeOf: (merge) => merge.heldBytes, onIdle: () => void collectGarbage() });
  }

  /** The merge a page ending at `cursor` left for `principal`, taken out (a second request with the cursor starts afresh). */
  take(cursor: string, principal: string): RowMerge | undefined {
    const key = `${principal}\u0000${cursor}`;
    const merge = this.#merges.get(key);
    if (merge !== undefined) this.#merges.delete(key);
    return merge;
  }

  /** Keeps `merge` for the page `cursor` leads to. */
  keep(cursor: string, principal: string, merge: RowMerge): void {
    this.#merges.set(`${principal}\u0000${cursor}`, merge);
  }

  /** Bytes held by the kept merges. */
  get bytes(): number {
    return this.#merges.bytes;
  }
}

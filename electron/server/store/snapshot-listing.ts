import type { HourFile, HourRef, MarketDataStore } from './market-data-store.ts';

/** How many hour files one `/snapshots` response may have the demo generate, per principal. */
export interface ListingBudget {
  anonymous: number;
  keyed: number;
}

/** A listing budget small enough that one response costs a few seconds of generation at most. */
export const defaultListingBudget: ListingBudget = { anonymous: 6, keyed: 24 };

/** One page of a snapshot listing. */
export interface ListingPage {
  files: HourFile[];
  /** Start (Unix ms) of the first hour not listed yet; null when the listing is complete. */
  resumeAt: number | null;
  /** Whether the budget, not the limit or the end of the range, ended this page. */
  cutShort: boolean;
}

/**
 * Lists up to `limit` hours, starting at the first hour at or after `resumeAt`. It walks the
 * cheap hour references and touches files only for the entries it returns: an hour whose file
 * is ready costs nothing, one the demo must generate first spends one unit of `budget`, and
 * when none is left the page ends before that hour. The hours to generate are all asked for
 * before any is awaited, so a generator with several workers builds them at once. The hours of
 * one whole-day file are one entry (its first hour in the range), and a page never ends inside them.
 */
export async function listingPage(store: MarketDataStore, hours: readonly HourRef[], resumeAt: number, limit: number, budget: number): Promise<ListingPage> {
  const files: Promise<HourFile>[] = [];
  let lastDayFile: string | undefined;
  let left = budget;
  let index = hours.findIndex((hour) => hour.hourStart >= resumeAt);
  if (index < 0) index = hours.length;
  for (; index < hours.length; index++) {
    const hour = hours[index];
    if (hour === undefined) break;
    if (hour.dayFile !== undefined && hour.dayFile.key === lastDayFile) continue;
    if (files.length >= limit) break;
    const ready = await store.readyFile(hour);
    if (ready === null && left === 0) break;
    if (ready === null) left--;
    // Started now, awaited below: the generations of one page overlap.
    const file = ready === null ? store.file(hour) : Promise.resolve(ready);
    file.catch(() => {});
    files.push(file);
    lastDayFile = hour.dayFile?.key;
  }
  const next = hours[index];
  return { files: await Promise.all(files), resumeAt: next?.hourStart ?? null, cutShort: next !== undefined && files.length < limit };
}

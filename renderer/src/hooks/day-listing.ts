import type { Availability } from '../../../shared/contract/library-schemas.ts';
import { dayMs } from '../../../shared/time/time-units.ts';


/** Unix ms of a UTC date's midnight. */
function midnightOf(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`);
}

/** A run of whole UTC days listed by one availability request. */
export interface ListingPart {
  /** UTC dates, oldest first. */
  days: readonly string[];
  /** Unix ms of the first day's midnight. */
  from: number;
  /** Unix ms of the midnight after the last day (exclusive). */
  to: number;
}

/**
 * The days of the calendar in parts of `daysPerPart`, newest first: they are listed in this order
 * so the days a user most likely wants fill in first.
 */
export function listingParts(days: readonly string[], daysPerPart: number): ListingPart[] {
  const size = Math.max(1, Math.floor(daysPerPart));
  const parts: ListingPart[] = [];
  for (let end = days.length; end > 0; end -= size) {
    const partDays = days.slice(Math.max(0, end - size), end);
    const first = partDays[0];
    const last = partDays[partDays.length - 1];
    if (first === undefined || last === undefined) continue;
    parts.push({ days: partDays, from: midnightOf(first), to: midnightOf(last) + dayMs });
  }
  return parts;
}

/** What the listed parts say together: the calendar's availability, and the days not listed yet. */
export interface MergedListing {
  /** Null until a part has been listed. */
  availability: Availability | null;
  /** Days whose part has not been listed (loading, waiting its turn, or failed). */
  unlistedDays: ReadonlySet<string>;
}

/**
 * Joins the listings of `parts` (`listings[i]` for `parts[i]`, undefined while not listed). When a
 * part was cut short by its page cap, the hours after the earliest cut that no part listed are
 * unknown (conservative for a later part, which cannot be cut short with parts of a few days).
 */
export function mergeListings(parts: readonly ListingPart[], listings: readonly (Availability | undefined)[]): MergedListing {
  const unlisted = new Set<string>();
  let merged: Availability | null = null;
  parts.forEach((part, index) => {
    const listing = listings[index];
    if (listing === undefined) {
      for (const day of part.days) unlisted.add(day);
      return;
    }
    if (merged === null) {
      merged = { ...listing, hours: [...listing.hours] };
      return;
    }
    merged.hours.push(...listing.hours);
    if (listing.truncated && (!merged.truncated || listing.listedUntil < merged.listedUntil)) {
      merged.truncated = true;
      merged.listedUntil = listing.listedUntil;
    }
  });
  return { availability: merged, unlistedDays: unlisted };
}

import { basename } from 'node:path';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { SnapshotReader } from '../../codec/snapshot-reader.ts';
import type { VenueName } from './metrics-args.ts';

/** One venue's files, in the order they were given. */
export interface VenueFiles extends VenueName {
  files: string[];
}

/** The venue a file holds: its name's (a standard key in any spelling), else its first record's; null for a file with no record. */
async function venueOfFile(path: string): Promise<VenueName | null> {
  const named = parseSnapshotKey(basename(path));
  if (named !== null) return { source: named.source, market: named.market };
  for await (const records of new SnapshotReader({ path })) {
    const first = records[0];
    if (first !== undefined) return { source: first.source, market: first.market };
  }
  return null;
}

/**
 * Snapshot files grouped by the venue (source, market) each holds, venues in the order first met
 * and each venue's files in the order given, so every venue's book is replayed from its own files
 * only (a coverage gap or restart of one venue never clears another's). A file with no record is
 * left out.
 */
export async function filesByVenue(paths: readonly string[]): Promise<VenueFiles[]> {
  const venues: VenueFiles[] = [];
  for (const path of paths) {
    const venue = await venueOfFile(path);
    if (venue === null) continue;
    const known = venues.find((entry) => entry.source === venue.source && entry.market === venue.market);
    if (known === undefined) venues.push({ ...venue, files: [path] });
    else known.files.push(path);
  }
  return venues;
}

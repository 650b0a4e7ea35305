import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { readSmallRegularFile } from '../../base/regular-file.ts';

// A demo hour generated while it is still running is a live version: it holds the hour's rows up
// to a time (`until`), and a `.partial` marker beside it says so, for a later run. The marker names
// the very bytes it describes (their length and sha256), so a marker that does not belong to the
// file beside it (forged, older, or from a run stopped between the two writes) is never believed:
// the hour is then built again rather than served short.

const hourMs = 3_600_000;
/** A marker is one line: until, length, sha256; anything longer is not the app's. */
const maxMarkerBytes = 128;

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The text of the marker of a live version written up to `until` (exclusive) with these bytes. */
export function liveMarkerText(until: number, bytes: Uint8Array): string {
  return `${until} ${bytes.length} ${sha256(bytes)}`;
}

async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return hash.digest('hex');
}

/**
 * Where the live version at `path` ends, from its marker: only when the marker is a regular file
 * naming exactly this file's length and sha256, the file is at least as new as the marker, and the
 * time lies inside the hour and not after `now`. Undefined otherwise (never throws).
 */
export async function restoredLiveUntil(path: string, hourStart: number, now: number): Promise<number | undefined> {
  try {
    const marker = `${path}.partial`;
    const [markerStats, fileStats, text] = await Promise.all([stat(marker), stat(path), readSmallRegularFile(marker, maxMarkerBytes).then((bytes) => new TextDecoder().decode(bytes))]);
    const [untilText, lengthText, digest] = text.trim().split(' ');
    const until = Number(untilText);
    if (!fileStats.isFile() || fileStats.mtimeMs < markerStats.mtimeMs) return undefined;
    if (!Number.isSafeInteger(until) || until <= hourStart || until > hourStart + hourMs || until > now) return undefined;
    if (Number(lengthText) !== fileStats.size || digest === undefined || digest !== (await fileSha256(path))) return undefined;
    return until;
  } catch {
    return undefined;
  }
}

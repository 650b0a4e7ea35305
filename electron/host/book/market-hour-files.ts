import type { MarketDataClient } from '../client/market-data-client.ts';
import type { DownloadRequest, KeySettlement } from '../downloads/download-queue.ts';
import { canonicalSnapshotKey, parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { hourMs, hourStartOf } from '../../../shared/time/time-units.ts';

/** The market and range a replay reads from hour files. */
export interface HourFileQuery {
  source: string;
  market: string;
  start: number;
  end: number;
}

/** What reading a range from hour files needs: the service's listing, the download queue and the library. */
export interface HourFileAccess {
  clientOf: () => Promise<{ client: MarketDataClient }>;
  /** Queues keys for download (the Downloads view shows them; they are verified and kept in the library). */
  enqueue: (request: DownloadRequest) => Promise<unknown>;
  /** Resolves once a key is in the library, or its download failed or was cancelled. */
  settled: (key: string) => Promise<KeySettlement>;
  /** Where the library holds a key now; null when it does not. */
  pathOf: (key: string) => Promise<string | null>;
}

/** The files of a range, in hour order (an hour the service lists no file for has none: the books clear over it). */
export interface HourFilePlan {
  keys: string[];
}

/** Hours of files listed at most for one replay (a week of hours: more is refused before anything is fetched). */
export const maxReplayHours = 7 * 24;

/** A replay that cannot be read from hour files: why, and what fixes it. */
export class HourFileError extends Error {
  override readonly name = 'HourFileError';
  constructor(
    message: string,
    readonly resolution: string,
    /** The service's own kind of failure, when one was given. */
    readonly serviceKind?: string,
  ) {
    super(message);
  }
}

/**
 * The hour files of `[start, end]` (inclusive, as the service's ranges) as `/snapshots` lists
 * them, one per hour in hour order (a day file once, for the hours it covers): from the start of
 * the hour holding `start` (the books are rebuilt from that hour's first snapshot) to the hour
 * holding `end`.
 */
export async function hourFilePlan(client: MarketDataClient, query: HourFileQuery, signal?: AbortSignal): Promise<HourFilePlan> {
  const from = hourStartOf(query.start);
  const to = hourStartOf(Math.max(query.start, query.end)) + hourMs;
  const hours = (to - from) / hourMs;
  if (hours > maxReplayHours) throw new HourFileError(`A replay from hour files reads at most ${maxReplayHours} hours; this range spans ${hours}`, 'Choose a range of a week or less.');
  const stream = client.snapshots(
    { source: query.source, market: query.market, from: new Date(from).toISOString(), to: new Date(to).toISOString(), limit: 1000 },
    signal === undefined ? {} : { signal },
  );
  const byHour = new Map<number, string>();
  for await (const entry of stream) {
    const parts = parseSnapshotKey(entry.key);
    if (parts === null) continue;
    const start = parts.start;
    if (parts.span === 'day') for (let hour = Math.max(start, from); hour < Math.min(parts.end, to); hour += hourMs) byHour.set(hour, entry.key);
    else if (start >= from && start < to) byHour.set(start, entry.key);
  }
  const keys: string[] = [];
  const seen = new Set<string>();
  for (let hour = from; hour < to; hour += hourMs) {
    const key = byHour.get(hour);
    if (key === undefined || seen.has(canonicalSnapshotKey(key))) continue;
    seen.add(canonicalSnapshotKey(key));
    keys.push(key);
  }
  return { keys };
}

/**
 * The library paths of a plan's files, in hour order, each as soon as it is there: the files the
 * library holds are read from it, those it lacks are queued for download at once (several
 * transfer in parallel), and each path is handed on once its file has landed, verified. A file that fails or is cancelled ends the read
 * with `HourFileError`.
 */
export async function* hourFilePaths(access: HourFileAccess, query: HourFileQuery, keys: readonly string[], signal?: AbortSignal): AsyncGenerator<string, void, undefined> {
  if (keys.length === 0) return;
  const held = await Promise.all(keys.map((key) => access.pathOf(key)));
  const missing = keys.filter((_, i) => held[i] === null);
  if (missing.length > 0) await access.enqueue({ source: query.source, market: query.market, keys: missing });
  for (const [i, key] of keys.entries()) {
    signal?.throwIfAborted();
    const path = held[i];
    if (path !== null && path !== undefined) {
      yield path;
      continue;
    }
    const settlement = await access.settled(key);
    signal?.throwIfAborted();
    if (settlement.kind === 'not-landed') throw new HourFileError(settlement.message, settlement.resolution ?? 'Retry it in the Downloads view, then replay again.');
    yield settlement.path;
  }
}

import { randomUUID } from 'node:crypto';
import type { BookReplayProgress } from '../../../shared/contract/book-replay-schemas.ts';
import type { TaskProgress } from '../../../shared/contract/channels.ts';
import type { EventHub } from '../contract/event-hub.ts';
import type { ContractHandlers } from '../contract/handlers.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import { bookSessionHandlers, ReplayRegistry, type BookSessionHandlers } from './book-session-handlers.ts';
import { BookWorkerClient, type BookFrames, type BookReplay, type ReplayOptions } from './book-worker-client.ts';
import type { ReplayResult } from './book-worker-protocol.ts';
import { CrossCheckSession } from './cross-check-session.ts';
import { marketBookPages, marketBookPlan, marketBookRefusal, type MarketBookQuery } from './market-book-pages.ts';
import { noDataSourceError } from '../contract-errors.ts';
import { hourFilePaths, hourFilePlan, type HourFileAccess } from './market-hour-files.ts';
import { hourStartOf } from '../../../shared/time/time-units.ts';
import type { BookReplayReadFrom } from '../../../shared/contract/book-replay-schemas.ts';

/** The contract channels this module implements. */
export type BookReplayHandlers = Pick<ContractHandlers, 'book.replayFiles' | 'book.replayMarket' | 'book.crossCheck' | 'book.cancel'> & BookSessionHandlers;

/** How market replays reach the active service. */
export interface MarketReplayAccess {
  clientOf: () => Promise<{ client: MarketDataClient }>;
  /** Whether requests carry a key (the demo's, or one stored for the remote). */
  hasKey: () => Promise<boolean>;
  /** The clock the access windows are judged by; must match the service's (default `Date.now`). */
  now?: () => number;
  /** The download queue and library: with them (and a key) a replay reads the range's hour files. */
  hourFiles?: Omit<HourFileAccess, 'clientOf'>;
}

/** What the book handlers are built from besides the event hub and the grants. */
export interface BookReplayDeps {
  worker?: BookWorkerClient;
  /** The active service; without it `book.replayMarket` answers `unavailable`. */
  market?: MarketReplayAccess;
}

/** What a caller inside main sees of a replay before it goes out as events. */
interface ReplayTap {
  frames?: (frames: BookFrames) => void;
  ended?: (result: ReplayResult) => void;
}

function taskState(progress: BookReplayProgress): Pick<TaskProgress, 'done' | 'total'> {
  // Files report compressed bytes of the whole set; without a size, count events.
  return progress.totalBytes === null ? { done: progress.events, total: null } : { done: progress.bytesRead ?? 0, total: progress.totalBytes };
}

function frameOptions(input: { depth?: number | undefined; bandBps?: number | undefined; priceStep?: number | undefined }): Pick<ReplayOptions, 'depth' | 'bandBps' | 'priceStep'> {
  return {
    ...(input.depth === undefined ? {} : { depth: input.depth }),
    ...(input.bandBps === undefined ? {} : { bandBps: input.bandBps }),
    ...(input.priceStep === undefined ? {} : { priceStep: input.priceStep }),
  };
}

/** A clock over JSON: NaN (none yet) travels as null. */
function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/**
 * The `book.*` contract channels over the book worker. `book.replayFiles` replays granted files
 * (an id that was never granted is `not-found`); `book.replayMarket` replays a market's range
 * from the active service, judged against the access windows before anything is sent. Both
 * answer the replay's id at once; frames follow as `book.frames` events (buffers intact),
 * health marks as `book.health` (ahead of the frames that follow them), progress as `task.progress`, and the end as `book.replayEnded`. `book.cancel` stops a replay
 * (and the client's paging).
 */
export function bookReplayHandlers(events: EventHub, grants: GrantedFiles, deps: BookReplayDeps = {}): BookReplayHandlers {
  const worker = deps.worker ?? new BookWorkerClient();
  const running = new Map<string, () => void>();
  const registry = new ReplayRegistry();

  /**
   * Starts a replay under a fresh id and wires its frames (or, for a session, what its books
   * hold and their frame marks), progress and end to events (`tap` sees them first). A session
   * replay stays queryable under its id until `book.release`.
   */
  function run(label: string, start: (options: ReplayOptions) => BookReplay, cancelAlso: () => void = () => {}, tap: ReplayTap = {}, mode: 'stream' | 'session' = 'stream'): string {
    const replayId = randomUUID();
    const task = (progress: BookReplayProgress, state: TaskProgress['state']): void =>
      events.emit('task.progress', { taskId: replayId, label, state, ...taskState(progress) });
    const replay = start({
      mode,
      onFrames: (frames) => {
        tap.frames?.(frames);
        events.emit('book.frames', { replayId, ...frames });
      },
      onHealth: (book, batch) => events.emit('book.health', { replayId, book, ...batch }),
      onProgress: (progress) => task(progress, 'running'),
      onTracks: (tracks, progress) =>
        events.emit('book.tracks', {
          replayId,
          progress,
          tracks: tracks.map((track) => ({ ...track, firstClock: finiteOrNull(track.firstClock), lastClock: finiteOrNull(track.lastClock), priceStep: finiteOrNull(track.priceStep) })),
        }),
      onMarks: (book, batch) => events.emit('book.marks', { replayId, book, ...batch }),
    });
    if (mode === 'session') registry.add(replayId, replay.seq);
    running.set(replayId, () => {
      replay.cancel();
      cancelAlso();
    });
    void replay.result.then((result) => {
      running.delete(replayId);
      const error = result.ok ? null : result.error;
      task(result.progress, result.ok ? 'done' : error?.kind === 'cancelled' ? 'cancelled' : 'failed');
      events.emit('book.replayEnded', { replayId, ok: result.ok, error, progress: result.progress });
      tap.ended?.(result);
    });
    return replayId;
  }

  /** The market access, or `unavailable` when main has no data source for market replays. */
  function marketAccess(channel: string): MarketReplayAccess {
    if (deps.market !== undefined) return deps.market;
    throw noDataSourceError(channel, 'market replays');
  }

  /**
   * Starts a replay of a market's range: from its hour files when the service lists them and a key
   * can download them (full depth, at file speed, kept in the library), else from pages of rows,
   * once the access windows allow them. Answers the replay's id and which path it is on, and why.
   */
  async function startMarketReplay(
    market: MarketReplayAccess,
    query: MarketBookQuery,
    frames: Pick<ReplayOptions, 'depth' | 'bandBps' | 'priceStep'>,
    channel: string,
  ): Promise<{ replayId: string; readFrom: BookReplayReadFrom }> {
    const hasKey = await market.hasKey();
    const files = await hourFileChoice(market, query, hasKey);
    if (files.kind === 'files') {
      const access: HourFileAccess = { clientOf: market.clientOf, ...files.access };
      const abort = new AbortController();
      const label = `Book replay of ${query.source}/${query.market} (${files.keys.length} hour file${files.keys.length === 1 ? '' : 's'})`;
      const paths = hourFilePaths(access, query, files.keys, abort.signal);
      const replayId = run(label, (options) => worker.replayFileStream(paths, { ...frames, ...options, signal: abort.signal, range: { start: query.start, end: query.end } }), () => abort.abort(), {}, 'session');
      return { replayId, readFrom: { kind: 'files', hours: files.keys.length, why: files.why } };
    }
    const plan = checkedPlan(market, query, hasKey, channel);
    return { replayId: startPlanned(market, query, plan, frames, channel, undefined, 'session'), readFrom: { kind: 'pages', path: plan.path, why: files.why } };
  }

  /** Whether a market range can be read from hour files, and why (not). */
  async function hourFileChoice(
    market: MarketReplayAccess,
    query: MarketBookQuery,
    hasKey: boolean,
  ): Promise<{ kind: 'files'; keys: string[]; access: Omit<HourFileAccess, 'clientOf'>; why: string } | { kind: 'pages'; why: string }> {
    const access = market.hourFiles;
    if (access === undefined) return { kind: 'pages', why: 'This data source keeps no library to download hour files into.' };
    if (!hasKey) return { kind: 'pages', why: 'Hour files are downloaded with an API key; without one the books come from pages of rows.' };
    if (query.instrument !== undefined) return { kind: 'pages', why: 'An option instrument is read from pages of rows.' };
    // The hour holding "now" is still being written: its file is not whole until the hour closes.
    if (query.end >= hourStartOf((market.now ?? Date.now)())) return { kind: 'pages', why: "The range reaches into the current hour, whose file is still being written; closed hours are read from their files." };
    try {
      const { client } = await market.clientOf();
      const plan = await hourFilePlan(client, query);
      if (plan.keys.length === 0) return { kind: 'pages', why: 'The service lists no hour files for this range.' };
      return { kind: 'files', keys: plan.keys, access, why: 'The service lists hour files for this range: they are read whole and kept in the library; the books are built from every level they hold (the ladder and heatmap show the top levels of the replay\'s depth).' };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { kind: 'pages', why: `The hour files could not be listed (${message}); the books come from pages of rows.` };
    }
  }

  function checkedPlan(market: MarketReplayAccess, query: MarketBookQuery, hasKey: boolean, channel: string): ReturnType<typeof marketBookPlan> {
    const now = (market.now ?? Date.now)();
    const plan = marketBookPlan(query, now);
    const refusal = marketBookRefusal(plan, query, hasKey, now, channel);
    if (refusal !== null) throw refusal;
    return plan;
  }

  function startPlanned(
    market: MarketReplayAccess,
    query: MarketBookQuery,
    plan: ReturnType<typeof marketBookPlan>,
    frames: Pick<ReplayOptions, 'depth' | 'bandBps' | 'priceStep'>,
    channel: string,
    tap?: ReplayTap,
    mode: 'stream' | 'session' = 'stream',
  ): string {
    const abort = new AbortController();
    const label = `Book replay of ${query.source}/${query.market}${query.instrument === undefined ? '' : ` ${query.instrument}`} (${plan.path})`;
    const pages = marketBookPages(market.clientOf, plan, query, abort.signal, channel);
    return run(label, (options) => worker.replayPages(pages, { ...frames, ...options, rows: query.rows, signal: abort.signal }), () => abort.abort(), tap, mode);
  }

  return {
    // The executor turns a refused id (thrown by resolve) into a rejection, never a synchronous throw.
    'book.replayFiles': (input) =>
      new Promise((resolve) => {
        const files = grants.resolve(input.fileIds);
        const label = files.length === 1 ? `Book replay of ${files[0]?.name ?? ''}` : `Book replay of ${files.length} files`;
        const paths = files.map((file) => file.path);
        resolve({ replayId: run(label, (options) => worker.replayFiles(paths, { ...frameOptions(input), ...options }), () => {}, {}, 'session') });
      }),

    'book.replayMarket': async (input) => {
      const channel = 'book.replayMarket';
      return startMarketReplay(marketAccess(channel), input, frameOptions(input), channel);
    },

    'book.crossCheck': async (input) => {
      const channel = 'book.crossCheck';
      const market = marketAccess(channel);
      const range = { source: input.source, market: input.market, ...(input.instrument === undefined ? {} : { instrument: input.instrument }), start: input.start, end: input.end };
      const levels = input.levels ?? 25;
      // Judge every request before starting either side: a refusal starts nothing.
      const hasKey = await market.hasKey();
      const serverQuery: MarketBookQuery = { ...range, rows: 'l2-orderbooks' };
      const serverPlan = checkedPlan(market, serverQuery, hasKey, channel);
      const localQuery: MarketBookQuery = { ...range, rows: 'l2-updates' };
      const localPlan = input.local.kind === 'l2-updates' ? checkedPlan(market, localQuery, hasKey, channel) : null;
      const files = input.local.kind === 'files' ? grants.resolve(input.local.fileIds) : [];

      const checkId = randomUUID();
      const ids: Record<'a' | 'b', string> = { a: '', b: '' };
      const session = new CrossCheckSession(
        { levels, start: input.start, end: input.end, maxDifferences: input.maxDifferences ?? 5000 },
        {
          differences: (book, differences) => events.emit('book.crossCheckDifferences', { checkId, book, differences }),
          ended: (end) => {
            running.delete(checkId);
            events.emit('book.crossCheckEnded', { checkId, ...end });
          },
        },
        (side) => running.get(ids[side])?.(),
      );
      const tap = (side: 'a' | 'b'): ReplayTap => ({ frames: (frames) => session.frames(side, frames), ended: (result) => session.replayEnded(side, result) });
      const frames = { depth: levels };
      ids.a = startPlanned(market, serverQuery, serverPlan, frames, channel, tap('a'));
      ids.b =
        localPlan === null
          ? // Each file in its own (arrival) order, the order the service replays and serves a stream in.
            run(`Cross-check: local books of ${files.length} file(s)`, (options) => worker.replayFiles(files.map((file) => file.path), { ...frames, ...options }), () => {}, tap('b'))
          : startPlanned(market, localQuery, localPlan, frames, channel, tap('b'));
      running.set(checkId, () => {
        running.get(ids.a)?.();
        running.get(ids.b)?.();
      });
      return { checkId, serverReplayId: ids.a, localReplayId: ids.b };
    },

    'book.cancel': ({ replayId }) => {
      const cancel = running.get(replayId);
      cancel?.();
      return Promise.resolve({ cancelled: cancel !== undefined });
    },

    ...bookSessionHandlers(worker, registry),
  };
}

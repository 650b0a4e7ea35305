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

/** The contract channels this module implements. */
export type BookReplayHandlers = Pick<ContractHandlers, 'book.replayFiles' | 'book.replayMarket' | 'book.crossCheck' | 'book.cancel'> & BookSessionHandlers;

/** How market replays reach the active service. */
export interface MarketReplayAccess {
  clientOf: () => Promise<{ client: MarketDataClient }>;
  /** Whether requests carry a key (the demo's, or one stored for the remote). */
  hasKey: () => Promise<boolean>;
  /** The clock the access windows are judged by; must match the service's (default `Date.now`). */
  now?: () => number;
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

  /** Starts a replay of a market's rows from the service, once the access windows allow it. */
  async function startMarketReplay(market: MarketReplayAccess, query: MarketBookQuery, frames: Pick<ReplayOptions, 'depth' | 'bandBps' | 'priceStep'>, channel: string): Promise<string> {
    const plan = checkedPlan(market, query, await market.hasKey(), channel);
    return startPlanned(market, query, plan, frames, channel, undefined, 'session');
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
      return { replayId: await startMarketReplay(marketAccess(channel), input, frameOptions(input), channel) };
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

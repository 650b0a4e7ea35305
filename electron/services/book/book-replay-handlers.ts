import { randomUUID } from 'node:crypto';
import type { BookReplayProgress } from '../../../shared/contract/book-replay-schemas.ts';
import type { TaskProgress } from '../../../shared/contract/channels.ts';
import { ContractError } from '../../../shared/contract/errors.ts';
import type { EventHub } from '../../contract-host/event-hub.ts';
import type { ContractHandlers } from '../../contract-host/handlers.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import { BookWorkerClient, type BookReplay, type ReplayOptions } from './book-worker-client.ts';
import { marketBookPages, marketBookPlan, marketBookRefusal } from './market-book-pages.ts';

/** The contract channels this module implements. */
export type BookReplayHandlers = Pick<ContractHandlers, 'book.replayFiles' | 'book.replayMarket' | 'book.cancel'>;

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

function taskState(progress: BookReplayProgress): Pick<TaskProgress, 'done' | 'total'> {
  // Files report compressed bytes of the whole set; without a size, count events.
  return progress.totalBytes === null ? { done: progress.events, total: null } : { done: progress.bytesRead ?? 0, total: progress.totalBytes };
}

function frameOptions(input: { depth?: number | undefined; bandBps?: number | undefined }): Pick<ReplayOptions, 'depth' | 'bandBps'> {
  return { ...(input.depth === undefined ? {} : { depth: input.depth }), ...(input.bandBps === undefined ? {} : { bandBps: input.bandBps }) };
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

  /** Starts a replay under a fresh id and wires its frames, progress and end to events. */
  function run(label: string, start: (options: ReplayOptions) => BookReplay, cancelAlso: () => void = () => {}): string {
    const replayId = randomUUID();
    const task = (progress: BookReplayProgress, state: TaskProgress['state']): void =>
      events.emit('task.progress', { taskId: replayId, label, state, ...taskState(progress) });
    const replay = start({
      onFrames: (frames) => events.emit('book.frames', { replayId, ...frames }),
      onHealth: (book, batch) => events.emit('book.health', { replayId, book, ...batch }),
      onProgress: (progress) => task(progress, 'running'),
    });
    running.set(replayId, () => {
      replay.cancel();
      cancelAlso();
    });
    void replay.result.then((result) => {
      running.delete(replayId);
      const error = result.ok ? null : result.error;
      task(result.progress, result.ok ? 'done' : error?.kind === 'cancelled' ? 'cancelled' : 'failed');
      events.emit('book.replayEnded', { replayId, ok: result.ok, error, progress: result.progress });
    });
    return replayId;
  }

  return {
    // The executor turns a refused id (thrown by resolve) into a rejection, never a synchronous throw.
    'book.replayFiles': (input) =>
      new Promise((resolve) => {
        const files = grants.resolve(input.fileIds);
        const label = files.length === 1 ? `Book replay of ${files[0]?.name ?? ''}` : `Book replay of ${files.length} files`;
        const paths = files.map((file) => file.path);
        resolve({ replayId: run(label, (options) => worker.replayFiles(paths, { ...frameOptions(input), ...options })) });
      }),

    'book.replayMarket': async (input) => {
      const channel = 'book.replayMarket';
      const market = deps.market;
      if (market === undefined) {
        throw new ContractError({ kind: 'unavailable', message: 'No data source is connected for market replays', resolution: 'Check the data source in Settings.', channel });
      }
      const now = (market.now ?? Date.now)();
      const plan = marketBookPlan(input, now);
      const refusal = marketBookRefusal(plan, input, await market.hasKey(), now, channel);
      if (refusal !== null) throw refusal;
      const abort = new AbortController();
      const label = `Book replay of ${input.source}/${input.market}${input.instrument === undefined ? '' : ` ${input.instrument}`} (${plan.path})`;
      const pages = marketBookPages(market.clientOf, plan, input, abort.signal, channel);
      const replayId = run(label, (options) => worker.replayPages(pages, { ...frameOptions(input), ...options, rows: input.rows, signal: abort.signal }), () => abort.abort());
      return { replayId };
    },

    'book.cancel': ({ replayId }) => {
      const cancel = running.get(replayId);
      cancel?.();
      return Promise.resolve({ cancelled: cancel !== undefined });
    },
  };
}

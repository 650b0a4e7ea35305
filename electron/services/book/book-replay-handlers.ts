import { randomUUID } from 'node:crypto';
import type { BookReplayProgress } from '../../../shared/contract/book-replay-schemas.ts';
import type { TaskProgress } from '../../../shared/contract/channels.ts';
import type { EventHub } from '../../contract-host/event-hub.ts';
import type { ContractHandlers } from '../../contract-host/handlers.ts';
import type { GrantedFiles } from '../files/file-grants.ts';
import { BookWorkerClient, type BookReplay } from './book-worker-client.ts';

/** The contract channels this module implements. */
export type BookReplayHandlers = Pick<ContractHandlers, 'book.replayFiles' | 'book.cancel'>;

function taskState(progress: BookReplayProgress): Pick<TaskProgress, 'done' | 'total'> {
  // Files report compressed bytes of the whole set; without a size, count events.
  return progress.totalBytes === null ? { done: progress.events, total: null } : { done: progress.bytesRead ?? 0, total: progress.totalBytes };
}

/**
 * The `book.*` contract channels over the book worker: `book.replayFiles` starts a replay of
 * granted files (an id that was never granted is `not-found`) and answers its id at once; frames
 * follow as `book.frames` events (buffers intact), progress as `task.progress`, and the end as
 * `book.replayEnded`. `book.cancel` stops a running replay.
 */
export function bookReplayHandlers(events: EventHub, grants: GrantedFiles, client: BookWorkerClient = new BookWorkerClient()): BookReplayHandlers {
  const running = new Map<string, BookReplay>();
  return {
    // The executor turns a refused id (thrown by resolve) into a rejection, never a synchronous throw.
    'book.replayFiles': (input) => new Promise((resolve) => {
      const files = grants.resolve(input.fileIds);
      const replayId = randomUUID();
      const label = files.length === 1 ? `Book replay of ${files[0]?.name ?? ''}` : `Book replay of ${files.length} files`;
      const task = (progress: BookReplayProgress, state: TaskProgress['state']): void =>
        events.emit('task.progress', { taskId: replayId, label, state, ...taskState(progress) });
      const replay = client.replayFiles(files.map((file) => file.path), {
        ...(input.depth === undefined ? {} : { depth: input.depth }),
        ...(input.bandBps === undefined ? {} : { bandBps: input.bandBps }),
        onFrames: (frames) => events.emit('book.frames', { replayId, ...frames }),
        onProgress: (progress) => task(progress, 'running'),
      });
      running.set(replayId, replay);
      void replay.result.then((result) => {
        running.delete(replayId);
        const error = result.ok ? null : result.error;
        task(result.progress, result.ok ? 'done' : error?.kind === 'cancelled' ? 'cancelled' : 'failed');
        events.emit('book.replayEnded', { replayId, ok: result.ok, error, progress: result.progress });
      });
      resolve({ replayId });
    }),
    'book.cancel': ({ replayId }) => {
      const replay = running.get(replayId);
      replay?.cancel();
      return Promise.resolve({ cancelled: replay !== undefined });
    },
  };
}

import { serveWorker } from '../../base/workers/serve-worker.ts';
import { moved } from '../../base/workers/worker-protocol.ts';
import type { BookWorkerProtocol, ReplayResult } from './book-worker-protocol.ts';
import { ReplayJob } from './replay-job.ts';
import type { ReplaySession } from './session/replay-session.ts';
import { answerBuffers, answerQuery, type SessionAnswer } from './session/session-queries.ts';

// Worker-thread entry of the book engine: runs replays off the main event loop. Notes are routed
// to their replay by `seq`; frame buffers go back in the transfer list, never copied. A session
// replay's books stay here after it ends, for the view's queries, until released; past
// `maxSessions` the oldest is dropped (its queries then answer an error).
const jobs = new Map<number, ReplayJob>();
const sessions = new Map<number, ReplaySession>();
const maxSessions = 6;

/** Stops replay `seq` if it runs, and frees its books (its log file too). */
function release(seq: number): void {
  jobs.get(seq)?.receive({ seq, kind: 'cancel' });
  sessions.get(seq)?.close();
  sessions.delete(seq);
}

const outbox = serveWorker<BookWorkerProtocol>({
  calls: {
    replay: (request) =>
      new Promise<ReplayResult>((resolve) => {
        // The job's last post, `done`, answers the call: it follows every event the job posted.
        const job = new ReplayJob(request, (event, transfer) => (event.kind === 'done' ? resolve(event.result) : outbox.post('replay', event, transfer)));
        jobs.set(request.seq, job);
        if (job.session !== null) {
          sessions.set(request.seq, job.session);
          for (const seq of sessions.keys()) {
            if (sessions.size <= maxSessions) break;
            release(seq);
          }
        }
        void job.run().finally(() => jobs.delete(request.seq));
      }),
    query: ({ seq, query }) => {
      const session = sessions.get(seq);
      let answer: SessionAnswer;
      try {
        answer = session === undefined ? { kind: 'error', message: 'This replay was released; start it again.' } : answerQuery(session, query);
      } catch (error) {
        answer = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
      }
      return moved(answer, answerBuffers(answer));
    },
  },
  notes: {
    replay: (note) => jobs.get(note.seq)?.receive(note),
    release: ({ seq }) => release(seq),
  },
});

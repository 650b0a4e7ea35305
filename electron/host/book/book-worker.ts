import { parentPort } from 'node:worker_threads';
import type { BookWorkerEvent, BookWorkerRequest } from './book-worker-protocol.ts';
import { ReplayJob } from './replay-job.ts';
import type { ReplaySession } from './session/replay-session.ts';
import { answerBuffers, answerQuery } from './session/session-queries.ts';

// Worker-thread entry of the book engine: runs replays off the main event loop. Messages are
// routed to their replay by `seq`; frame buffers go back in the transfer list, never copied.
// A session replay's books stay here after it ends, for the view's queries, until released;
// past `maxSessions` the oldest is dropped (its queries then answer an error).
const port = parentPort;
if (port === null) throw new Error('book-worker.ts must run in a worker thread');
const jobs = new Map<number, ReplayJob>();
const sessions = new Map<number, ReplaySession>();
const maxSessions = 6;

const post = (event: BookWorkerEvent, transfer: ArrayBuffer[] = []): void => port.postMessage(event, transfer);

function release(seq: number): void {
  sessions.get(seq)?.close();
  sessions.delete(seq);
}

port.on('message', (request: BookWorkerRequest) => {
  if (request.kind === 'replay-files' || request.kind === 'replay-pages') {
    const job = new ReplayJob(request, post);
    jobs.set(request.seq, job);
    if (job.session !== null) {
      sessions.set(request.seq, job.session);
      for (const seq of sessions.keys()) {
        if (sessions.size <= maxSessions) break;
        jobs.get(seq)?.receive({ seq, kind: 'cancel' });
        release(seq);
      }
    }
    void job.run().finally(() => jobs.delete(request.seq));
    return;
  }
  if (request.kind === 'query') {
    const session = sessions.get(request.seq);
    let answer;
    try {
      answer = session === undefined ? { kind: 'error' as const, message: 'This replay was released; start it again.' } : answerQuery(session, request.query);
    } catch (error) {
      answer = { kind: 'error' as const, message: error instanceof Error ? error.message : String(error) };
    }
    post({ seq: request.seq, kind: 'answer', id: request.id, answer }, answerBuffers(answer));
    return;
  }
  if (request.kind === 'release') {
    jobs.get(request.seq)?.receive({ seq: request.seq, kind: 'cancel' });
    release(request.seq);
    return;
  }
  jobs.get(request.seq)?.receive(request);
});

import { parentPort } from 'node:worker_threads';
import type { BookWorkerEvent, BookWorkerRequest } from './book-worker-protocol.ts';
import { ReplayJob } from './replay-job.ts';

// Worker-thread entry of the book engine: runs replays off the main event loop. Messages are
// routed to their replay by `seq`; frame buffers go back in the transfer list, never copied.
const port = parentPort;
if (port === null) throw new Error('book-worker.ts must run in a worker thread');
const jobs = new Map<number, ReplayJob>();

const post = (event: BookWorkerEvent, transfer: ArrayBuffer[] = []): void => port.postMessage(event, transfer);

port.on('message', (request: BookWorkerRequest) => {
  if (request.kind === 'replay-files' || request.kind === 'replay-pages') {
    const job = new ReplayJob(request, post);
    jobs.set(request.seq, job);
    void job.run().finally(() => jobs.delete(request.seq));
    return;
  }
  jobs.get(request.seq)?.receive(request);
});

import { once } from 'node:events';
import { parentPort } from 'node:worker_threads';
import { SnapshotDecodeError, type SnapshotErrorShape } from '../../../shared/snapshot/decode-errors.ts';
import { SnapshotReader } from '../../codec/snapshot-reader.ts';
import { FileViewSession } from './file-view-session.ts';
import type { FileViewCommand, FileViewEvent, FileViewRequest, FileViewWorkerProgress } from './file-view-protocol.ts';

// Worker-thread entry of the file viewer: waits for the file to open (so a spare can start
// ahead), decodes it, keeps its records in a compact index, posts progress (at once when the
// first rows exist, then every 100 ms) and answers row windows, time lookups and raw lines
// between reads while the decode runs.
const port = parentPort;
if (port === null) throw new Error('file-view-worker.ts must run in a worker thread');
const [opening] = (await once(port, 'message')) as [FileViewCommand];
if (opening.kind !== 'open') throw new Error('the file view worker must be told which file to open first');
const request: FileViewRequest = opening.request;
const abort = new AbortController();
const session = new FileViewSession(request.path, request.caps);
const post = (event: FileViewEvent): void => port.postMessage(event);

port.on('message', (command: FileViewCommand) => {
  if (command.kind === 'cancel') {
    abort.abort();
    return;
  }
  if (command.kind === 'open') return;
  try {
    const value =
      command.kind === 'rows'
        ? session.rows(command.query, command.start, command.count)
        : command.kind === 'locate'
          ? session.locate(command.query, command.at)
          : session.detail(command.index);
    post({ kind: 'reply', id: command.id, value });
  } catch (error) {
    post({ kind: 'failed', id: command.id, message: error instanceof Error ? error.message : String(error) });
  }
});

let bytesRead = 0;
let totalBytes = 0;
let lastPost = 0;
let postedRows = false;

function progress(state: FileViewWorkerProgress['state'], error: FileViewWorkerProgress['error'] = null): void {
  lastPost = Date.now();
  const summary = reader.summary();
  post({ kind: 'progress', progress: { state, bytesRead, totalBytes, rows: session.index.count, capReached: session.index.capReached, summary, error } });
}

const reader: SnapshotReader = new SnapshotReader(
  { path: request.path },
  {
    lenient: true,
    chunkSize: request.chunkSize,
    firstChunkSize: 16 * 1024,
    signal: abort.signal,
    onProgress: (read) => {
      bytesRead = read.bytesRead;
      totalBytes = read.totalBytes;
      if (Date.now() - lastPost >= 100) progress('reading');
    },
    onLine: (record, bytes, start, end) => {
      session.takeLine(record, bytes, start, end);
      if (!postedRows && session.index.count > 0) {
        // The first row goes out at once: the table asks for a window while the rest decodes.
        postedRows = true;
        progress('reading');
      }
    },
  },
);

let failure: SnapshotErrorShape | null = null;
try {
  // The records themselves are not needed here: the index kept each line as it went by.
  for await (const batch of reader) batch.length = 0;
} catch (error) {
  if (!(error instanceof SnapshotDecodeError)) throw error;
  failure = error.toShape();
}
session.ended = true;
progress(failure === null ? 'done' : failure.kind === 'cancelled' ? 'cancelled' : 'stopped', failure);

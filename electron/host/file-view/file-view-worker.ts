import { SnapshotDecodeError, type SnapshotErrorShape } from '../../../shared/snapshot/decode-errors.ts';
import { serveWorker } from '../../base/workers/serve-worker.ts';
import { SnapshotReader } from '../../codec/snapshot-reader.ts';
import { FileViewSession } from './file-view-session.ts';
import type { FileViewRequest, FileViewWorkerProgress, FileViewWorkerProtocol } from './file-view-protocol.ts';

// Worker-thread entry of the file viewer: waits for the file to open (so a spare can start
// ahead), decodes it, keeps its records in a compact index, posts progress (at once when the
// first rows exist, then every 100 ms) and answers row windows, time lookups and raw lines
// between reads while the decode runs.
const abort = new AbortController();
let session: FileViewSession | null = null;

function opened(): FileViewSession {
  if (session === null) throw new Error('the file view worker must be told which file to open first');
  return session;
}

const outbox = serveWorker<FileViewWorkerProtocol>({
  calls: {
    rows: ({ query, start, count }) => opened().rows(query, start, count),
    locate: ({ query, at }) => opened().locate(query, at),
    detail: ({ index }) => opened().detail(index),
  },
  notes: {
    // The first `open` names the file; the worker reads one file in its life.
    open: (request) => {
      if (session === null) void read(request, (session = new FileViewSession(request.path, request.caps)));
    },
    cancel: () => abort.abort(),
  },
});

/** Decodes the file into `viewing`'s index, posting progress as it goes and once at the end. */
async function read(request: FileViewRequest, viewing: FileViewSession): Promise<void> {
  let bytesRead = 0;
  let totalBytes = 0;
  let lastPost = 0;
  let postedRows = false;

  function progress(state: FileViewWorkerProgress['state'], error: FileViewWorkerProgress['error'] = null): void {
    lastPost = Date.now();
    const summary = reader.summary();
    outbox.post('progress', { state, bytesRead, totalBytes, rows: viewing.index.count, capReached: viewing.index.capReached, summary, error });
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
        viewing.takeLine(record, bytes, start, end);
        if (!postedRows && viewing.index.count > 0) {
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
    // Anything but a damaged file fails the worker itself (its client hears it as a failure).
    if (!(error instanceof SnapshotDecodeError)) throw error;
    failure = error.toShape();
  }
  viewing.ended = true;
  progress(failure === null ? 'done' : failure.kind === 'cancelled' ? 'cancelled' : 'stopped', failure);
}

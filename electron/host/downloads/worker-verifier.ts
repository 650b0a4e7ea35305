import { Worker } from 'node:worker_threads';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import { ZstdFrameWalker } from '../../codec/zstd/zstd-frame-walker.ts';
import { SnapshotVerificationError, type SnapshotVerifier } from './download-verifier.ts';
import type { VerifyCommand, VerifyEvent, VerifyWorkerData } from './verify-worker-protocol.ts';

/** Where the verify worker's script is (its source under tsx, its bundle in a build). */
export function verifyWorkerEntry(): WorkerEntry {
  return workerEntry(import.meta.url, { sourceFile: './verify-worker.ts', builtFile: 'download-verify-worker.js' });
}

/**
 * Verifies in a worker thread, so decoding runs on another core while the transfer writes and
 * hashes: chunks are copied to the worker as they arrive, with at most `maxInFlightBytes` not yet
 * taken. The frame structure is also walked here as chunks are pushed (cheap: block bodies are
 * skipped), so bad magic or a bad header fails the push at once. Same contract as the in-thread verifier.
 */
export function workerVerifier(name: string, options: { entry?: WorkerEntry; maxInFlightBytes?: number } = {}): SnapshotVerifier {
  const entry = options.entry ?? verifyWorkerEntry();
  const maxInFlight = options.maxInFlightBytes ?? 16 * 1024 * 1024;
  const data: VerifyWorkerData = { name };
  const worker =
    entry.kind === 'file'
      ? new Worker(entry.url, { workerData: data, execArgv: entry.execArgv })
      : new Worker(entry.code, { eval: true, workerData: data, execArgv: entry.execArgv });
  const walker = new ZstdFrameWalker();
  let inFlight = 0;
  let failure: SnapshotVerificationError | null = null;
  let records: number | null = null;
  let room: (() => void) | null = null;
  let verdict: (() => void) | null = null;
  const wakeAll = (): void => {
    const [a, b] = [room, verdict];
    room = null;
    verdict = null;
    a?.();
    b?.();
  };
  const failed = (): SnapshotVerificationError | null => failure;
  const stop = (): void => {
    void worker.terminate();
  };

  worker.on('message', (event: VerifyEvent) => {
    if (event.kind === 'taken') inFlight -= event.bytes;
    else if (event.kind === 'done') records = event.records;
    else failure ??= new SnapshotVerificationError(event.message);
    if (event.kind !== 'taken') stop();
    wakeAll();
  });
  worker.on('error', (error) => {
    failure ??= new SnapshotVerificationError(`${name}: the verify worker failed (${error.message})`);
    wakeAll();
  });
  worker.on('exit', () => {
    if (records === null) failure ??= new SnapshotVerificationError(`${name}: the verify worker stopped`);
    wakeAll();
  });
  const send = (command: VerifyCommand): void => worker.postMessage(command);

  return {
    async push(chunk) {
      const known = failed();
      if (known !== null) throw known;
      if (chunk.length === 0) return;
      try {
        const pieces = walker.pieces(chunk);
        while (pieces.next().done !== true);
      } catch (error) {
        failure = new SnapshotVerificationError(`${name}: ${error instanceof Error ? error.message : String(error)}`);
        stop();
        throw failure;
      }
      inFlight += chunk.length;
      // A copy of exactly these bytes, moved (not cloned) to the worker: a chunk may be a view of a
      // much larger buffer, which structured cloning would copy whole.
      const own = new Uint8Array(chunk);
      worker.postMessage({ kind: 'chunk', bytes: own } satisfies VerifyCommand, [own.buffer]);
      while (inFlight > maxInFlight && failed() === null) await new Promise<void>((resolve) => (room = resolve));
      const late = failed();
      if (late !== null) throw late;
    },
    async finish() {
      if (!walker.betweenFrames) {
        failure ??= new SnapshotVerificationError(`${name}: the file ends inside a zstd frame (truncated)`);
        stop();
      }
      const known = failed();
      if (known !== null) throw known;
      send({ kind: 'end' });
      while (records === null && failed() === null) await new Promise<void>((resolve) => (verdict = resolve));
      const late = failed();
      if (records === null || late !== null) throw late ?? new SnapshotVerificationError(`${name}: no verdict`);
      return { records };
    },
    abandon() {
      failure ??= new SnapshotVerificationError('the verification was stopped');
      stop();
      wakeAll();
    },
  };
}

import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerCallError, WorkerChannel } from '../../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import { ZstdFrameWalker } from '../../codec/zstd/zstd-frame-walker.ts';
import { SnapshotVerificationError, type SnapshotVerifier } from './download-verifier.ts';
import type { VerifyWorkerData, VerifyWorkerProtocol } from './verify-worker-protocol.ts';

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
  const maxInFlight = options.maxInFlightBytes ?? 16 * 1024 * 1024;
  const walker = new ZstdFrameWalker();
  let inFlight = 0;
  let failure: SnapshotVerificationError | null = null;
  let room: (() => void) | null = null;
  const wake = (): void => {
    const waiting = room;
    room = null;
    waiting?.();
  };
  const failed = (): SnapshotVerificationError | null => failure;
  const stop = (): void => {
    void worker.terminate();
  };
  // The first failure stands: the worker's verdict on the bytes, or its thread's own end.
  const fail = (error: unknown): void => {
    const words = error instanceof WorkerCallError ? error.message : `${name}: ${error instanceof Error ? error.message : String(error)}`;
    failure ??= new SnapshotVerificationError(words);
    stop();
    wake();
  };
  const data: VerifyWorkerData = { name };
  const worker = new WorkerChannel<VerifyWorkerProtocol>(startWorker(options.entry ?? verifyWorkerEntry(), data), { name: 'the verify worker', onStop: fail });

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
      const bytes = chunk.length;
      inFlight += bytes;
      // A copy of exactly these bytes, moved (not cloned) to the worker: a chunk may be a view of a
      // much larger buffer, which structured cloning would copy whole.
      const own = new Uint8Array(chunk);
      worker.call('chunk', own, [own.buffer]).then(() => {
        inFlight -= bytes;
        wake();
      }, fail);
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
      const verdict = await worker.call('end').catch((error: unknown) => fail(error));
      const late = failed();
      if (verdict === undefined || late !== null) throw late ?? new SnapshotVerificationError(`${name}: no verdict`);
      stop();
      return verdict;
    },
    abandon() {
      failure ??= new SnapshotVerificationError('the verification was stopped');
      stop();
      wake();
    },
  };
}

import { startWorker } from '../../base/workers/start-worker.ts';
import { WorkerChannel } from '../../base/workers/worker-channel.ts';
import { workerEntry, type WorkerEntry } from '../../base/workers/worker-entry.ts';
import type { FileViewAnswers, FileViewQuestion, FileViewWorkerProgress, FileViewWorkerProtocol } from './file-view-protocol.ts';
import { defaultRecordIndexCaps, type RecordIndexCaps } from './record-index.ts';

/** Finds the file view worker: `file-view-worker.js` in a build, `file-view-worker.ts` from source. */
export function fileViewWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  return workerEntry(moduleUrl, { sourceFile: './file-view-worker.ts', builtFile: 'file-view-worker.js' });
}

/** Options of one opened file view. */
export interface FileViewWorkerOptions {
  caps?: RecordIndexCaps;
  /** Compressed bytes per read (default 256 KiB). */
  chunkSize?: number;
  onProgress: (progress: FileViewWorkerProgress) => void;
  /** Called once if the worker itself fails (not for a damaged file, which is a `stopped` progress). */
  onFailure: (message: string) => void;
}

/**
 * One file in the viewer: a worker that decodes it, keeps its index and answers questions. The
 * worker starts at construction and waits, unreferenced, until `open` names the file, so a spare
 * can be started ahead of time (its start-up is most of the time to the first rows).
 */
export class FileViewWorker {
  private readonly worker: WorkerChannel<FileViewWorkerProtocol>;
  private closed = false;
  private options: FileViewWorkerOptions | null = null;

  constructor(entry: WorkerEntry = fileViewWorkerEntry()) {
    this.worker = new WorkerChannel(startWorker(entry), {
      name: "the file viewer's worker",
      events: { progress: (progress) => this.options?.onProgress(progress) },
      onStop: (error) => {
        if (this.closed) return;
        this.closed = true;
        this.options?.onFailure(error.message);
      },
    });
    // A spare must not keep the process alive.
    this.worker.unref();
  }

  /** Opens a file in this worker: its decode starts. */
  open(path: string, options: FileViewWorkerOptions): void {
    this.options = options;
    this.worker.ref();
    this.worker.tell('open', { path, caps: options.caps ?? defaultRecordIndexCaps, chunkSize: options.chunkSize ?? 256 * 1024 });
  }

  /** Asks the worker one question. */
  async ask<K extends FileViewQuestion['kind']>(question: Extract<FileViewQuestion, { kind: K }>): Promise<FileViewAnswers[K]> {
    if (this.closed) throw new Error('the file view is closed');
    try {
      // The worker answers each kind of question with that kind's answer.
      return (await this.worker.call(question.kind, question)) as FileViewAnswers[K];
    } catch (error) {
      // A question the worker could not answer, or the worker gone: its words, as a plain error.
      throw new Error(this.worker.end?.kind === 'terminated' ? 'the file view was closed' : error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  /** Stops the decode and frees the worker's memory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.worker.terminate();
  }
}

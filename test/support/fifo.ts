import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';

/** Makes a named pipe (FIFO) at `path` with the system's `mkfifo`. */
export function makeFifo(path: string): string {
  execFileSync('mkfifo', [path]);
  return path;
}

/**
 * Opens each FIFO for writing and closes it again, which wakes any reader stuck in `open` on it.
 * Only matters when a regression lets a FIFO be opened blocking: without it that thread-pool
 * thread, and the test run, would never finish. Synchronous on purpose: the thread pool may be
 * the thing that is stuck.
 */
export function releaseFifoReaders(paths: readonly string[]): void {
  for (const path of paths) {
    try {
      closeSync(openSync(path, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // ENXIO: nobody is reading it, which is the expected case. ENOENT: already removed.
    }
  }
}

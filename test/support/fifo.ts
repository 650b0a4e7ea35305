import { execFileSync } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach } from 'vitest';

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

/**
 * Makes FIFOs in the test's temporary folders, and wakes any reader left on them after each test
 * (see `releaseFifoReaders`). Call inside a `describe`, like `useTempDirs`.
 */
export function useFifos(tempDir: () => Promise<string>): (name?: string) => Promise<string> {
  const made: string[] = [];
  afterEach(() => releaseFifoReaders(made.splice(0)));
  return async (name = 'pipe.jsonl.zst') => {
    const path = makeFifo(join(await tempDir(), name));
    made.push(path);
    return path;
  };
}

import { link, rm, unlink, writeFile } from 'node:fs/promises';
import { errorCode } from '../../base/error-code.ts';
import { readSmallRegularFile } from '../../base/regular-file.ts';

// Two programs may fill one library at once (the app, and `mde download --root` in a terminal).
// Each `.part` a transfer writes is held by a lock file beside it, `{part}.lock`, made exclusively
// and holding the writer's process id: another program neither writes that part nor removes it
// as left over while the writer lives. A lock whose process is gone (a crash, a kill) is stale and
// taken over.

/** The lock file of a part. */
export function partLockPath(part: string): string {
  return `${part}.lock`;
}

/** A held part lock; `release` removes it (once). */
export interface PartLock {
  release(): Promise<void>;
}

/** Whether a process id names a running process (one of another user counts as running). */
export type IsRunning = (pid: number) => boolean;

/** `kill(pid, 0)`: running unless there is no such process. */
export const processIsRunning: IsRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
};

/** The process that holds a part's lock, when a running one other than this one does; null otherwise. */
export async function partHolder(part: string, isRunning: IsRunning = processIsRunning): Promise<number | null> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readSmallRegularFile(partLockPath(part), 64));
  } catch {
    return null;
  }
  const pid = Number(text.trim());
  if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isRunning(pid) ? pid : null;
}

/** Another running program holds the part. */
export class PartBusyError extends Error {
  constructor(
    readonly part: string,
    readonly pid: number,
  ) {
    super(`${part} is being written by another program (process ${pid}) filling this library`);
  }
}

/** Puts the written draft in place as the lock, failing with EEXIST when one is there. */
async function placeLock(draft: string, path: string): Promise<void> {
  try {
    await link(draft, path);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error;
    // A file system without hard links (FAT, exFAT): an exclusive create, then the process id.
    await writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
  }
}

/**
 * Takes a part's lock for this process. The lock is written whole under a temporary name and
 * linked into place (a link fails if the name exists), so no reader ever sees it empty. A stale
 * lock (its process gone, or unreadable) is removed and taken over once. Throws `PartBusyError`
 * when a running program holds it.
 */
export async function acquirePartLock(part: string, isRunning: IsRunning = processIsRunning): Promise<PartLock> {
  const path = partLockPath(part);
  const draft = `${path}.${process.pid}.tmp`;
  await writeFile(draft, `${process.pid}\n`, { mode: 0o644 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await placeLock(draft, path);
        break;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
        const holder = await partHolder(part, isRunning);
        if (holder !== null) throw new PartBusyError(part, holder);
        if (attempt > 0) throw error;
        await unlink(path).catch(() => undefined);
      }
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await unlink(path).catch(() => undefined);
    },
  };
}

/**
 * Removes a part left over by a transfer no one runs any more, with its stale lock; a part a
 * running program holds is left alone. Answers whether it was removed.
 */
export async function removeLeftoverPart(part: string, isRunning: IsRunning = processIsRunning): Promise<boolean> {
  if ((await partHolder(part, isRunning)) !== null) return false;
  await rm(part, { force: true });
  await unlink(partLockPath(part)).catch(() => undefined);
  return true;
}

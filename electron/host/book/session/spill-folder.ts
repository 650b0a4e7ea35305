import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmdirSync, unlinkSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorCode } from '../../../base/error-code.ts';

// Where replays spill their logs: one private folder per user in the temporary folder
// (`<tmp>/mde-replay-u<uid>`, mode 0700, this user's own), and in it one folder per replay,
// `<pid>-<random>`. The temporary folder is shared with every local user, so nothing outside the
// private folder is ever removed, and inside it nothing is removed by a recursive walk: each entry
// is looked at with `lstat` (never following a link) and only the app's own files are unlinked.

/** The name of the file a replay spills to, the only file a spill folder holds. */
export const spillFileName = 'log.bin';

/** The user id of this process, or null where there is none (Windows, whose temporary folder is per user). */
function ownUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/** Why a folder is not this user's private folder, or null when it is. */
function notPrivate(stats: Stats, uid: number | null): string | null {
  if (stats.isSymbolicLink()) return 'it is a symbolic link';
  if (!stats.isDirectory()) return 'it is not a folder';
  if (uid === null) return null;
  if (stats.uid !== uid) return `it belongs to user ${stats.uid}, not to this user (${uid})`;
  if ((stats.mode & 0o077) !== 0) return `others may write or read it (mode ${(stats.mode & 0o777).toString(8)})`;
  return null;
}

/** The private folder cannot be used: someone else made it, or it is not a folder. */
export class SpillParentError extends Error {}

/**
 * This user's private spill folder in `root`, made if need be (mode 0700) and checked to be a real
 * folder owned by this user that no one else may enter. Throws `SpillParentError` naming what is wrong.
 */
export function spillParent(root: string = tmpdir()): string {
  const uid = ownUid();
  const parent = join(root, `mde-replay-u${uid ?? 'user'}`);
  try {
    mkdirSync(parent, { mode: 0o700 });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
  }
  const problem = notPrivate(lstatSync(parent), uid);
  if (problem !== null) {
    throw new SpillParentError(`${parent} is not this user's private replay folder: ${problem}. Remove it, or start the app with TMPDIR set to a folder of your own`);
  }
  return parent;
}

/** Makes a new spill folder for this process in the private folder; answers its path. */
export function makeSpillFolder(root: string = tmpdir()): string {
  return mkdtempSync(join(spillParent(root), `${process.pid}-`));
}

/**
 * Removes one spill folder without following anything: each entry that is not a folder (the log
 * file, or a link someone put there) is unlinked, then the folder itself, only if it is then
 * empty. Answers whether the folder is gone.
 */
export function removeSpillFolder(folder: string): boolean {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return false;
  }
  for (const name of names) {
    const path = join(folder, name);
    try {
      // unlink removes a symbolic link itself, never what it points to.
      if (!lstatSync(path).isDirectory()) unlinkSync(path);
    } catch {
      // Gone meanwhile, or not ours to remove.
    }
  }
  try {
    rmdirSync(folder);
    return true;
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Removes spill folders left in this user's private folder by processes that are gone (a crash or
 * a kill), so they never pile up; one whose pid is still running is kept. Only folders this user
 * owns are touched, each with `removeSpillFolder`. Answers how many were removed.
 */
export function removeStaleSpills(root: string = tmpdir()): number {
  let parent: string;
  try {
    parent = spillParent(root);
  } catch {
    return 0;
  }
  const uid = ownUid();
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const match = /^(\d+)-/.exec(name);
    if (match === null) continue;
    const pid = Number(match[1]);
    if (pid === process.pid || isRunning(pid)) continue;
    const folder = join(parent, name);
    try {
      const stats = lstatSync(folder);
      if (!stats.isDirectory() || (uid !== null && stats.uid !== uid)) continue;
    } catch {
      continue;
    }
    if (removeSpillFolder(folder)) removed++;
  }
  return removed;
}

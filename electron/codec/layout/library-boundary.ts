import { lstat, mkdir, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { errorCode } from '../../base/error-code.ts';

// The library's boundary: everything the library lists, opens, grants, writes or deletes is a
// real file or folder under the root. A symbolic link anywhere below the root (a folder linking
// out of it, a file linking to any readable file, a loop) is refused the same way by the scan,
// `library.open`, `library.delete` and downloads; the root itself may be a link (a library on
// another disk). The real path is checked too, so a path can never leave the root's real path.

/** A path that would take the library outside its root, with what was wrong. */
export class LibraryBoundaryError extends Error {
  override readonly name = 'LibraryBoundaryError';
}

/** The real path of the root, or null when it does not exist. */
async function realRoot(root: string): Promise<string | null> {
  try {
    return await realpath(root);
  } catch {
    return null;
  }
}

/**
 * Why `path` is not a real `kind` of the library under `root` (a symbolic link on the way, not
 * there, the wrong kind, outside the root), or null when it is one.
 */
export async function libraryRefusal(root: string, path: string, kind: 'file' | 'folder'): Promise<string | null> {
  const rel = relative(root, path);
  if (rel === '' ? kind === 'file' : rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return `${path} is not under the library folder ${root}`;
  const real = await realRoot(root);
  if (real === null) return `the library folder ${root} does not exist`;
  let at = root;
  const parts = rel === '' ? [] : rel.split(sep);
  for (const [i, part] of parts.entries()) {
    at = join(at, part);
    let info;
    try {
      info = await lstat(at);
    } catch {
      return `${at} does not exist`;
    }
    if (info.isSymbolicLink()) return `${at} is a symbolic link, and the library only holds real files and folders`;
    const last = i === parts.length - 1;
    if (!last && !info.isDirectory()) return `${at} is not a folder`;
    if (last && kind === 'file' && !info.isFile()) return `${at} is not a regular file`;
    if (last && kind === 'folder' && !info.isDirectory()) return `${at} is not a folder`;
  }
  try {
    const resolved = await realpath(path);
    if (resolved !== real && !resolved.startsWith(real.endsWith(sep) ? real : real + sep)) return `${path} resolves to ${resolved}, outside the library folder ${real}`;
  } catch {
    return `${path} does not exist`;
  }
  return null;
}

/** Whether `path` is a real `kind` of the library under `root` (see `libraryRefusal`). */
export async function insideLibrary(root: string, path: string, kind: 'file' | 'folder'): Promise<boolean> {
  return (await libraryRefusal(root, path, kind)) === null;
}

/** The refusal of a download's folder, with what to do. */
function folderRefused(refusal: string): LibraryBoundaryError {
  return new LibraryBoundaryError(`Downloads cannot be written there: ${refusal}. Remove the link, or choose another library folder in Settings.`);
}

/**
 * Makes `folder` (and the folders above it) under `root`, and checks that all of it is the
 * library's own; throws `LibraryBoundaryError` otherwise. The folders below the root are made one
 * at a time, each looked at (`lstat`) before the next is made in it, so nothing is ever made
 * through a link or outside the root before the refusal.
 */
export async function libraryFolder(root: string, folder: string): Promise<void> {
  const rel = relative(root, folder);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) throw folderRefused(`${folder} is not under the library folder ${root}`);
  // The root itself may be made, and may be a link (a library on another disk).
  await mkdir(root, { recursive: true });
  let at = root;
  for (const part of rel === '' ? [] : rel.split(sep)) {
    at = join(at, part);
    try {
      await mkdir(at);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    const info = await lstat(at);
    if (info.isSymbolicLink()) throw folderRefused(`${at} is a symbolic link, and the library only holds real files and folders`);
    if (!info.isDirectory()) throw folderRefused(`${at} is not a folder`);
  }
  const refusal = await libraryRefusal(root, folder, 'folder');
  if (refusal !== null) throw folderRefused(refusal);
}

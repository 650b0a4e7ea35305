import { statfs } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Free bytes (available to this user) on the file system holding `path`, or of its nearest existing parent; null when unreadable. */
export async function freeBytesAt(path: string): Promise<number | null> {
  let at = path;
  for (;;) {
    try {
      const info = await statfs(at);
      return info.bavail * info.bsize;
    } catch {
      const parent = dirname(at);
      if (parent === at) return null;
      at = parent;
    }
  }
}

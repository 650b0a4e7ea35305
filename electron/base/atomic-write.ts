import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';

/** The open temporary file an atomic write fills. */
export interface AtomicWriteHandle {
  writeFile(data: string | Uint8Array): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/** The file-system calls an atomic write makes (tests record their order); `node:fs/promises` by default. */
export interface AtomicWriteFs {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  open(path: string, flags: 'wx', mode: number): Promise<AtomicWriteHandle>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
}

/** The real file system. */
export const nodeAtomicWriteFs: AtomicWriteFs = { mkdir, open, rename, rm };

/**
 * Writes a file so that readers see either the old content or the new, never a half-written
 * file: write to a temporary sibling, flush it to disk, then rename over the target.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, fs: AtomicWriteFs = nodeAtomicWriteFs): Promise<void> {
  const dir = dirname(path);
  await fs.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await fs.rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await fs.rename(temp, path);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

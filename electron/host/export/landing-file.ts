import { constants } from 'node:fs';
import { link, lstat, mkdir, open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { ExportError } from './export-error.ts';

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path);
    return true;
  } catch {
    return false;
  }
}

function refusedExisting(out: string): ExportError {
  return new ExportError('exists', `${out} already exists`, 'Choose another output path, or pass --force to replace it.');
}

/**
 * An output written to `${out}.part` and moved into place only when complete: `land()` syncs the
 * bytes and renames (or, without `force`, hard-links so an `out` that appeared meanwhile is never
 * replaced); `discard()` removes the part. `out` never holds a partial file.
 */
export class LandingFile {
  private constructor(
    readonly out: string,
    readonly part: string,
    readonly handle: FileHandle,
    private readonly force: boolean,
  ) {}

  /** Opens `${out}.part` for writing; refuses an existing `out` unless `force`, and a `.part` another export is writing. */
  static async open(out: string, options: { force: boolean }): Promise<LandingFile> {
    if (!options.force && (await exists(out))) throw refusedExisting(out);
    const part = `${out}.part`;
    await mkdir(dirname(out), { recursive: true });
    let handle: FileHandle;
    try {
      handle = await open(part, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644);
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
        throw new ExportError('exists', `${part} already exists: another export is writing it, or one was interrupted`, `Wait for the other export, or delete ${part}.`);
      }
      throw new ExportError('io', `cannot create ${part} (${error instanceof Error ? error.message : String(error)})`, 'Check that the folder is writable.');
    }
    return new LandingFile(out, part, handle, options.force);
  }

  /** Syncs and closes the part, moves it to `out`, and returns its size in bytes. */
  async land(): Promise<number> {
    let bytes: number;
    try {
      await this.handle.sync();
      bytes = (await this.handle.stat()).size;
    } finally {
      await this.handle.close();
    }
    if (this.force) await rename(this.part, this.out);
    else await this.linkWithoutReplacing();
    await syncFolder(dirname(this.out));
    return bytes;
  }

  /** Closes and deletes the part; safe to call after a failure at any point. */
  async discard(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    await unlink(this.part).catch(() => undefined);
  }

  private async linkWithoutReplacing(): Promise<void> {
    try {
      await link(this.part, this.out);
    } catch (error) {
      const code = error instanceof Error && 'code' in error ? error.code : null;
      if (code === 'EEXIST') throw refusedExisting(this.out);
      // A file system without hard links: check, then rename (a narrow race, and only there).
      if (await exists(this.out)) throw refusedExisting(this.out);
      await rename(this.part, this.out);
      return;
    }
    await unlink(this.part);
  }
}

/** Makes a rename durable where the platform lets a folder be synced (not on Windows). */
async function syncFolder(folder: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(folder, 'r');
    await handle.sync();
  } catch {
    // Best effort: the file's own bytes are already synced.
  } finally {
    await handle?.close();
  }
}

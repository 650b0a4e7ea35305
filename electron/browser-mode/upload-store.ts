import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes one upload may have at most (the default of `UploadStore`). */
export const defaultMaxUploadBytes = 1024 * 1024 * 1024;

/** An upload refused for its size, named with the cap so the message can say it. */
export class UploadTooLargeError extends Error {
  override readonly name = 'UploadTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes, the most browser mode takes`);
  }
}

/** Options of an upload store. */
export interface UploadStoreOptions {
  /** The folder uploads are written to (under user data); emptied at start and on close. */
  dir: string;
  maxBytes?: number;
  /** Uploads kept at once; the oldest is deleted when one more arrives. */
  keep?: number;
}

/**
 * Where browser mode puts the files a page streams to it (a browser gives no paths): each upload
 * is written straight to its own file, never buffered whole, and cut off with `UploadTooLargeError`
 * past `maxBytes` (the partial file is deleted). Only the last `keep` uploads released (granted)
 * stay; the folder is emptied at start (left by a crash) and on close.
 */
export class UploadStore {
  readonly dir: string;
  readonly maxBytes: number;
  private readonly keep: number;
  private readonly kept: string[] = [];
  private readonly held = new Set<string>();
  private ready: Promise<void> | null = null;

  constructor(options: UploadStoreOptions) {
    this.dir = options.dir;
    this.maxBytes = options.maxBytes ?? defaultMaxUploadBytes;
    this.keep = options.keep ?? 3;
  }

  /** Writes a stream to a new file named after `name`; returns its path. */
  async receive(body: Readable, name: string): Promise<string> {
    this.ready ??= rm(this.dir, { recursive: true, force: true }).then(() => mkdir(this.dir, { recursive: true }).then(() => undefined));
    await this.ready;
    // A folder per upload, so the file keeps the name the user chose.
    const folder = join(this.dir, randomUUID());
    await mkdir(folder);
    const path = join(folder, safeName(name));
    let received = 0;
    const maxBytes = this.maxBytes;
    const cap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > maxBytes) done(new UploadTooLargeError(maxBytes));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(body, cap, createWriteStream(path, { flags: 'wx' }));
    } catch (error) {
      await rm(folder, { recursive: true, force: true });
      throw error;
    }
    // Held until released: uploads received at the same time never remove one another before each is granted.
    this.held.add(folder);
    return path;
  }

  /**
   * Says an upload has been granted (or refused) and may now count among the last `keep`; the
   * oldest released ones beyond that are deleted. An upload is never deleted before its release.
   */
  async release(path: string): Promise<void> {
    const folder = dirname(path);
    if (!this.held.delete(folder)) return;
    this.kept.push(folder);
    for (const old of this.kept.splice(0, Math.max(0, this.kept.length - this.keep))) await rm(old, { recursive: true, force: true });
  }

  /** Deletes every upload. */
  async close(): Promise<void> {
    this.kept.length = 0;
    this.held.clear();
    await rm(this.dir, { recursive: true, force: true });
  }
}

/** A file name safe on any file system, keeping the `.jsonl.zst` ending readable. */
export function safeName(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(-120);
  return cleaned === '' ? 'upload' : cleaned;
}

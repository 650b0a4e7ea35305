import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LogSegment } from '../../../../shared/book/replay/log-segment.ts';
import { errorCode } from '../../../base/error-code.ts';
import { makeSpillFolder, removeSpillFolder, SpillParentError, spillFileName } from './spill-folder.ts';

/** Where finished log segments go, so a replay's memory does not grow with its length. */
export interface SegmentStore {
  /** Keeps a segment; answers the handle to read it back by. */
  put(segment: LogSegment): number;
  /** The segment behind a handle. */
  get(handle: number): LogSegment;
  /** Bytes held in memory (cached segments). */
  readonly memoryBytes: number;
  /** Frees everything (removes the file). */
  close(): void;
}

/** Keeps every segment in memory: for tests and short replays. */
export class MemorySegmentStore implements SegmentStore {
  readonly #segments: LogSegment[] = [];
  #bytes = 0;

  put(segment: LogSegment): number {
    this.#segments.push(segment);
    this.#bytes += segment.buffer.byteLength;
    return this.#segments.length - 1;
  }

  get(handle: number): LogSegment {
    const segment = this.#segments[handle];
    if (segment === undefined) throw new Error(`no log segment ${handle}`);
    return segment;
  }

  get memoryBytes(): number {
    return this.#bytes;
  }

  close(): void {
    this.#segments.length = 0;
    this.#bytes = 0;
  }
}

/** A replay's temporary file could not be made or written (a full disk, a read-only or missing temporary folder). */
export class SpillError extends Error {
  /** What to do about it. */
  readonly resolution: string;

  constructor(root: string, cause: unknown) {
    const code = errorCode(cause);
    const reason =
      cause instanceof SpillParentError
        ? cause.message
        : code === 'ENOSPC'
          ? 'the disk is full'
          : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
            ? 'it is not writable'
            : code === 'ENOENT'
              ? 'the folder does not exist'
              : cause instanceof Error
                ? cause.message
                : String(cause);
    super(`The replay cannot write its temporary file in ${root}: ${reason}`);
    this.resolution = 'Free space in that folder, or start the app with TMPDIR set to a folder with room, then open the replay again.';
  }
}

/**
 * Appends segments to one temporary file and reads them back on demand, keeping the most recently
 * used `cacheSegments` in memory. Synchronous I/O: it runs in the book worker's thread.
 */
export class FileSegmentStore implements SegmentStore {
  readonly #root: string;
  readonly #dir: string;
  readonly #fd: number;
  readonly #where: { offset: number; bytes: number }[] = [];
  readonly #cache = new Map<number, LogSegment>();
  readonly #cacheSegments: number;
  #end = 0;
  #cachedBytes = 0;
  #closed = false;

  constructor(cacheSegments = 24, root: string = tmpdir()) {
    this.#cacheSegments = cacheSegments;
    this.#root = root;
    try {
      this.#dir = makeSpillFolder(root);
    } catch (error) {
      throw new SpillError(root, error);
    }
    try {
      this.#fd = openSync(join(this.#dir, spillFileName), 'wx+', 0o600);
    } catch (error) {
      removeSpillFolder(this.#dir);
      throw new SpillError(root, error);
    }
  }

  /** The folder the file lives in (for tests). */
  get folder(): string {
    return this.#dir;
  }

  put(segment: LogSegment): number {
    const bytes = new Uint8Array(segment.buffer);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(this.#fd, bytes, written, bytes.length - written, this.#end + written);
    } catch (error) {
      throw new SpillError(this.#root, error);
    }
    this.#where.push({ offset: this.#end, bytes: bytes.length });
    this.#end += bytes.length;
    const handle = this.#where.length - 1;
    this.#remember(handle, segment);
    return handle;
  }

  get(handle: number): LogSegment {
    const cached = this.#cache.get(handle);
    if (cached !== undefined) {
      this.#cache.delete(handle);
      this.#cache.set(handle, cached);
      return cached;
    }
    const where = this.#where[handle];
    if (where === undefined || this.#closed) throw new Error(`no log segment ${handle}`);
    const buffer = new ArrayBuffer(where.bytes);
    const view = new Uint8Array(buffer);
    let read = 0;
    while (read < where.bytes) {
      const got = readSync(this.#fd, view, read, where.bytes - read, where.offset + read);
      if (got === 0) throw new Error(`the replay's log file ended early at segment ${handle}`);
      read += got;
    }
    const segment = new LogSegment(buffer);
    this.#remember(handle, segment);
    return segment;
  }

  get memoryBytes(): number {
    return this.#cachedBytes;
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#cache.clear();
    this.#cachedBytes = 0;
    closeSync(this.#fd);
    removeSpillFolder(this.#dir);
  }

  #remember(handle: number, segment: LogSegment): void {
    this.#cache.set(handle, segment);
    this.#cachedBytes += segment.buffer.byteLength;
    for (const [oldHandle, old] of this.#cache) {
      if (this.#cache.size <= this.#cacheSegments) break;
      this.#cache.delete(oldHandle);
      this.#cachedBytes -= old.buffer.byteLength;
    }
  }
}

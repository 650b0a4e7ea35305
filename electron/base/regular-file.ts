import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { SnapshotDecodeError } from '../../shared/snapshot/decode-errors.ts';

/** Why a path cannot be read as a snapshot file. */
export type NotRegularReason = 'missing' | 'directory' | 'fifo' | 'character-device' | 'block-device' | 'socket' | 'other' | 'unreadable';

/**
 * A path that is not a readable regular file. It is a `SnapshotDecodeError` of kind `io`, so every
 * decoder caller reports it as it reports any unreadable file; `reason` tells the file grants a
 * missing file (not found) from one that is something else.
 */
export class NotRegularFileError extends SnapshotDecodeError {
  readonly reason: NotRegularReason;
  /** What the path is, without the advice: `/data/x.jsonl.zst is a named pipe (FIFO), not a regular file`. */
  readonly what: string;

  constructor(path: string, reason: NotRegularReason, detail: string) {
    const { what, message, resolution } = explain(path, reason, detail);
    super({ kind: 'io', message, resolution, file: path, line: null, byteOffset: null, recordsDecoded: 0 });
    this.reason = reason;
    this.what = what;
  }
}

// The message carries what to do as well as what the path is, for callers that show only the
// message (the command line); the resolution says it on its own.
function explain(path: string, reason: NotRegularReason, detail: string): { what: string; message: string; resolution: string } {
  const choose = 'choose the .jsonl.zst snapshot file itself';
  const [what, todo] = ((): [string, string] => {
    switch (reason) {
      case 'missing':
        return ['does not exist', 'check the path, or open the file again (it may have been moved or deleted)'];
      case 'directory':
        return ['a folder, not a file', `${choose}, inside the folder`];
      case 'fifo':
        // Reading a pipe waits for a writer that may never come, so it is never opened.
        return ['a named pipe (FIFO), not a regular file', `pipes are not read because they can block forever; ${choose}`];
      case 'character-device':
      case 'block-device':
        return [`a ${reason === 'block-device' ? 'block' : 'character'} device, not a regular file`, `devices are not read; ${choose}`];
      case 'socket':
        return ['a socket, not a regular file', `sockets are not read; ${choose}`];
      case 'other':
        return ['not a regular file', choose];
      case 'unreadable':
        return [`not readable (${detail})`, 'check that the file exists and that you may read it'];
    }
  })();
  const summary = `${path} ${reason === 'missing' ? what : `is ${what}`}`;
  return { what: summary, message: `${summary}: ${todo}`, resolution: `${todo.charAt(0).toUpperCase()}${todo.slice(1)}.` };
}

function notRegularReason(stats: Stats): NotRegularReason | null {
  if (stats.isFile()) return null;
  if (stats.isDirectory()) return 'directory';
  if (stats.isFIFO()) return 'fifo';
  if (stats.isCharacterDevice()) return 'character-device';
  if (stats.isBlockDevice()) return 'block-device';
  if (stats.isSocket()) return 'socket';
  return 'other';
}

function fromSystemError(path: string, error: unknown): NotRegularFileError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  const missing = code === 'ENOENT' || code === 'ENOTDIR';
  return new NotRegularFileError(path, missing ? 'missing' : 'unreadable', error instanceof Error ? error.message : String(error));
}

/** How `openRegularFile` looks a path up before opening it; replaceable to simulate a path swapped in between. */
export type StatPath = (path: string) => Promise<Stats>;

// O_NONBLOCK makes an open of a FIFO return at once instead of waiting for a writer on a
// thread-pool thread; it changes nothing for a regular file. Windows has no such flag (undefined,
// which `|` treats as 0) and no FIFOs on disk paths either.
const readOnlyNonBlocking = constants.O_RDONLY | constants.O_NONBLOCK;

/**
 * Opens a path for reading only if it is a regular file (symbolic links followed). The path is
 * checked before `open`, opened non-blocking so a FIFO swapped in meanwhile cannot hang the open,
 * and the open handle is checked again. Throws `NotRegularFileError` naming the file and what it is.
 */
export async function openRegularFile(path: string, statPath: StatPath = stat): Promise<FileHandle> {
  let before: Stats;
  try {
    before = await statPath(path);
  } catch (error) {
    throw fromSystemError(path, error);
  }
  const refusedBefore = notRegularReason(before);
  if (refusedBefore !== null) throw new NotRegularFileError(path, refusedBefore, '');
  let handle: FileHandle;
  try {
    handle = await open(path, readOnlyNonBlocking);
  } catch (error) {
    throw fromSystemError(path, error);
  }
  try {
    const refusedAfter = notRegularReason(await handle.stat());
    if (refusedAfter !== null) throw new NotRegularFileError(path, refusedAfter, '');
    return handle;
  } catch (error) {
    await handle.close();
    throw error instanceof NotRegularFileError ? error : fromSystemError(path, error);
  }
}

/** Checks that a path is a readable regular file (opening and closing it) and answers its size in bytes. */
export async function regularFileSize(path: string): Promise<number> {
  const handle = await openRegularFile(path);
  try {
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

/** A regular file larger than its reader allows. */
export class FileTooLargeError extends Error {
  constructor(
    readonly path: string,
    readonly maxBytes: number,
  ) {
    super(`${path} is larger than ${maxBytes.toLocaleString('en-US')} bytes`);
  }
}

/**
 * The bytes of a small file (a state file, a sidecar), read only if it is a regular file (see
 * `openRegularFile`: a FIFO or a device is never waited on) and at most `maxBytes` long: a longer
 * one, or one that grows past it while read, throws `FileTooLargeError` having read no more than
 * `maxBytes + 1` bytes.
 */
export async function readSmallRegularFile(path: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await openRegularFile(path);
  try {
    if ((await handle.stat()).size > maxBytes) throw new FileTooLargeError(path, maxBytes);
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const chunk = new Uint8Array(Math.min(65_536, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, total);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw new FileTooLargeError(path, maxBytes);
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

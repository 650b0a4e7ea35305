import { copyFile, rename } from 'node:fs/promises';
import { basename } from 'node:path';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { errorCode } from '../../base/error-code.ts';
import { FileTooLargeError, NotRegularFileError, readSmallRegularFile } from '../../base/regular-file.ts';

// Reading the app's own state files (settings.json, downloads.json, library-index.json) so that
// none can take the app down: a file that cannot be read (a folder, bad bytes, bad JSON, a bad
// entry, no permission) is kept aside under a timestamped name, and what that means is written
// down as a notice the user is told once.

/** What reading a state file found. */
export type StateRead = { kind: 'absent' } | { kind: 'json'; json: unknown } | { kind: 'unreadable'; reason: string };

/** The largest state file read; the app's own never come near it (a library index of 100,000 files is about 20 MB). */
export const maxStateFileBytes = 64 * 1024 * 1024;

/** Why a state file cannot be read, in the words of the notice. */
function unreadableReason(error: unknown): string {
  if (error instanceof FileTooLargeError) return `it is larger than ${error.maxBytes.toLocaleString('en-US')} bytes, far more than the app ever writes`;
  if (error instanceof NotRegularFileError) {
    switch (error.reason) {
      case 'directory':
        return 'it is a folder, not a file';
      case 'fifo':
        return 'it is a named pipe (FIFO), not a regular file (a pipe is never read: it can wait forever)';
      case 'character-device':
      case 'block-device':
        return 'it is a device, not a regular file (a device is never read: it may never end)';
      case 'socket':
        return 'it is a socket, not a regular file';
      case 'other':
      case 'missing':
        return 'it is not a regular file';
      case 'unreadable':
        break;
    }
  }
  const code = errorCode(error) ?? (error instanceof NotRegularFileError ? /\((E[A-Z]+)[:)]/.exec(error.what)?.[1] : undefined);
  if (code === 'EACCES' || code === 'EPERM') return 'the app has no permission to read it';
  return `it could not be read (${code ?? (error instanceof Error ? error.message : String(error))})`;
}

/**
 * Reads a state file as JSON: absent, its value, or why it cannot be read (never throws, never
 * waits). Only a regular file is opened (non-blocking, so a FIFO cannot hang the read), and only
 * up to `maxBytes` (so `/dev/zero` or a huge file cannot fill the memory).
 */
export async function readStateJson(path: string, maxBytes: number = maxStateFileBytes): Promise<StateRead> {
  let bytes: Uint8Array;
  try {
    bytes = await readSmallRegularFile(path, maxBytes);
  } catch (error) {
    if (error instanceof NotRegularFileError && error.reason === 'missing') return { kind: 'absent' };
    return { kind: 'unreadable', reason: unreadableReason(error) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { kind: 'unreadable', reason: 'it is not UTF-8 text' };
  }
  try {
    const json: unknown = JSON.parse(text);
    return { kind: 'json', json };
  } catch (error) {
    return { kind: 'unreadable', reason: `it is not valid JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** A timestamp for a kept-aside name: `2026-11-26T21-46-29-123Z` (no colons, so any file system takes it). */
export function asideStamp(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/**
 * Keeps a state file aside as `<name>.unreadable-<time>` beside it (moved, or copied when the
 * app will write a new one over the original anyway and `copy` is set) and answers the notice.
 * When it cannot even be moved, the notice says so and the original stays where it is.
 */
export async function keepAside(path: string, what: { reason: string; meaning: string; now: number; copy?: boolean }): Promise<StateNotice> {
  const keptAs = `${path}.unreadable-${asideStamp(what.now)}`;
  try {
    if (what.copy === true) await copyFile(path, keptAs);
    else await rename(path, keptAs);
    return { file: basename(path), path, keptAs, reason: what.reason, meaning: what.meaning, at: what.now };
  } catch (error) {
    const why = errorCode(error) ?? (error instanceof Error ? error.message : String(error));
    return { file: basename(path), path, keptAs: null, reason: `${what.reason}; it could not be kept aside either (${why})`, meaning: what.meaning, at: what.now };
  }
}

import { copyFile, readFile, rename } from 'node:fs/promises';
import { basename } from 'node:path';
import type { StateNotice } from '../../../shared/contract/state-notices.ts';
import { errorCode } from '../../base/error-code.ts';

// Reading the app's own state files (settings.json, downloads.json, library-index.json) so that
// none can take the app down: a file that cannot be read (a folder, bad bytes, bad JSON, a bad
// entry, no permission) is kept aside under a timestamped name, and what that means is written
// down as a notice the user is told once.

/** What reading a state file found. */
export type StateRead = { kind: 'absent' } | { kind: 'json'; json: unknown } | { kind: 'unreadable'; reason: string };

/** Reads a state file as JSON: absent, its value, or why it cannot be read (never throws). */
export async function readStateJson(path: string): Promise<StateRead> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT') return { kind: 'absent' };
    if (code === 'EISDIR') return { kind: 'unreadable', reason: 'it is a folder, not a file' };
    if (code === 'EACCES' || code === 'EPERM') return { kind: 'unreadable', reason: 'the app has no permission to read it' };
    return { kind: 'unreadable', reason: `it could not be read (${code ?? (error instanceof Error ? error.message : String(error))})` };
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

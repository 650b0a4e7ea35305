import type { ContractResult } from '../../shared/contract/errors.ts';
import { fileGrantsSchema, type FileGrants } from '../../shared/contract/file-schemas.ts';
import type { Invoke, MdeBridge } from '../../shared/contract/types.ts';
import { hasFields } from '../../shared/guards/object-fields.ts';

/** Electron's `webUtils.getPathForFile`: the path of a File that came from disk, '' for one made in the page. */
export type GetPathForFile = (file: File) => string;

function refused(message: string): ContractResult<FileGrants> {
  return {
    ok: false,
    error: {
      kind: 'invalid-request',
      message,
      resolution: 'Drag the .jsonl.zst files from your file manager onto the window, or use Open….',
      channel: 'files.grantDropped',
    },
  };
}

/**
 * Whether a dropped item looks like a DOM File (a name and a size). Only Electron can say it is
 * one from disk: `getPathForFile` still refuses anything else, by throwing or answering ''.
 */
function looksLikeFile(value: unknown): value is File {
  return hasFields(value) && typeof value['name'] === 'string' && typeof value['size'] === 'number';
}

/** The main process's answer to a grant, its value checked against the contract. */
function grantsOf(result: ContractResult<unknown>): ContractResult<FileGrants> {
  if (!result.ok) return result;
  const grants = fileGrantsSchema.safeParse(result.value);
  if (grants.success) return { ok: true, value: grants.data };
  return {
    ok: false,
    error: {
      kind: 'internal',
      message: 'The main process answered the drop with grants this window cannot read',
      resolution: 'Restart the app so the window and the main process run the same version.',
      channel: 'files.grantDropped',
    },
  };
}

/**
 * The preload's `files.grantDropped`: takes the DOM `File`s of a drop, asks Electron where each
 * one is on disk, and grants those paths. A File the page made itself has no path and is
 * refused, so the renderer cannot turn free text into a path this way. It takes `unknown`
 * because the page may pass anything: only Electron can say that an object is a File from disk.
 */
export function grantDroppedFiles(getPathForFile: GetPathForFile, invoke: Invoke): (files: unknown) => Promise<ContractResult<FileGrants>> {
  return async (files) => {
    const dropped: readonly unknown[] = Array.isArray(files) ? files : [];
    if (dropped.length === 0) return refused('Nothing was dropped: expected one or more files');
    const paths: string[] = [];
    for (const file of dropped) {
      let path = '';
      try {
        if (looksLikeFile(file)) path = getPathForFile(file);
      } catch {
        // Not a File at all: treated like a File with no path.
      }
      if (path === '') return refused(`${describe(file)} is not a file from disk`);
      paths.push(path);
    }
    return grantsOf(await invoke('files.grantDropped', { paths }));
  };
}

function describe(file: unknown): string {
  const name: unknown = typeof file === 'object' && file !== null && 'name' in file ? file.name : undefined;
  return typeof name === 'string' && name !== '' ? `"${name.slice(0, 200)}"` : 'A dropped item';
}

/** The bridge with `files.grantDropped` taking dropped Files instead of paths; everything else unchanged. */
export function withDroppedFiles(bridge: MdeBridge, getPathForFile: GetPathForFile, invoke: Invoke): MdeBridge {
  return { ...bridge, files: { ...bridge.files, grantDropped: grantDroppedFiles(getPathForFile, invoke) } };
}

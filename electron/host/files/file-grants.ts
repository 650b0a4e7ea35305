import { randomUUID } from 'node:crypto';
import { basename, isAbsolute, resolve } from 'node:path';
import type { FileGrant } from '../../../shared/contract/file-schemas.ts';
import { NotRegularFileError, regularFileSize } from '../../base/regular-file.ts';
import { contractError } from '../contract-errors.ts';

/**
 * Where a trusted path came from: the host's open dialog, a drop read by the preload, a path
 * typed in browser mode, a file a page streamed to browser mode (`'upload'`), or the library of
 * downloaded files (F9 grants those with `'library'`).
 */
export type GrantSource = 'dialog' | 'drop' | 'typed-path' | 'library' | 'upload';

/** A granted file as the main process knows it: the grant plus the path behind it. */
export interface GrantedFile extends FileGrant {
  readonly path: string;
  readonly source: GrantSource;
}

/** Resolves file ids to granted files; what the book replay needs of the grants. */
export interface GrantedFiles {
  resolve(fileIds: readonly string[]): GrantedFile[];
}

/** Grants kept at most; the oldest are forgotten first, so repeated grants cannot grow memory without bound. */
const defaultLimit = 100_000;

/**
 * The registry that turns paths the main process trusts into opaque grants `{fileId, name,
 * bytes}` and resolves ids back to paths. A path is granted only if it is a readable regular
 * file; granting the same path again keeps its id. Ids live as long as the process.
 */
export class FileGrants implements GrantedFiles {
  readonly #byId = new Map<string, GrantedFile>();
  readonly #idByPath = new Map<string, string>();
  readonly #listeners = new Set<() => void>();

  constructor(private readonly limit = defaultLimit) {}

  /** Checks and grants each path, in order; throws a `ContractError` naming the first one refused. */
  async grant(paths: readonly string[], source: GrantSource): Promise<FileGrant[]> {
    const grants: FileGrant[] = [];
    // One at a time: a grant of thousands of files holds one descriptor, not thousands.
    for (const path of paths) grants.push(await this.#grantOne(path, source));
    if (grants.length > 0) for (const listener of this.#listeners) listener();
    return grants;
  }

  /** Calls `listener` after each call that granted files (the file viewer starts a worker then); returns the unsubscribe. */
  onGranted(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The granted files behind `fileIds`, in order; an unknown id is a `not-found` ContractError. */
  resolve(fileIds: readonly string[]): GrantedFile[] {
    return fileIds.map((fileId) => {
      const file = this.#byId.get(fileId);
      if (file === undefined) {
        throw contractError('not-found', null, `No file has been granted with the id ${JSON.stringify(fileId)}`, 'Open the file again (Open…, drag and drop, or the library); file ids are not paths and last only while the app runs.');
      }
      return file;
    });
  }

  async #grantOne(path: string, source: GrantSource): Promise<FileGrant> {
    if (!isAbsolute(path)) {
      throw contractError('invalid-request', null, `${path} is not a full path`, 'Give the full path of the file, starting at the root (such as /home/you/data/file.jsonl.zst or C:\\data\\file.jsonl.zst).');
    }
    const absolute = resolve(path);
    let bytes: number;
    try {
      bytes = await regularFileSize(absolute);
    } catch (error) {
      if (!(error instanceof NotRegularFileError)) throw error;
      throw contractError(error.reason === 'missing' ? 'not-found' : 'invalid-request', null, error.what, error.resolution);
    }
    const fileId = this.#idByPath.get(absolute) ?? randomUUID();
    const file: GrantedFile = { fileId, name: basename(absolute), bytes, path: absolute, source };
    // Re-inserting moves the grant to the young end of the map, which is the eviction order.
    this.#byId.delete(fileId);
    this.#byId.set(fileId, file);
    this.#idByPath.set(absolute, fileId);
    this.#forgetOldest();
    return { fileId, name: file.name, bytes };
  }

  #forgetOldest(): void {
    for (const [fileId, file] of this.#byId) {
      if (this.#byId.size <= this.limit) return;
      this.#byId.delete(fileId);
      this.#idByPath.delete(file.path);
    }
  }
}

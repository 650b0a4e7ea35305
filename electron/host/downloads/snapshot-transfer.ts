import { createHash, type Hash } from 'node:crypto';
import { open, mkdir, rename, rm, stat, statfs as fsStatfs } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { basename, dirname } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { ContractError } from '../../../shared/contract/errors.ts';
import { contractError } from '../contract-errors.ts';
import { plainGet, UnusableUrlError } from './download-request.ts';
import { SnapshotVerificationError, type SnapshotVerifier, type SnapshotVerifierFactory } from './download-verifier.ts';
import { openPartFile, type PartOpener, type PartWriter } from './part-file.ts';
import { acquirePartLock, PartBusyError, type PartLock } from './part-lock.ts';
import { TransferError } from './transfer-error.ts';
import { workerVerifier } from './worker-verifier.ts';
import type { SnapshotTransfer, TransferFailureKind, TransferRequest, TransferResult } from './transfer-types.ts';

export { TransferError } from './transfer-error.ts';

/** Free space of the file system holding a folder, as `fs.statfs` reports it. */
export type FreeSpaceReader = (folder: string) => Promise<{ bavail: number; bsize: number }>;

/** The file-system calls that put a verified part in place (tests record their order against the part's sync). */
export interface LandingFs {
  /** Moves the part onto the destination. */
  rename(from: string, to: string): Promise<void>;
  /** Flushes a folder's entries (the rename) to disk, where the file system allows it. */
  syncFolder(folder: string): Promise<void>;
}

/** The real file system: `fs.rename`, then an fsync of the folder. */
export const nodeLandingFs: LandingFs = { rename, syncFolder };

/** What a transfer needs from the world; tests replace the clock, the disk and the verifier. */
export interface TransferDependencies {
  /** Waits between retries; tests pass one that returns at once and records the delays. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** Reads free disk space (default `fs.statfs`). */
  statfs?: FreeSpaceReader;
  /** Opens the `.part` file (tests pass one whose writes fail with ENOSPC). */
  openPart?: PartOpener;
  /** Renames the part into place and syncs its folder (default `nodeLandingFs`). */
  landing?: LandingFs;
  /** Makes the verifier that checks the bytes as they arrive (default: a worker thread per file, off the event loop). */
  verifier?: SnapshotVerifierFactory;
  /** Delays before each retry after a network error or a 5xx, in ms (the public tool's: 0.5, 1, 2, 4, 8 s). */
  backoffMs?: readonly number[];
  /** Fresh URLs asked for in a row without a byte of progress before the transfer fails as expired. */
  maxRefreshes?: number;
  maxRedirects?: number;
  idleTimeoutMs?: number;
  /** Free space kept beyond the bytes still to come. */
  diskMarginBytes?: number;
  /** Takes the `.part`'s lock, so another program on the same library leaves it alone (default `acquirePartLock`). */
  lockPart?: (part: string) => Promise<PartLock>;
}

/** The public tool's retry delays. */
export const retryDelaysMs: readonly number[] = [500, 1000, 2000, 4000, 8000];

/** The reason a pause aborts with (`controller.abort(pauseReason)`): the `.part` is kept. */
export const pauseReason = 'pause';

type Attempt =
  | { kind: 'complete' }
  | { kind: 'retry'; failure: 'network' | 'server'; why: string }
  | { kind: 'expired'; why: string }
  | { kind: 'restart'; why: string }
  | { kind: 'corrupt'; why: string };

const mib = 1024 * 1024;

/** Builds the one-file transfer with its dependencies (tests inject sleep, disk and faults). */
export function createSnapshotTransfer(dependencies: TransferDependencies = {}): SnapshotTransfer {
  return (request) => new Transfer(request, dependencies).run();
}

/** The transfer with the real clock, disk and decoder. */
export const transferSnapshot: SnapshotTransfer = createSnapshotTransfer();

class Transfer {
  readonly #request: TransferRequest;
  readonly #part: string;
  readonly #folder: string;
  readonly #sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  readonly #statfs: FreeSpaceReader;
  readonly #openPart: PartOpener;
  readonly #landing: LandingFs;
  readonly #makeVerifier: SnapshotVerifierFactory;
  readonly #backoff: readonly number[];
  readonly #maxRefreshes: number;
  readonly #maxRedirects: number;
  readonly #idleTimeoutMs: number;
  readonly #margin: number;
  readonly #lockPart: (part: string) => Promise<PartLock>;
  #lock: PartLock | null = null;
  #offset = 0;
  #total: number | null = null;
  #hash: Hash = createHash('sha256');
  #verifier: SnapshotVerifier;
  #writer: PartWriter | null = null;
  #verifying = false;

  constructor(request: TransferRequest, dependencies: TransferDependencies) {
    this.#request = request;
    this.#part = `${request.destination}.part`;
    this.#folder = dirname(request.destination);
    this.#sleep = dependencies.sleep ?? ((ms, signal) => delay(ms, undefined, { signal }));
    this.#statfs = dependencies.statfs ?? ((folder) => fsStatfs(folder));
    this.#openPart = dependencies.openPart ?? openPartFile;
    this.#landing = dependencies.landing ?? nodeLandingFs;
    this.#makeVerifier = dependencies.verifier ?? ((name) => workerVerifier(name));
    this.#backoff = dependencies.backoffMs ?? retryDelaysMs;
    this.#maxRefreshes = dependencies.maxRefreshes ?? 3;
    this.#maxRedirects = dependencies.maxRedirects ?? 3;
    this.#idleTimeoutMs = dependencies.idleTimeoutMs ?? 30_000;
    this.#margin = dependencies.diskMarginBytes ?? 16 * mib;
    this.#lockPart = dependencies.lockPart ?? acquirePartLock;
    this.#verifier = this.#makeVerifier(this.#name);
  }

  get #name(): string {
    return basename(this.#request.destination);
  }

  /** Runs the transfer holding the part's lock, released however it ends. */
  async run(): Promise<TransferResult> {
    try {
      return await this.#runHoldingPart();
    } finally {
      await this.#lock?.release();
    }
  }

  async #runHoldingPart(): Promise<TransferResult> {
    try {
      return await this.#run();
    } catch (error) {
      // A folder the library refuses (a symbolic link on the way) is said as it is, not retried.
      if (error instanceof ContractError && !this.#request.signal.aborted) {
        await this.#writer?.close().catch(() => undefined);
        this.#writer = null;
        this.#verifier.abandon();
        throw error;
      }
      const failure = this.#typed(error);
      await this.#writer?.close().catch(() => undefined);
      this.#writer = null;
      this.#verifier.abandon();
      // A paused or failed-but-resumable transfer keeps its part for a Range resume; the rest leave
      // nothing. A part this transfer never held (another program's) is never removed.
      const removes = failure.kind === 'cancelled' || failure.kind === 'corrupt' || failure.kind === 'disk-full';
      if (removes && this.#lock !== null) await rm(this.#part, { force: true });
      throw failure;
    }
  }

  async #run(): Promise<TransferResult> {
    const request = this.#request;
    request.signal.throwIfAborted();
    await this.#ensureFolder();
    await this.#holdPart();
    await this.#resumeFromPart();
    let url = request.url;
    let retries = 0;
    let refreshes = 0;
    let restarted = false;
    let corruptRetried = false;
    let attempts = 0;
    const backoff = async (failure: 'network' | 'server', why: string): Promise<void> => {
      const wait = this.#backoff[retries];
      if (wait === undefined) {
        throw new TransferError(
          failure,
          `${this.#name}: gave up after ${retries} retries (${why})`,
          failure === 'server' ? 'The download host is failing; try again later.' : 'Check the network connection, then resume the download.',
        );
      }
      retries++;
      request.onRetry?.(retries, why);
      await this.#sleep(wait, request.signal);
    };
    for (;;) {
      request.signal.throwIfAborted();
      const before = this.#offset;
      const outcome = await this.#attempt(url);
      if (this.#offset > before) {
        retries = 0;
        refreshes = 0;
      }
      attempts++;
      switch (outcome.kind) {
        case 'complete': {
          const result = await this.#land();
          if (result !== null) return result;
          if (corruptRetried) throw this.#corrupt(this.#lastCorruption);
          corruptRetried = true;
          request.onRetry?.(attempts, `${this.#lastCorruption}; downloading the whole file again`);
          continue;
        }
        case 'corrupt':
          await this.#discard();
          if (corruptRetried) throw this.#corrupt(outcome.why);
          corruptRetried = true;
          request.onRetry?.(attempts, `${outcome.why}; downloading the whole file again`);
          continue;
        case 'restart':
          if (restarted) {
            throw new TransferError('server', `${this.#name}: the download host keeps answering inconsistent byte ranges (${outcome.why})`, 'Try again later; if it persists, the download host is misbehaving.');
          }
          restarted = true;
          await this.#restartFromZero();
          request.onRetry?.(attempts, `${outcome.why}; starting again from the first byte`);
          continue;
        case 'expired': {
          if (refreshes >= this.#maxRefreshes) {
            throw new TransferError(
              'expired',
              `${this.#name}: the download host refused ${refreshes + 1} download links in a row (${outcome.why})`,
              'The service keeps handing out links the download host refuses. Check the computer clock, then try again later.',
            );
          }
          refreshes++;
          request.onRetry?.(attempts, `${outcome.why}; asking the service for a fresh link`);
          const fresh = await this.#freshUrl();
          if (typeof fresh === 'string') {
            url = fresh;
            continue;
          }
          // The service could not be asked: wait as for any network failure, then try again.
          refreshes--;
          await backoff('network', fresh.why);
          continue;
        }
        case 'retry':
          await backoff(outcome.failure, outcome.why);
      }
    }
  }

  #lastCorruption = '';

  /** Reads an existing part (an earlier, interrupted transfer) into the hash and the verifier. */
  async #resumeFromPart(): Promise<void> {
    let size: number;
    try {
      const info = await stat(this.#part);
      if (!info.isFile()) throw new TransferError('refused', `${this.#part} is not a regular file`, 'Remove it, then download again.');
      size = info.size;
    } catch (error) {
      if (error instanceof TransferError) throw error;
      return;
    }
    if (size === 0) return;
    const handle = await open(this.#part, 'r');
    try {
      for (;;) {
        this.#request.signal.throwIfAborted();
        const buffer = Buffer.allocUnsafe(mib);
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        const chunk = buffer.subarray(0, bytesRead);
        this.#hash.update(chunk);
        this.#offset += bytesRead;
        await this.#verifier.push(chunk);
      }
    } catch (error) {
      if (!(error instanceof SnapshotVerificationError)) throw error;
      // The bytes kept from last time are bad: start over rather than append to them.
      await handle.close();
      await this.#discard();
      return;
    }
    await handle.close();
    this.#request.onProgress(this.#offset, null);
  }

  async #attempt(url: string): Promise<Attempt> {
    const signal = this.#request.signal;
    let response: IncomingMessage;
    try {
      response = await plainGet(url, { range: this.#offset > 0 ? `bytes=${this.#offset}-` : null, signal, maxRedirects: this.#maxRedirects, idleTimeoutMs: this.#idleTimeoutMs });
    } catch (error) {
      signal.throwIfAborted();
      if (error instanceof UnusableUrlError) throw new TransferError('refused', `${this.#name}: ${error.message}`, 'Ask the service for the file again.');
      return { kind: 'retry', failure: 'network', why: `cannot reach the download host (${messageOf(error)})` };
    }
    const status = response.statusCode ?? 0;
    if (status !== 200 && status !== 206) {
      response.resume();
      return this.#refusal(status, response);
    }
    if (status === 206) {
      const range = parseContentRange(response.headers['content-range']);
      if (range === null || range.start !== this.#offset || (range.total !== null && range.end !== range.total - 1)) {
        response.resume();
        return { kind: 'restart', why: `asked for bytes from ${this.#offset}, got Content-Range "${response.headers['content-range'] ?? ''}"` };
      }
      this.#total = range.total;
    } else {
      // The host ignored Range (or there was none): the body is the whole file.
      if (this.#offset > 0) await this.#restartFromZero();
      this.#total = contentLength(response);
    }
    if (this.#total !== null) await this.#checkFreeSpace(this.#total - this.#offset, response);
    return this.#receive(response);
  }

  #refusal(status: number, response: IncomingMessage): Attempt {
    if (status === 416) {
      const range = parseContentRange(response.headers['content-range']);
      // The part already holds every byte (an interruption between the last byte and the rename).
      if (range !== null && range.total !== null && range.total === this.#offset && this.#offset > 0) {
        this.#total = range.total;
        return { kind: 'complete' };
      }
      return { kind: 'restart', why: `the download host cannot serve bytes from ${this.#offset} (HTTP 416)` };
    }
    if (status === 403) return { kind: 'expired', why: 'the download link expired or was refused (HTTP 403)' };
    if (status >= 500) return { kind: 'retry', failure: 'server', why: `the download host answered HTTP ${status}` };
    throw new TransferError('refused', `${this.#name}: the download host answered HTTP ${status}`, status === 404 ? 'The file is no longer on the service; refresh the listing.' : 'Ask the service for the file again.');
  }

  async #receive(response: IncomingMessage): Promise<Attempt> {
    const signal = this.#request.signal;
    try {
      this.#writer ??= await this.#openPart(this.#part, 'append');
      for await (const chunk of response) {
        signal.throwIfAborted();
        // A response without an encoding gives Buffers; text would mean it was set up wrong.
        if (!Buffer.isBuffer(chunk)) throw new Error('the download host response gave text, not bytes');
        await this.#writer.write(chunk);
        this.#hash.update(chunk);
        this.#offset += chunk.length;
        await this.#verifier.push(chunk);
        this.#request.onProgress(this.#offset, this.#total);
      }
    } catch (error) {
      response.destroy();
      signal.throwIfAborted();
      if (error instanceof SnapshotVerificationError) return this.#corruption(error.message);
      if (isNoSpace(error)) throw this.#diskFull(this.#total === null ? null : this.#total - this.#offset);
      if (error instanceof TransferError) throw error;
      return { kind: 'retry', failure: 'network', why: `the connection broke after ${this.#offset} bytes (${messageOf(error)})` };
    }
    signal.throwIfAborted();
    if (this.#total !== null && this.#offset < this.#total) {
      return { kind: 'retry', failure: 'network', why: `the body ended after ${this.#offset} of ${this.#total} bytes` };
    }
    if (this.#total !== null && this.#offset > this.#total) return { kind: 'restart', why: `received ${this.#offset} bytes, more than the ${this.#total} announced` };
    return { kind: 'complete' };
  }

  #corruption(why: string): Attempt {
    this.#lastCorruption = why;
    return { kind: 'corrupt', why };
  }

  /** Verifies and lands the complete part; null when the bytes are corrupt (the part is removed). */
  async #land(): Promise<TransferResult | null> {
    if (!this.#verifying) {
      this.#verifying = true;
      this.#request.onVerifying?.();
    }
    this.#writer ??= await this.#openPart(this.#part, 'append');
    try {
      await this.#writer.sync();
    } catch (error) {
      if (isNoSpace(error)) throw this.#diskFull(0);
      throw error;
    }
    await this.#writer.close();
    this.#writer = null;
    let records: number;
    try {
      ({ records } = await this.#verifier.finish());
    } catch (error) {
      if (!(error instanceof SnapshotVerificationError)) throw error;
      this.#lastCorruption = error.message;
      await this.#discard();
      return null;
    }
    // A pause or cancel that came during the verdict still wins: nothing lands after it.
    this.#request.signal.throwIfAborted();
    const sha256 = this.#hash.digest('hex');
    await this.#ensureFolder();
    await this.#landing.rename(this.#part, this.#request.destination);
    await this.#landing.syncFolder(this.#folder);
    return { bytes: this.#offset, records, sha256 };
  }

  async #checkFreeSpace(remaining: number, response: IncomingMessage): Promise<void> {
    const info = await this.#statfs(this.#folder);
    const free = info.bavail * info.bsize;
    if (free >= remaining + this.#margin) return;
    response.destroy();
    throw new TransferError(
      'disk-full',
      `Not enough free space in ${this.#folder} for ${this.#name}: ${formatBytes(remaining)} needed (plus ${formatBytes(this.#margin)} to spare), ${formatBytes(free)} free`,
      'Free some space on that disk, or choose another library folder in Settings, then download again.',
    );
  }

  #diskFull(remaining: number | null): TransferError {
    const needed = remaining === null ? 'more bytes are' : `${formatBytes(remaining)} more are`;
    return new TransferError('disk-full', `The disk holding ${this.#folder} filled up while writing ${this.#name}: ${needed} needed`, 'Free some space on that disk, or choose another library folder in Settings, then download again.');
  }

  #corrupt(why: string): TransferError {
    return new TransferError('corrupt', `${this.#name}: the downloaded bytes are not a valid snapshot file, twice (${why})`, 'The file was removed. Try again later; if it persists, the file on the service is damaged.');
  }

  /** Removes the part and starts a fresh hash and verifier at byte 0. */
  async #discard(): Promise<void> {
    await this.#writer?.close();
    this.#writer = null;
    await rm(this.#part, { force: true });
    this.#reset();
  }

  /** Empties the part and starts again at byte 0 (the host ignored Range, or answered inconsistently). */
  async #restartFromZero(): Promise<void> {
    await this.#writer?.close();
    this.#writer = await this.#openPart(this.#part, 'truncate');
    this.#reset();
  }

  #reset(): void {
    this.#verifier.abandon();
    this.#verifier = this.#makeVerifier(this.#name);
    this.#hash = createHash('sha256');
    this.#offset = 0;
    this.#total = null;
    this.#request.onProgress(0, null);
  }

  /** A fresh URL; `{why}` when the service could not be reached (retried); throws when it refused. */
  async #freshUrl(): Promise<string | { why: string }> {
    try {
      return await this.#request.refreshUrl(this.#request.signal);
    } catch (error) {
      this.#request.signal.throwIfAborted();
      const status = statusOf(error);
      if (status !== null && [401, 402, 403, 404].includes(status)) {
        throw new TransferError('refused', `${this.#name}: the service refused a fresh download link (${messageOf(error)})`, resolutionOf(error) ?? 'Check the API key and the plan, then try again.');
      }
      return { why: `could not ask the service for a fresh download link (${messageOf(error)})` };
    }
  }

  /** Takes the part's lock; another program writing it is said as it is (a ContractError, not retried). */
  async #holdPart(): Promise<void> {
    try {
      this.#lock = await this.#lockPart(this.#part);
    } catch (error) {
      if (!(error instanceof PartBusyError)) throw error;
      throw contractError(
        'unavailable',
        null,
        `${this.#name} is being downloaded by another program on this library (process ${error.pid})`,
        'Wait for that download to finish (its file then counts here too), or stop it, then retry.',
      );
    }
  }

  async #ensureFolder(): Promise<void> {
    const ensure = this.#request.ensureFolder;
    if (ensure === undefined) await mkdir(this.#folder, { recursive: true });
    else await ensure(this.#folder);
  }

  #typed(error: unknown): TransferError {
    const signal = this.#request.signal;
    if (signal.aborted) {
      return isPause(signal.reason)
        ? new TransferError('paused', `${this.#name}: paused at ${this.#offset} bytes`, 'Resume the download to continue from there.')
        : new TransferError('cancelled', `${this.#name}: cancelled`, 'Download it again to start over.');
    }
    if (error instanceof TransferError) return error;
    if (isNoSpace(error)) return this.#diskFull(null);
    return new TransferError('network', `${this.#name}: ${messageOf(error)}`, 'Try the download again.');
  }
}

/** Whether an abort reason means "pause" (`'pause'`, or an Error whose message is 'pause'). */
export function isPause(reason: unknown): boolean {
  return reason === pauseReason || (reason instanceof Error && reason.message === pauseReason);
}

function parseContentRange(header: string | undefined): { start: number; end: number; total: number | null } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(header?.trim() ?? '');
  if (match !== null) {
    const total = match[3] === '*' ? null : Number(match[3]);
    return { start: Number(match[1]), end: Number(match[2]), total };
  }
  const unsatisfied = /^bytes \*\/(\d+)$/.exec(header?.trim() ?? '');
  return unsatisfied === null ? null : { start: -1, end: -1, total: Number(unsatisfied[1]) };
}

function contentLength(response: IncomingMessage): number | null {
  const header = response.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  } finally {
    await handle.close();
  }
}

function isNoSpace(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error.code === 'ENOSPC' || error.code === 'EDQUOT');
}

function statusOf(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' ? error.status : null;
}

function resolutionOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'resolution' in error && typeof error.resolution === 'string' ? error.resolution : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < mib) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * mib) return `${(bytes / mib).toFixed(1)} MiB`;
  return `${(bytes / 1024 / mib).toFixed(2)} GiB`;
}

/** The failure kinds that keep the `.part` for a later resume. */
export const resumableKinds: ReadonlySet<TransferFailureKind> = new Set(['paused', 'network', 'server', 'expired', 'refused']);

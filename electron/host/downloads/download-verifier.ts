import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import { LineSplitter, LineTooLongError, type LineSink } from '../../codec/line-splitter.ts';
import { SnapshotRecordDecoder } from '../../codec/records/record-decoder.ts';
import { defaultZstdDecompressor, type ZstdDecompressor } from '../../codec/zstd/zstd-decompressor.ts';
import { ZstdFrameWalker } from '../../codec/zstd/zstd-frame-walker.ts';
import { ZstdStreamError } from '../../codec/zstd/zstd-stream-error.ts';

/** Why downloaded bytes are not a whole, readable snapshot file. */
export class SnapshotVerificationError extends Error {
  override readonly name = 'SnapshotVerificationError';
}

/** Checks a snapshot file as its bytes arrive: every zstd frame complete, every line a record. */
export interface SnapshotVerifier {
  /** Feeds the next bytes (not kept by the caller after); resolves when there is room for more. Rejects once the bytes are known bad. */
  push(chunk: Uint8Array): Promise<void>;
  /** Ends the input; resolves with the records decoded, or rejects with SnapshotVerificationError. */
  finish(): Promise<{ records: number }>;
  /** Stops decoding; later calls reject. */
  abandon(): void;
}

/** Makes a fresh verifier for one pass over a file's bytes (named in messages). */
export type SnapshotVerifierFactory = (name: string) => SnapshotVerifier;

/** Options of the streaming verifier. */
export interface StreamingVerifierOptions {
  decompressor?: ZstdDecompressor;
  /** Compressed bytes waiting for the decoder before `push` waits (bounds memory). */
  maxQueuedBytes?: number;
  /**
   * false: only decompress (libzstd checks each frame, and its content checksum when the frame has
   * one) and count lines, without decoding records. For measuring what the full decode costs.
   */
  decodeRecords?: boolean;
}

const abandoned = new SnapshotVerificationError('the verification was stopped');

/**
 * Verifies on the same event loop as the transfer: the zstd frame walker checks every frame's
 * structure synchronously as chunks are pushed, and a decode task (zstd → lines → the F2 record
 * decoder, strict) drains a bounded queue of the same chunks.
 */
export function streamingVerifier(name: string, options: StreamingVerifierOptions = {}): SnapshotVerifier {
  const maxQueued = options.maxQueuedBytes ?? 8 * 1024 * 1024;
  const decompressor = options.decompressor ?? defaultZstdDecompressor();
  const walker = new ZstdFrameWalker();
  const queue: Uint8Array[] = [];
  let queued = 0;
  let total = 0;
  let ended = false;
  let failure: SnapshotVerificationError | null = null;
  let wakeDecoder: (() => void) | null = null;
  let wakeFeeder: (() => void) | null = null;
  const wake = (): void => {
    const resume = wakeDecoder;
    wakeDecoder = null;
    resume?.();
  };
  // Read through a call: the decode task sets it while `push` awaits.
  const failed = (): SnapshotVerificationError | null => failure;
  const wakeFeed = (): void => {
    const resume = wakeFeeder;
    wakeFeeder = null;
    resume?.();
  };

  async function* source(): AsyncGenerator<Uint8Array, void, undefined> {
    for (;;) {
      if (failure !== null) throw failure;
      const next = queue.shift();
      if (next !== undefined) {
        queued -= next.length;
        if (queued <= maxQueued) wakeFeed();
        yield next;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wakeDecoder = resolve));
    }
  }

  const decoded = (async (): Promise<number> => {
    const splitter = new LineSplitter();
    // Every line is checked as strictly as a decode that builds records, but none is built.
    const decoder = new SnapshotRecordDecoder(name, { recordsWanted: false });
    let lines = 0;
    const sink: LineSink =
      options.decodeRecords === false
        ? () => {
            lines++;
          }
        : (bytes, start, end, line, byteOffset) => {
            decoder.decodeLine(bytes, start, end, line, byteOffset);
          };
    try {
      for await (const out of decompressor.decompress(source())) splitter.push(out, sink);
      splitter.finish(sink);
      return options.decodeRecords === false ? lines : decoder.recordCount;
    } catch (error) {
      failure ??= new SnapshotVerificationError(describe(name, error, decoder.recordCount));
      wakeFeed();
      throw failure;
    }
  })();
  // The failure is also reported through push/finish; never leave this promise unhandled.
  decoded.catch(() => undefined);

  return {
    async push(chunk) {
      if (failure !== null) throw failure;
      if (chunk.length === 0) return;
      try {
        const pieces = walker.pieces(chunk);
        while (pieces.next().done !== true);
      } catch (error) {
        failure = new SnapshotVerificationError(describe(name, error, 0));
        wake();
        throw failure;
      }
      total += chunk.length;
      queue.push(chunk);
      queued += chunk.length;
      wake();
      while (queued > maxQueued && failed() === null) await new Promise<void>((resolve) => (wakeFeeder = resolve));
      const late = failed();
      if (late !== null) throw late;
    },
    async finish() {
      if (failure !== null) throw failure;
      ended = true;
      wake();
      if (total === 0) {
        failure = new SnapshotVerificationError(`${name}: the file is empty (0 bytes)`);
        throw failure;
      }
      const records = await decoded;
      if (!walker.betweenFrames) throw new SnapshotVerificationError(`${name}: the file ends inside a zstd frame (truncated)`);
      return { records };
    },
    abandon() {
      failure ??= abandoned;
      ended = true;
      wake();
      wakeFeed();
    },
  };
}

function describe(name: string, error: unknown, records: number): string {
  if (error instanceof SnapshotVerificationError) return error.message;
  if (error instanceof SnapshotDecodeError) return error.message;
  if (error instanceof ZstdStreamError) {
    return error.reason === 'truncated'
      ? `${name}: the file ends inside a zstd frame (truncated) after ${records} records`
      : `${name}: damaged zstd data after ${records} records (${error.message})`;
  }
  if (error instanceof LineTooLongError) return `${name}: ${error.message}`;
  return `${name}: ${error instanceof Error ? error.message : String(error)}`;
}

import type { FileHandle } from 'node:fs/promises';
import { openRegularFile } from '../base/regular-file.ts';
import { basename } from 'node:path';
import { SnapshotDecodeError, type SnapshotErrorKind, type SnapshotErrorShape } from '../../shared/snapshot/decode-errors.ts';
import type { DecodeProgress, SnapshotSummary } from '../../shared/snapshot/decode-summary.ts';
import type { SnapshotRecord } from '../../shared/snapshot/records.ts';
import { LineSplitter, LineTooLongError, type LineSink } from './line-splitter.ts';
import type { SeekPoint } from './zstd/seek-points.ts';
import { DecodedLineOutput } from './records/decoded-line-output.ts';
import { SnapshotRecordDecoder, type RecordDecoderOptions } from './records/record-decoder.ts';
import { ZstdStreamError, defaultZstdDecompressor, type ZstdDecompressor } from './zstd/zstd-decompressor.ts';
import { sniffZstd } from './zstd/zstd-magic.ts';

/** Where the compressed bytes come from: a file on disk, or bytes in memory (tests, downloads). */
export type SnapshotInput = { path: string } | { bytes: Uint8Array; name: string };

/** Options of one decode pass. */
export interface SnapshotReadOptions extends Omit<RecordDecoderOptions, 'lines'> {
  /**
   * Decodes to `mde decode`'s JSON lines instead of records: after each decompressed chunk, the
   * lines of its records are handed over as UTF-8 bytes (awaited, so a slow writer slows the
   * decode), and no record batches are yielded.
   */
  onText?: (text: Buffer) => void | Promise<void>;
  /** Stops the decode with a `cancelled` error at the next chunk. */
  signal?: AbortSignal;
  /** Called after each compressed chunk is read. */
  onProgress?: (progress: DecodeProgress) => void;
  /** Compressed bytes per read; small values exercise chunk boundaries in tests. */
  chunkSize?: number;
  /** A smaller first read, doubling up to `chunkSize`: the first records come out sooner (the file viewer's first rows). */
  firstChunkSize?: number;
  /** Defaults to the fastest decompressor this runtime has. */
  decompressor?: ZstdDecompressor;
  /**
   * Sees every non-blank line with what it decoded to (null: framing or skipped), while its bytes
   * `bytes[start, end)` are valid; the file viewer keeps the raw text of records from here.
   */
  onLine?: (record: SnapshotRecord | null, bytes: Buffer, start: number, end: number, byteOffset: number) => void;
  /**
   * Where to go on from once the first line has told the format (and the v2 header): a seek point
   * of this very file version, at or before `fromLine`. It is used only when the file still has
   * the size and modification time it had when the point was found (bytes in memory: the size),
   * and when the lines read to learn the format end before it; else the file is read from its start.
   */
  seek?: SnapshotSeek;
}

/** A seek point, and the file version it was found in. */
export interface SnapshotSeek extends SeekPoint {
  fileSize: number;
  fileMtimeMs: number;
}

/** The outcome of a whole decode as a value: the summary, and the error if it stopped early. */
export type SnapshotDecodeResult =
  | { ok: true; summary: SnapshotSummary }
  | { ok: false; error: SnapshotErrorShape; summary: SnapshotSummary };

const defaultChunkSize = 1024 * 1024;
/** The first read before a seek: enough for the first line (a v2 header is its own small frame in the simulator's files). */
const seekFirstChunk = 16 * 1024;

/**
 * Streams a `.jsonl.zst` snapshot file as batches of typed records (bytes → zstd → lines →
 * records), in constant memory and file order. Iterating throws SnapshotDecodeError on a bad
 * file; `summary()` tells what was found either way.
 */
export class SnapshotReader implements AsyncIterable<SnapshotRecord[]> {
  private readonly file: string;
  private readonly decoder: SnapshotRecordDecoder;
  private readonly splitter = new LineSplitter();
  private readonly lines: DecodedLineOutput | null;
  private compressedBytes = 0;
  private totalBytes = 0;

  constructor(
    private readonly input: SnapshotInput,
    private readonly options: SnapshotReadOptions = {},
  ) {
    this.file = 'path' in input ? input.path : input.name;
    this.lines = options.onText === undefined ? null : new DecodedLineOutput();
    this.decoder = new SnapshotRecordDecoder(this.file, this.lines === null ? options : { ...options, lines: this.lines });
  }

  /** What the decode has found so far (complete once iteration ends). */
  summary(): SnapshotSummary {
    return this.decoder.summary({
      lines: this.splitter.lines,
      compressedBytes: this.compressedBytes,
      decompressedBytes: this.splitter.bytes,
    });
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<SnapshotRecord[], void, undefined> {
    let batch: SnapshotRecord[] = [];
    const onLine = this.options.onLine;
    const sink: LineSink = (bytes, start, end, line, byteOffset) => {
      const record = this.decoder.decodeLine(bytes, start, end, line, byteOffset);
      onLine?.(record, bytes, start, end, byteOffset);
      if (record !== null) batch.push(record);
    };
    const decompressor = this.options.decompressor ?? defaultZstdDecompressor();
    const handle = 'path' in this.input ? await this.open(this.input.path) : null;
    try {
      let seek = await this.usableSeek(handle);
      let from = 0;
      reading: for (;;) {
        const firstChunk = seek === null ? this.options.firstChunkSize : seekFirstChunk;
        for await (const chunk of decompressor.decompress(this.compressedChunks(handle, from, firstChunk))) {
          this.splitter.push(chunk, sink);
          await this.handOverText();
          if (batch.length > 0) {
            yield batch;
            batch = [];
          }
          // Once the format is known, and while no line of the seek point's on has been read, go there.
          if (seek !== null && this.decoder.formatKnown && this.splitter.lines < seek.line - 1) {
            this.splitter.resumeAt(seek.line - 1, seek.textOffset);
            from = seek.byteOffset;
            seek = null;
            continue reading;
          }
        }
        break;
      }
      this.splitter.finish(sink);
      await this.handOverText();
      if (batch.length > 0) yield batch;
    } catch (error) {
      // Records decoded before the failure are real: hand them over, then report it.
      const typed = this.typed(error);
      await this.handOverText();
      if (batch.length > 0) yield batch;
      throw typed;
    } finally {
      await handle?.close();
    }
  }

  /** The seek option when it is of this file version and past the first line; else null. */
  private async usableSeek(handle: FileHandle | null): Promise<SnapshotSeek | null> {
    const seek = this.options.seek;
    // Lines between the first and the point are never read: only lines before `fromLine` may be.
    if (seek === undefined || seek.line <= 1 || seek.byteOffset <= 0 || seek.line > (this.options.fromLine ?? 0)) return null;
    if (handle === null) return 'bytes' in this.input && this.input.bytes.length === seek.fileSize ? seek : null;
    const info = await handle.stat();
    return info.size === seek.fileSize && info.mtimeMs === seek.fileMtimeMs ? seek : null;
  }

  /** Hands the decoded text written so far to `onText`. */
  private async handOverText(): Promise<void> {
    const text = this.lines?.take();
    if (text !== undefined && text !== null) await this.options.onText?.(text);
  }

  private async *compressedChunks(handle: FileHandle | null, from: number, firstChunkSize: number | undefined): AsyncGenerator<Uint8Array, void, undefined> {
    const chunkSize = this.options.chunkSize ?? defaultChunkSize;
    // The first four bytes decide "zstd or not" before anything reaches the decompressor.
    let held: Uint8Array[] = [];
    let heldBytes = 0;
    let sniffed = false;
    for await (const chunk of this.rawChunks(handle, chunkSize, from, firstChunkSize)) {
      if (this.options.signal?.aborted === true) throw this.fail('cancelled', `${this.file}: decoding was cancelled`);
      this.compressedBytes += chunk.length;
      this.options.onProgress?.({ bytesRead: this.compressedBytes, totalBytes: this.totalBytes, records: this.decoder.recordCount });
      if (sniffed) {
        yield chunk;
        continue;
      }
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes < 4) continue;
      this.checkMagic(held);
      sniffed = true;
      yield* held;
      held = [];
    }
    if (sniffed) return;
    if (heldBytes === 0) throw this.fail('empty-file', `${this.file}: the file is empty (0 bytes)`);
    this.checkMagic(held);
    throw this.fail('truncated', `${this.file}: truncated after 0 records, at line 1 (the file is only ${heldBytes} bytes)`);
  }

  private checkMagic(held: readonly Uint8Array[]): void {
    const head = concatHead(held);
    if (sniffZstd(head) === 'not-zstd') {
      throw this.fail('not-zstd', `${this.file}: not a zstd file (bad magic ${hex(head)}, expected 28 b5 2f fd)`);
    }
  }

  /** Opens the file, with a typed error when it cannot be read. */
  private async open(path: string): Promise<FileHandle> {
    let handle;
    try {
      handle = await openRegularFile(path);
      this.totalBytes = (await handle.stat()).size;
      return handle;
    } catch (error) {
      await handle?.close();
      const failure = this.fail('io', `${this.file}: cannot read the file (${error instanceof Error ? error.message : String(error)})`);
      // A refused FIFO, device or folder knows better advice than "check that it is readable".
      throw error instanceof SnapshotDecodeError ? new SnapshotDecodeError({ ...failure.toShape(), resolution: error.resolution }) : failure;
    }
  }

  /** The compressed bytes from `from` on: of the open file, or of the bytes in memory (`handle` null). */
  private async *rawChunks(handle: FileHandle | null, chunkSize: number, from: number, firstChunkSize: number | undefined): AsyncGenerator<Uint8Array, void, undefined> {
    if (handle === null) {
      if (!('bytes' in this.input)) return;
      const bytes = this.input.bytes;
      this.totalBytes = bytes.length;
      for (let offset = from; offset < bytes.length; offset += chunkSize) {
        yield bytes.subarray(offset, offset + chunkSize);
        // Let a cancel or another task in, as reading a file does.
        await Promise.resolve();
      }
      return;
    }
    let position = from;
    for (let size = Math.min(firstChunkSize ?? chunkSize, chunkSize); ; size = Math.min(size * 2, chunkSize)) {
      // A fresh buffer each time: a decompressor may hold on to its input.
      const buffer = Buffer.allocUnsafe(size);
      const { bytesRead } = await handle.read(buffer, 0, size, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  }

  private fail(kind: SnapshotErrorKind, message: string): SnapshotDecodeError {
    return new SnapshotDecodeError({
      kind,
      message,
      file: this.file,
      line: null,
      byteOffset: null,
      recordsDecoded: this.decoder.recordCount,
    });
  }

  private typed(error: unknown): SnapshotDecodeError {
    if (error instanceof SnapshotDecodeError) return error;
    const records = this.decoder.recordCount;
    const line = this.splitter.lines + 1;
    const at = { file: this.file, line, byteOffset: this.splitter.bytes, recordsDecoded: records };
    if (error instanceof ZstdStreamError && error.reason === 'truncated') {
      return new SnapshotDecodeError({ kind: 'truncated', message: `${this.file}: truncated after ${records} records, at line ${line}`, ...at });
    }
    if (error instanceof ZstdStreamError) {
      return new SnapshotDecodeError({
        kind: 'corrupt-zstd',
        message: `${this.file}: damaged zstd data after ${records} records, at line ${line} (${error.message})`,
        ...at,
      });
    }
    if (error instanceof LineTooLongError) {
      return new SnapshotDecodeError({
        kind: 'line-too-long',
        message: `${this.file}: line ${error.line} (byte offset ${error.byteOffset}) is longer than ${error.limit} bytes`,
        ...at,
        line: error.line,
        byteOffset: error.byteOffset,
      });
    }
    return new SnapshotDecodeError({ kind: 'io', message: `${this.file}: ${error instanceof Error ? error.message : String(error)}`, ...at });
  }
}

function concatHead(chunks: readonly Uint8Array[]): Uint8Array {
  const head = new Uint8Array(4);
  let length = 0;
  for (const chunk of chunks) {
    for (let i = 0; i < chunk.length && length < 4; i++) head[length++] = chunk[i] ?? 0;
  }
  return head.subarray(0, length);
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');
}

/**
 * Decodes a whole snapshot file, handing each batch of records to `onRecords` (awaited, so a slow
 * consumer slows the decode instead of filling memory). Never throws for a bad file: the result
 * is a value with the summary and, when it stopped early, the typed error.
 */
export async function decodeSnapshot(
  input: SnapshotInput,
  options: SnapshotReadOptions & { onRecords?: (records: SnapshotRecord[]) => void | Promise<void> } = {},
): Promise<SnapshotDecodeResult> {
  const reader = new SnapshotReader(input, options);
  try {
    for await (const batch of reader) await options.onRecords?.(batch);
    return { ok: true, summary: reader.summary() };
  } catch (error) {
    if (!(error instanceof SnapshotDecodeError)) throw error;
    return { ok: false, error: error.toShape(), summary: reader.summary() };
  }
}

/** A short display name for a file in messages. */
export function snapshotDisplayName(path: string): string {
  return basename(path);
}

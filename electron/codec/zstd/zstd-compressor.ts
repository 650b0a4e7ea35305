import { loadZstdNapi, type ZstdNapiBinding } from './zstd-napi-binding.ts';

let binding: ZstdNapiBinding | null | undefined;

/** zstd-napi when it is installed and loads (it is an optional dependency), else null. */
function napi(): ZstdNapiBinding | null {
  if (binding === undefined) {
    try {
      binding = loadZstdNapi();
    } catch {
      binding = null;
    }
  }
  return process.env['MDE_ZSTD'] === 'fzstd' ? null : binding;
}

/** Whether frames are really compressed here (zstd-napi loaded), or only stored. */
export function zstdCompressionAvailable(): boolean {
  return napi() !== null;
}

/** Raw blocks hold at most 128 KiB (zstd's Block_Maximum_Size). */
const maxRawBlock = 128 * 1024;

/**
 * A valid zstd frame whose blocks are stored, not compressed ("Raw_Block", RFC 8878 3.1.1.2): the
 * fallback when no zstd compressor could be installed. Every zstd reader decodes it.
 */
class StoredFrameEncoder {
  #started = false;
  #pending: Uint8Array[] = [];
  #pendingLength = 0;

  write(data: Uint8Array): Uint8Array<ArrayBuffer> {
    const parts: Uint8Array[] = [];
    if (!this.#started) {
      this.#started = true;
      // Magic, a descriptor with no content size and no checksum, and a 128 KiB window.
      parts.push(Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38));
    }
    this.#pending.push(data);
    this.#pendingLength += data.length;
    while (this.#pendingLength > maxRawBlock) {
      const joined = concatBytes(this.#pending);
      parts.push(rawBlock(joined.subarray(0, maxRawBlock), false));
      const rest = joined.slice(maxRawBlock);
      this.#pending = [rest];
      this.#pendingLength = rest.length;
    }
    return concatBytes(parts);
  }

  /** One whole frame of `data` whose header declares its content size (single segment, stored blocks). */
  frame(data: Uint8Array): Uint8Array<ArrayBuffer> {
    // Magic, a single-segment descriptor with a 4-byte content size and no checksum, the size.
    const head = new Uint8Array(9);
    head.set([0x28, 0xb5, 0x2f, 0xfd, 0xa0]);
    new DataView(head.buffer).setUint32(5, data.length, true);
    const parts: Uint8Array[] = [head];
    for (let offset = 0; offset < data.length || offset === 0; offset += maxRawBlock) {
      const end = Math.min(offset + maxRawBlock, data.length);
      parts.push(rawBlock(data.subarray(offset, end), end === data.length));
      if (end === data.length) break;
    }
    return concatBytes(parts);
  }

  end(): Uint8Array<ArrayBuffer> {
    const head = this.write(new Uint8Array(0));
    const last = rawBlock(concatBytes(this.#pending), true);
    this.#started = false;
    this.#pending = [];
    this.#pendingLength = 0;
    return concatBytes([head, last]);
  }
}

function rawBlock(content: Uint8Array, last: boolean): Uint8Array {
  const header = (content.length << 3) | (last ? 1 : 0);
  return concatBytes([Uint8Array.of(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff), content]);
}

/** How to compress: the zstd level and whether frames carry a content checksum. */
export interface ZstdCompressOptions {
  level?: number;
  checksum?: boolean;
}

/**
 * Writes one zstd frame incrementally, in constant memory: feed bytes with `write`, close the
 * frame with `end`. Each call returns the compressed bytes it produced (possibly none).
 */
export class ZstdFrameWriter {
  private readonly context: InstanceType<ZstdNapiBinding['CCtx']> | null = null;
  private readonly output: Uint8Array = new Uint8Array(0);
  private readonly directive: ZstdNapiBinding['EndDirective'] | null = null;
  private readonly stored: StoredFrameEncoder | null = null;

  constructor({ level = 3, checksum = true }: ZstdCompressOptions = {}) {
    const zstd = napi();
    if (zstd === null) {
      this.stored = new StoredFrameEncoder();
      return;
    }
    this.context = new zstd.CCtx();
    this.context.setParameter(zstd.CParameter.compressionLevel, level);
    this.context.setParameter(zstd.CParameter.checksumFlag, checksum ? 1 : 0);
    this.output = new Uint8Array(zstd.cStreamOutSize());
    this.directive = zstd.EndDirective;
  }

  /** Compresses `data`; returns the compressed bytes ready so far. */
  write(data: Uint8Array): Uint8Array<ArrayBuffer> {
    if (this.stored !== null || this.directive === null) return this.stored?.write(data) ?? new Uint8Array(0);
    return this.run(data, this.directive.continue);
  }

  /**
   * Compresses `data` as one whole frame whose header declares its content size (so a reader can
   * tell where each frame's text starts without decompressing it). Call between frames only.
   */
  frame(data: Uint8Array): Uint8Array<ArrayBuffer> {
    if (this.stored !== null || this.directive === null) return this.stored?.frame(data) ?? new Uint8Array(0);
    // ZSTD_e_end on a frame's first call: libzstd writes the content size into its header.
    return this.run(data, this.directive.end);
  }

  /** Closes the frame; returns its last bytes. The writer can then start a new frame. */
  end(): Uint8Array<ArrayBuffer> {
    if (this.stored !== null || this.directive === null) return this.stored?.end() ?? new Uint8Array(0);
    return this.run(new Uint8Array(0), this.directive.end);
  }

  private run(data: Uint8Array, directive: number): Uint8Array<ArrayBuffer> {
    const context = this.context;
    if (context === null || this.directive === null) return new Uint8Array(0);
    const parts: Uint8Array[] = [];
    let input = data;
    for (;;) {
      const [remaining, produced, consumed] = context.compressStream2(this.output, input, directive);
      if (produced > 0) parts.push(this.output.slice(0, produced));
      input = input.subarray(consumed);
      const done = directive === this.directive.end ? remaining === 0 : input.length === 0;
      if (done) break;
    }
    return concatBytes(parts);
  }
}

/** Compresses `data` into one complete zstd frame. */
export function compressZstdFrame(data: Uint8Array, options: ZstdCompressOptions = {}): Uint8Array<ArrayBuffer> {
  const writer = new ZstdFrameWriter(options);
  return concatBytes([writer.write(data), writer.end()]);
}

/** A skippable zstd frame (magic `0x184D2A5n`) carrying `payload`, which readers ignore. */
export function skippableZstdFrame(payload: Uint8Array, variant = 0): Uint8Array<ArrayBuffer> {
  const frame = new Uint8Array(8 + payload.length);
  const view = new DataView(frame.buffer);
  view.setUint32(0, 0x184d2a50 + (variant & 0xf), true);
  view.setUint32(4, payload.length, true);
  frame.set(payload, 8);
  return frame;
}

/** Joins byte arrays into one. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

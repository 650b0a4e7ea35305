import { createRequire } from 'node:module';

type ZstdNapiBinding = typeof import('zstd-napi/binding.js');

let binding: ZstdNapiBinding | undefined;

function napi(): ZstdNapiBinding {
  binding ??= createRequire(import.meta.url)('zstd-napi/binding.js') as ZstdNapiBinding;
  return binding;
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
  private readonly context: InstanceType<ZstdNapiBinding['CCtx']>;
  private readonly output: Uint8Array;
  private readonly directive: ZstdNapiBinding['EndDirective'];

  constructor({ level = 3, checksum = true }: ZstdCompressOptions = {}) {
    const zstd = napi();
    this.context = new zstd.CCtx();
    this.context.setParameter(zstd.CParameter.compressionLevel, level);
    this.context.setParameter(zstd.CParameter.checksumFlag, checksum ? 1 : 0);
    this.output = new Uint8Array(zstd.cStreamOutSize());
    this.directive = zstd.EndDirective;
  }

  /** Compresses `data`; returns the compressed bytes ready so far. */
  write(data: Uint8Array): Uint8Array<ArrayBuffer> {
    return this.run(data, this.directive.continue);
  }

  /** Closes the frame; returns its last bytes. The writer can then start a new frame. */
  end(): Uint8Array<ArrayBuffer> {
    return this.run(new Uint8Array(0), this.directive.end);
  }

  private run(data: Uint8Array, directive: number): Uint8Array<ArrayBuffer> {
    const parts: Uint8Array[] = [];
    let input = data;
    for (;;) {
      const [remaining, produced, consumed] = this.context.compressStream2(this.output, input, directive);
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

import { Decompress } from 'fzstd';
import { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { ZstdFrameWalker } from './zstd-frame-walker.ts';
import { loadZstdNapi, type ZstdNapiBinding } from './zstd-napi-binding.ts';
import { ZstdStreamError } from './zstd-stream-error.ts';

/**
 * A streaming zstd decompressor: compressed chunks in, decompressed chunks out, in constant
 * memory. Multi-frame input and skippable frames are handled by libzstd itself.
 *
 * A yielded chunk may be a view of a reused buffer: consume it before asking for the next one.
 */
export interface ZstdDecompressor {
  /** `node:zlib` (Electron's Node), `zstd-napi` (plain Node), or `fzstd` (pure JS, when neither loads). */
  readonly name: 'node:zlib' | 'zstd-napi' | 'fzstd';
  decompress(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array, void, undefined>;
}

export { ZstdStreamError } from './zstd-stream-error.ts';

/** `zlib.createZstdDecompress`, which this Node's types do not declare (Node 22.15+ and Electron's Node have it). */
type CreateZstdDecompress = (options?: zlib.ZlibOptions) => NodeJS.ReadWriteStream;

/** Whether zlib's `createZstdDecompress` is there: a function is all that can be checked before calling it. */
function isCreateZstdDecompress(value: unknown): value is CreateZstdDecompress {
  return typeof value === 'function';
}

const outputSize = 256 * 1024;
const empty = new Uint8Array(0);

function napiDecompressor(binding: ZstdNapiBinding): ZstdDecompressor {
  return {
    name: 'zstd-napi',
    async *decompress(source) {
      const context = new binding.DCtx();
      const output = new Uint8Array(outputSize);
      // libzstd's hint: 0 exactly when the last frame is complete.
      let hint = 0;
      let sawInput = false;
      for await (const chunk of source) {
        let input = chunk;
        while (input.length > 0) {
          let result: [number, number, number];
          try {
            result = context.decompressStream(output, input);
          } catch (error) {
            throw new ZstdStreamError('corrupt', error instanceof Error ? error.message : String(error));
          }
          const [next, produced, consumed] = result;
          if (produced === 0 && consumed === 0) throw new ZstdStreamError('corrupt', 'the zstd stream makes no progress');
          hint = next;
          sawInput = true;
          input = input.subarray(consumed);
          if (produced > 0) yield output.subarray(0, produced);
        }
        // Drain what is buffered inside the context while the output was full.
        for (;;) {
          const [next, produced] = context.decompressStream(output, empty);
          // With no input and nothing produced, the hint describes the next frame, not this one.
          if (produced === 0) break;
          hint = next;
          yield output.subarray(0, produced);
        }
      }
      if (sawInput && hint !== 0) throw new ZstdStreamError('truncated', 'the zstd stream ends inside a frame');
    },
  };
}

function zlibDecompressor(createZstdDecompress: CreateZstdDecompress): ZstdDecompressor {
  return {
    name: 'node:zlib',
    async *decompress(source) {
      const stream = Readable.from(source, { objectMode: false }).pipe(createZstdDecompress());
      try {
        for await (const chunk of stream) {
          // A stream without an encoding gives Buffers; text would mean it was set up wrong.
          if (typeof chunk === 'string') throw new Error('zlib gave text, not bytes');
          yield chunk;
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new ZstdStreamError(/unexpected end|truncat/i.test(message) ? 'truncated' : 'corrupt', message);
      }
    },
  };
}

/**
 * fzstd decodes every complete block of a push before it returns, so a push of a 1 MiB chunk of a
 * zstd bomb would materialize gigabytes. The frame walker cuts the input after each block, so
 * each push yields at most a few blocks (fzstd holds back the first 18 bytes of a frame), and the
 * pieces are handed on before the next push.
 */
function fzstdDecompressor(): ZstdDecompressor {
  return {
    name: 'fzstd',
    async *decompress(source) {
      let ready: Uint8Array[] = [];
      let ended = true;
      const stream = new Decompress((chunk, final) => {
        if (chunk.length > 0) ready.push(chunk);
        ended = final === true;
      });
      const walker = new ZstdFrameWalker();
      const push = (chunk: Uint8Array, final: boolean): void => {
        try {
          stream.push(chunk, final);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          throw new ZstdStreamError(/unexpected EOF|end/i.test(message) ? 'truncated' : 'corrupt', message);
        }
      };
      let sawInput = false;
      for await (const chunk of source) {
        if (chunk.length === 0) continue;
        sawInput = true;
        for (const piece of walker.pieces(chunk)) {
          ended = false;
          push(piece, false);
          const out = ready;
          ready = [];
          for (const block of out) yield block;
        }
      }
      if (!sawInput) return;
      if (!walker.betweenFrames) throw new ZstdStreamError('truncated', 'the zstd stream ends inside a frame');
      push(empty, true);
      const out = ready;
      ready = [];
      for (const block of out) yield block;
      if (!ended) throw new ZstdStreamError('truncated', 'the zstd stream ends inside a frame');
    },
  };
}

let chosen: ZstdDecompressor | undefined;

/** The pure-JS fzstd decompressor: slower, but needs nothing built at install. */
export function fzstdStreamDecompressor(): ZstdDecompressor {
  return fzstdDecompressor();
}

/** `zstd-napi` when it is installed and loads (it is an optional dependency), else null. */
function optionalNapiDecompressor(): ZstdDecompressor | null {
  try {
    return zstdNapiDecompressor();
  } catch {
    return null;
  }
}

/** Loads the `zstd-napi` decompressor (N-API, libzstd built at install). */
export function zstdNapiDecompressor(): ZstdDecompressor {
  return napiDecompressor(loadZstdNapi());
}

/** The `node:zlib` decompressor, or null when this runtime's zlib has no zstd. */
export function zlibZstdDecompressor(): ZstdDecompressor | null {
  const create: unknown = Reflect.get(zlib, 'createZstdDecompress');
  return isCreateZstdDecompress(create) ? zlibDecompressor(create) : null;
}

/**
 * The fastest decompressor this runtime has: `node:zlib` zstd when present (Electron's Node),
 * else `zstd-napi`, which measured about 6× fzstd on this machine (see ARCHITECTURE.md), else
 * fzstd when zstd-napi could not be built at install. `MDE_ZSTD=fzstd` forces the fallback.
 */
export function defaultZstdDecompressor(): ZstdDecompressor {
  if (process.env['MDE_ZSTD'] === 'fzstd') return fzstdDecompressor();
  chosen ??= zlibZstdDecompressor() ?? optionalNapiDecompressor() ?? fzstdDecompressor();
  return chosen;
}

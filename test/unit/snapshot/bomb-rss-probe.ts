import { Decompress } from 'fzstd';
import { decodeSnapshot } from '../../../electron/codec/snapshot-reader.ts';
import { fzstdStreamDecompressor, zstdNapiDecompressor, type ZstdDecompressor } from '../../../electron/codec/zstd/zstd-decompressor.ts';
import { rleFrame } from './zstd-bomb.ts';

// Child-process probe for the bomb tests and the decode bench: decodes a hand-built RLE bomb of
// GIBIBYTES GiB of BYTE with one decompressor and prints the outcome and this process's peak RSS
// as JSON. `fzstd-whole-chunks` drives fzstd as it was before the frame walker (the bench's
// baseline). Usage: tsx bomb-rss-probe.ts fzstd|zstd-napi|fzstd-whole-chunks BYTE GIBIBYTES

/** fzstd fed each compressed chunk whole: every block of the chunk is decoded before one is handed on. */
const wholeChunks: ZstdDecompressor = {
  name: 'fzstd',
  async *decompress(source) {
    for await (const chunk of source) {
      const ready: Uint8Array[] = [];
      new Decompress((piece) => ready.push(piece)).push(chunk, true);
      yield* ready;
    }
  },
};

const [name, byte, gibibytes] = process.argv.slice(2);
const decompressor = name === 'fzstd' ? fzstdStreamDecompressor() : name === 'fzstd-whole-chunks' ? wholeChunks : zstdNapiDecompressor();
const bomb = rleFrame(Number(byte), Number(gibibytes) * 2 ** 30);
const started = performance.now();
const result = await decodeSnapshot({ bytes: bomb, name: 'bomb.jsonl.zst' }, { decompressor });
console.log(
  JSON.stringify({
    decompressor: decompressor.name,
    bombBytes: bomb.length,
    seconds: (performance.now() - started) / 1000,
    // maxRSS is in KiB.
    peakRssMb: (process.resourceUsage().maxRSS * 1024) / 1e6,
    error: result.ok ? null : result.error,
    summary: result.summary,
  }),
);

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SnapshotErrorShape } from '../../../shared/snapshot/decode-errors.ts';
import type { SnapshotSummary } from '../../../shared/snapshot/decode-summary.ts';
import { ZstdFrameWalker, maxWindowBytes } from '../../../electron/codec/zstd/zstd-frame-walker.ts';
import { ZstdStreamError, fzstdStreamDecompressor, zstdNapiDecompressor, type ZstdDecompressor } from '../../../electron/codec/zstd/zstd-decompressor.ts';
import { concatBytes } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { decodeBytes, zst } from './decode-helpers.ts';
import { blockBytes, rleBlockEnds, rleFrame, rleFrameWithDamage } from './zstd-bomb.ts';

const decompressors: [string, () => ZstdDecompressor][] = [
  ['fzstd', fzstdStreamDecompressor],
  ['zstd-napi', zstdNapiDecompressor],
];

interface ProbeOutput {
  peakRssMb: number;
  error: SnapshotErrorShape | null;
  summary: SnapshotSummary;
}

/** Decodes a 1 GiB RLE bomb in a fresh process and reads its peak RSS (memory, not timing). */
function probe(decompressor: string, byte: number): ProbeOutput {
  const script = join(import.meta.dirname, 'bomb-rss-probe.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, decompressor, String(byte), '1'], { encoding: 'utf8' });
  return JSON.parse(output) as ProbeOutput;
}

const peakRssLimitMb = 300;

describe('zstd bombs cost bounded memory', () => {
  for (const [name] of decompressors) {
    it(`${name}: 1 GiB of zeros (32 KiB compressed) stays under ${peakRssLimitMb} MB and stops at line 1 as too long`, () => {
      const run = probe(name, 0);
      expect(run.peakRssMb).toBeLessThan(peakRssLimitMb);
      expect(run.error).toMatchObject({ kind: 'line-too-long', file: 'bomb.jsonl.zst', line: 1, byteOffset: 0 });
      expect(run.error?.message).toBe('bomb.jsonl.zst: line 1 (byte offset 0) is longer than 67108864 bytes');
      // It stopped at the limit instead of inflating the whole gibibyte first.
      expect(run.summary.decompressedBytes).toBeLessThan(2 ** 30);
    });

    it(`${name}: 1 GiB of newlines stays under ${peakRssLimitMb} MB and counts every blank line`, () => {
      const run = probe(name, 0x0a);
      expect(run.peakRssMb).toBeLessThan(peakRssLimitMb);
      expect(run.error).toBeNull();
      expect(run.summary).toMatchObject({ lines: 2 ** 30, decompressedBytes: 2 ** 30, records: 0, format: null });
    });
  }
});

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let offset = 0; offset < bytes.length; offset += size) {
    yield bytes.subarray(offset, offset + size);
    await Promise.resolve();
  }
}

describe('decompressors hand output on in bounded pieces', () => {
  for (const [name, make] of decompressors) {
    it(`${name}: yields the blocks before a damaged block, a block at a time, then reports the damage`, async () => {
      const goodBlocks = 200;
      const source = rleFrameWithDamage(0x41, goodBlocks);
      let delivered = 0;
      let largest = 0;
      const error = await (async () => {
        // The whole file is one chunk, as a 1 MiB read of a small bomb would be.
        for await (const piece of make().decompress(Readable.from([source]))) {
          delivered += piece.length;
          largest = Math.max(largest, piece.length);
        }
      })().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ZstdStreamError);
      expect((error as ZstdStreamError).reason).toBe('corrupt');
      // libzstd may still hold the last two blocks in its 256 KiB output when it meets the damage.
      expect(delivered).toBeGreaterThanOrEqual((goodBlocks - 2) * blockBytes);
      expect(delivered).toBeLessThanOrEqual(goodBlocks * blockBytes);
      expect(largest).toBeLessThanOrEqual(2 * blockBytes);
    });

    it(`${name}: refuses a frame that asks for a window over 128 MiB, before decoding it`, async () => {
      // Exponent 20, mantissa 7: a 1.875 GiB window, which fzstd would allocate and rewrite per block.
      const bomb = rleFrame(0x0a, 4 * blockBytes, { windowDescriptor: (20 << 3) | 7 });
      const { result } = await decodeBytes(bomb, { decompressor: make() });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.error.kind).toBe('corrupt-zstd');
      expect(result.error.message).toContain('test.jsonl.zst: damaged zstd data after 0 records, at line 1');
      expect(result.summary.decompressedBytes).toBe(0);
    });
  }

  it('reads a run of RLE blocks through fzstd one 128 KiB block at a time, whatever the read size', async () => {
    const bomb = rleFrame(0x0a, 64 * blockBytes);
    for (const readSize of [1, 3, 1 << 20]) {
      let total = 0;
      let count = 0;
      for await (const piece of fzstdStreamDecompressor().decompress(inChunks(bomb, readSize))) {
        expect(piece.length).toBeLessThanOrEqual(blockBytes);
        expect(piece.every((byte) => byte === 0x0a)).toBe(true);
        total += piece.length;
        count++;
      }
      expect(total).toBe(64 * blockBytes);
      expect(count).toBe(64);
    }
  });
});

describe('zstd frame walker', () => {
  const pieceEnds = (walker: ZstdFrameWalker, chunks: Uint8Array[]): number[] => {
    const ends: number[] = [];
    let offset = 0;
    for (const chunk of chunks) {
      for (const piece of walker.pieces(chunk)) {
        offset += piece.length;
        ends.push(offset);
      }
    }
    return ends;
  };

  it('cuts right after each block, so no piece completes two blocks', () => {
    const frame = rleFrame(0x20, 10 * blockBytes + 5);
    const blockEnds = rleBlockEnds(frame);
    expect(blockEnds).toHaveLength(11);
    // The magic is handed on alone once it is known to be a zstd frame's.
    expect(pieceEnds(new ZstdFrameWalker(), [frame])).toEqual([4, ...blockEnds]);
    // Read a byte at a time, every block end is still a cut.
    const bytewise = pieceEnds(new ZstdFrameWalker(), Array.from(frame, (byte) => Uint8Array.of(byte)));
    expect(bytewise.filter((end) => blockEnds.includes(end))).toEqual(blockEnds);
  });

  it('drops skippable frames, passes checksums, and knows when the stream is between frames', () => {
    const skippable = Uint8Array.of(0x5e, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 1, 2, 3);
    const checked = rleFrame(0x31, 100);
    checked[4] = 0x04; // Content_Checksum_flag: 4 checksum bytes follow the last block.
    const stream = concatBytes([skippable, checked, Uint8Array.of(9, 9, 9, 9), rleFrame(0x32, 10)]);
    const walker = new ZstdFrameWalker();
    const pieces = [stream.subarray(0, 20), stream.subarray(20)].flatMap((chunk) => [...walker.pieces(chunk)].map((piece) => piece.slice()));
    // Everything but the skippable frame is handed on, in order.
    expect(concatBytes(pieces)).toEqual(stream.subarray(skippable.length));
    // The first frame's only block ends at byte 21 of the stream (10 of what is handed on): a cut.
    const ends = pieces.map((_, i) => pieces.slice(0, i + 1).reduce((sum, piece) => sum + piece.length, 0));
    expect(ends).toContain(21 - skippable.length);
    expect(ends.at(-1)).toBe(stream.length - skippable.length);
    expect(walker.betweenFrames).toBe(true);
    const cut = new ZstdFrameWalker();
    pieceEnds(cut, [stream.subarray(0, stream.length - 1)]);
    expect(cut.betweenFrames).toBe(false);
  });

  it(`accepts a window of exactly ${maxWindowBytes / 2 ** 20} MiB and refuses the next size up`, () => {
    const walk = (descriptor: number) => () => [...new ZstdFrameWalker().pieces(rleFrame(0, 1, { windowDescriptor: descriptor }))];
    expect(walk(17 << 3)).not.toThrow();
    expect(walk((17 << 3) | 1)).toThrow(/asks for a 144 MiB window, more than the 128 MiB/);
  });

  it('refuses a reserved block type and a block over 128 KiB', () => {
    expect(() => [...new ZstdFrameWalker().pieces(rleFrameWithDamage(0, 1))]).toThrow(/reserved block type/);
    const oversized = rleFrame(0, 1);
    const header = ((blockBytes + 1) << 3) | (1 << 1) | 1;
    oversized.set([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff], 6);
    expect(() => [...new ZstdFrameWalker().pieces(oversized)]).toThrow(/more than the 131072/);
  });
});

describe('skippable frames', () => {
  // 10,000 empty skippable frames (8 bytes each: magic 0x184D2A5n, size 0), then data, then more.
  const skippables = (count: number): Uint8Array => {
    const bytes = new Uint8Array(count * 8);
    for (let i = 0; i < count; i++) bytes.set([0x50 + (i % 16), 0x2a, 0x4d, 0x18, 0, 0, 0, 0], i * 8);
    return bytes;
  };
  const text = '{"a":1}\n{"b":2}\n';
  const data = zst(text);

  for (const [name, make] of decompressors) {
    for (const chunkSize of [1 << 20, 4096, 5]) {
      it(`${name}: reads any number of them, in chunks of ${chunkSize} bytes`, async () => {
        const file = concatBytes([skippables(10_000), new Uint8Array(data), skippables(10_000)]);
        let out = '';
        const decoder = new TextDecoder();
        for await (const piece of make().decompress(inChunks(file, chunkSize))) out += decoder.decode(piece, { stream: true });
        expect(out).toBe(text);
        // A file of nothing but skippable frames holds nothing, and is complete.
        let none = 0;
        for await (const piece of make().decompress(inChunks(skippables(10_000), chunkSize))) none += piece.length;
        expect(none).toBe(0);
      });
    }
  }
});

/**
 * Hand-built zstd frames (RFC 8878) for hostile-input tests: a frame of RLE blocks costs 4 bytes
 * per 128 KiB of output, so 1 GiB of one repeated byte is a 32 KiB file.
 */

/** The most a zstd block holds (Block_Maximum_Size). */
export const blockBytes = 128 * 1024;

/** Options of a hand-built RLE frame. */
export interface RleFrameOptions {
  /** The Window_Descriptor byte (exponent << 3 | mantissa); 0x38 is a 128 KiB window. */
  windowDescriptor?: number;
  /** Output bytes per block (at most 128 KiB). */
  blockSize?: number;
}

function blockHeader(type: 0 | 1 | 2 | 3, size: number, last: boolean): number[] {
  const header = (size << 3) | (type << 1) | (last ? 1 : 0);
  return [header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff];
}

/** One zstd frame whose blocks are all RLE: `totalBytes` copies of `byte`. */
export function rleFrame(byte: number, totalBytes: number, { windowDescriptor = 0x38, blockSize = blockBytes }: RleFrameOptions = {}): Uint8Array {
  const blocks = Math.max(1, Math.ceil(totalBytes / blockSize));
  const frame = new Uint8Array(6 + blocks * 4);
  frame.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, windowDescriptor]);
  for (let i = 0; i < blocks; i++) {
    const size = Math.min(blockSize, totalBytes - i * blockSize);
    frame.set([...blockHeader(1, size, i === blocks - 1), byte], 6 + i * 4);
  }
  return frame;
}

/** Where each block of `rleFrame(…)` ends in the frame: 6 header bytes, then 4 bytes a block. */
export function rleBlockEnds(frame: Uint8Array): number[] {
  const ends: number[] = [];
  for (let end = 10; end <= frame.length; end += 4) ends.push(end);
  return ends;
}

/** A frame of `goodBlocks` RLE blocks of `byte`, then a block of the reserved type 3 (damage). */
export function rleFrameWithDamage(byte: number, goodBlocks: number): Uint8Array {
  const good = rleFrame(byte, goodBlocks * blockBytes);
  // Clear the last-block flag of the final good block: the damaged block follows it.
  good[good.length - 4] = (good[good.length - 4] ?? 0) & 0xfe;
  const damaged = new Uint8Array(good.length + 4);
  damaged.set(good);
  damaged.set([...blockHeader(3, 1, true), 0], good.length);
  return damaged;
}

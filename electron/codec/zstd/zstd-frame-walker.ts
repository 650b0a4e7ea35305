import { ZstdStreamError } from './zstd-stream-error.ts';

/**
 * The largest window a frame may ask for: libzstd's default limit (ZSTD_WINDOWLOG_LIMIT_DEFAULT,
 * 2^27), so the pure-JS path accepts exactly the frames zstd-napi accepts. fzstd allocates the
 * declared window up front (up to ~2 GiB) and rewrites all of it for every block.
 */
export const maxWindowBytes = 2 ** 27;

/** Block_Maximum_Size (RFC 8878 3.1.1.2.3): no block decodes to more than this. */
export const maxBlockBytes = 128 * 1024;

const zstdMagic = 0xfd2fb528;
const skippableMagicHigh = 0x184d2a5;

/** A zstd frame's start in the stream and the content size its header declares (null: not declared). */
export type FrameStartListener = (offset: number, contentSize: number | null) => void;

type Part = 'magic' | 'skippable-size' | 'frame-header' | 'block-header' | 'block-body' | 'checksum' | 'skip';

function littleEndian(bytes: Uint8Array, start: number, length: number): number {
  let value = 0;
  for (let i = length - 1; i >= 0; i--) value = value * 256 + (bytes[start + i] ?? 0);
  return value;
}

/**
 * Follows the frame and block structure of a zstd stream (RFC 8878) without decoding it, and cuts
 * the compressed bytes right after each block. A decoder fed one piece at a time then produces at
 * most one block (128 KiB) per piece, however much a small input expands. It also refuses, before
 * any decoding, frames whose window is over the limit, dictionary frames and reserved block types.
 */
export class ZstdFrameWalker {
  private part: Part = 'magic';
  private readonly head = new Uint8Array(18);
  private headLength = 0;
  /** Header bytes the current part needs, or body bytes still to pass over. */
  private needed = 4;
  private lastBlock = false;
  private hasChecksum = false;
  /** Where the chunk being walked starts in the stream. */
  private position = 0;
  /** Where the frame whose magic is being read starts in the stream. */
  private frameAt = 0;

  /** With `onFrame`, each zstd frame's start and declared content size is told once its header is read. */
  constructor(private readonly onFrame?: FrameStartListener) {}

  /** Whether the bytes so far end exactly between two frames (so a stream may end here). */
  get betweenFrames(): boolean {
    return this.part === 'magic' && this.headLength === 0;
  }

  /**
   * Splits the zstd frames' bytes of `chunk` into consecutive pieces, each ending at most one
   * block end after the previous one. Skippable frames are passed over and never handed on (a
   * decoder that recursed once per skippable frame overflowed its stack on 10,000 of them); a
   * frame's magic is handed on once it is known to be a zstd frame's. Throws
   * ZstdStreamError('corrupt') at the first header it refuses.
   */
  *pieces(chunk: Uint8Array): Generator<Uint8Array, void, undefined> {
    let start = 0;
    let p = 0;
    const length = chunk.length;
    while (p < length) {
      if (this.part === 'magic' && this.headLength === 0) this.frameAt = this.position + p;
      if (this.part === 'skip') {
        const take = Math.min(this.needed, length - p);
        p += take;
        start = p;
        this.needed -= take;
        if (this.needed > 0) break;
        this.expect('magic', 4);
        continue;
      }
      if (this.part === 'block-body' || this.part === 'checksum') {
        const take = Math.min(this.needed, length - p);
        p += take;
        this.needed -= take;
        if (this.needed > 0) break;
        if (this.part === 'block-body') {
          this.afterBlock();
          yield chunk.subarray(start, p);
          start = p;
        } else this.expect('magic', 4);
        continue;
      }
      // A magic or a skippable frame's size is held back until the frame is known.
      const held = this.part === 'magic' || this.part === 'skippable-size';
      if (held && start < p) {
        yield chunk.subarray(start, p);
        start = p;
      }
      const take = Math.min(this.needed - this.headLength, length - p);
      this.head.set(chunk.subarray(p, p + take), this.headLength);
      this.headLength += take;
      p += take;
      if (held) start = p;
      if (this.headLength === this.needed) {
        const part = this.part;
        this.readHeader();
        if (part === 'magic' && this.part === 'frame-header') yield Uint8Array.of(...this.head.subarray(0, 4));
      }
    }
    this.position += length;
    if (start < length) yield chunk.subarray(start);
  }

  private expect(part: Part, bytes: number): void {
    this.part = part;
    this.needed = bytes;
    this.headLength = 0;
  }

  private readHeader(): void {
    const head = this.head;
    switch (this.part) {
      case 'magic': {
        const magic = littleEndian(head, 0, 4);
        if (magic === zstdMagic) this.expect('frame-header', 1);
        else if (Math.floor(magic / 16) === skippableMagicHigh) this.expect('skippable-size', 4);
        else throw new ZstdStreamError('corrupt', 'unknown frame magic: not a zstd frame');
        return;
      }
      case 'skippable-size': {
        const size = littleEndian(head, 0, 4);
        if (size === 0) this.expect('magic', 4);
        else this.expect('skip', size);
        return;
      }
      case 'frame-header':
        this.readFrameHeader();
        return;
      default:
        this.readBlockHeader();
    }
  }

  private readFrameHeader(): void {
    const descriptor = this.head[0] ?? 0;
    const singleSegment = (descriptor & 0x20) !== 0;
    const contentSizeFlag = descriptor >> 6;
    const dictionaryFlag = descriptor & 3;
    const contentSizeBytes = contentSizeFlag === 0 ? (singleSegment ? 1 : 0) : 1 << contentSizeFlag;
    const dictionaryBytes = dictionaryFlag === 3 ? 4 : dictionaryFlag;
    const headerBytes = 1 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes;
    if (this.needed === 1 && headerBytes > 1) {
      // Now that the descriptor says how long the header is, wait for the rest of it.
      this.needed = headerBytes;
      return;
    }
    if ((descriptor & 0x08) !== 0) throw new ZstdStreamError('corrupt', 'the frame header sets a reserved bit');
    if (dictionaryBytes > 0 && littleEndian(this.head, singleSegment ? 1 : 2, dictionaryBytes) !== 0) {
      throw new ZstdStreamError('corrupt', 'the frame needs a zstd dictionary, which snapshot files never use');
    }
    let window: number;
    if (singleSegment) {
      window = littleEndian(this.head, headerBytes - contentSizeBytes, contentSizeBytes) + (contentSizeBytes === 2 ? 256 : 0);
    } else {
      const windowDescriptor = this.head[1] ?? 0;
      const base = 2 ** (10 + (windowDescriptor >> 3));
      window = base + (base / 8) * (windowDescriptor & 7);
    }
    if (window > maxWindowBytes) {
      throw new ZstdStreamError(
        'corrupt',
        `the frame asks for a ${(window / 2 ** 20).toFixed(0)} MiB window, more than the ${maxWindowBytes / 2 ** 20} MiB a zstd decoder allows by default`,
      );
    }
    this.hasChecksum = (descriptor & 0x04) !== 0;
    this.expect('block-header', 3);
    if (this.onFrame !== undefined) {
      const size = contentSizeBytes === 0 ? null : littleEndian(this.head, headerBytes - contentSizeBytes, contentSizeBytes) + (contentSizeBytes === 2 ? 256 : 0);
      this.onFrame(this.frameAt, size);
    }
  }

  private readBlockHeader(): void {
    const header = littleEndian(this.head, 0, 3);
    this.lastBlock = (header & 1) === 1;
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    if (type === 3) throw new ZstdStreamError('corrupt', 'a block has the reserved block type');
    if (size > maxBlockBytes) throw new ZstdStreamError('corrupt', `a block is ${size} bytes, more than the ${maxBlockBytes} a zstd block may hold`);
    const body = type === 1 ? 1 : size;
    if (body > 0) {
      this.expect('block-body', body);
      return;
    }
    this.afterBlock();
  }

  private afterBlock(): void {
    if (!this.lastBlock) this.expect('block-header', 3);
    else if (this.hasChecksum) this.expect('checksum', 4);
    else this.expect('magic', 4);
  }
}

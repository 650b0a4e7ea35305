import { ZstdFrameWalker } from './zstd-frame-walker.ts';

/**
 * A place in a file where reading can start without decompressing what comes before it: a zstd
 * frame that starts exactly where a line starts (files written in several frames, each declaring
 * its content size, such as the simulator's).
 */
export interface SeekPoint {
  /** The 1-based line the frame starts with. */
  line: number;
  /** Where the frame starts in the compressed file. */
  byteOffset: number;
  /** Where the line starts in the decompressed text. */
  textOffset: number;
}

/** Seek points closer together (or to the file's start) than this are not kept: a file of one frame per line keeps a few. */
export const minSeekSpacing = 256 * 1024;

/**
 * Finds a file's seek points while it is read once: hand it every compressed chunk (before it is
 * decompressed) and every line's start. A frame's text offset is known from the content sizes of
 * the frames before it, so points stop at the first frame that does not declare its size; a
 * stream the walker refuses has no further points (the decoder reports what is wrong with it).
 */
export class SeekPointFinder {
  readonly #points: SeekPoint[] = [];
  /** Frame starts not yet matched to a line (text and compressed offsets), in order. */
  #pending: { textOffset: number; byteOffset: number }[] = [];
  #head = 0;
  /** Text offset where the next frame starts; null once a frame did not declare its size. */
  #nextText: number | null = 0;
  #walker: ZstdFrameWalker | null;

  constructor(private readonly spacing = minSeekSpacing) {
    this.#walker = new ZstdFrameWalker((offset, contentSize) => this.#frame(offset, contentSize));
  }

  /** Walks a compressed chunk's frame headers (the chunk is not kept). */
  compressed(chunk: Uint8Array): void {
    const walker = this.#walker;
    if (walker === null) return;
    try {
      // The pieces are not needed: walking them is what reads the frame headers.
      for (const pieces = walker.pieces(chunk); pieces.next().done !== true; );
    } catch {
      this.#walker = null;
    }
  }

  /** A non-blank line starts at `textOffset` in the decompressed text. */
  line(line: number, textOffset: number): void {
    for (let frame = this.#pending[this.#head]; frame !== undefined && frame.textOffset <= textOffset; frame = this.#pending[++this.#head]) {
      // A frame that starts inside a line (or at a blank one) is passed over.
      if (frame.textOffset < textOffset) continue;
      const last = this.#points[this.#points.length - 1];
      if (line > 1 && textOffset - (last?.textOffset ?? 0) >= this.spacing) this.#points.push({ line, byteOffset: frame.byteOffset, textOffset });
    }
    if (this.#head === this.#pending.length) {
      this.#pending = [];
      this.#head = 0;
    }
  }

  /** The seek points found so far, in line order. */
  get points(): readonly SeekPoint[] {
    return this.#points;
  }

  #frame(byteOffset: number, contentSize: number | null): void {
    if (this.#nextText === null) return;
    this.#pending.push({ textOffset: this.#nextText, byteOffset });
    this.#nextText = contentSize === null ? null : this.#nextText + contentSize;
  }
}

/** The last seek point at or before `line` (binary search over points in line order); undefined when none is. */
export function seekPointBefore(points: readonly SeekPoint[], line: number): SeekPoint | undefined {
  let low = 0;
  let high = points.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((points[mid]?.line ?? Number.POSITIVE_INFINITY) <= line) low = mid + 1;
    else high = mid;
  }
  return points[low - 1];
}

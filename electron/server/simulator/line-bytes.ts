/**
 * Receives file text in order; the hour file compresses it as it arrives. A sink with `bytes`
 * gets UTF-8 chunks instead of strings (a reused buffer: consume it during the call).
 */
export interface TextSink {
  write(text: string): void;
  bytes?: (chunk: Uint8Array) => void;
}

const chunkBytes = 1 << 20;
/** "00", "01", ... "99" as byte pairs. */
const digitPairs = Uint8Array.from({ length: 200 }, (_, i) => 48 + (i % 2 === 0 ? Math.floor(i / 20) : (i >> 1) % 10));
const encoder = new TextEncoder();

/** The UTF-8 bytes of a constant piece of text, for `LineBytes.raw`. */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * File lines built as UTF-8 straight into one reused buffer, handed to the sink in chunks of about
 * a megabyte that end at a line's end: no per-line strings to join, flatten and encode. A sink
 * without `bytes` gets each chunk decoded to a string.
 */
export class LineBytes {
  readonly #sink: TextSink;
  #buffer = Buffer.allocUnsafe(chunkBytes);
  #used = 0;
  #lineStart = 0;
  /** Lines ended so far. */
  count = 0;

  constructor(sink: TextSink) {
    this.#sink = sink;
  }

  /** Makes room for `bytes` more bytes of the current line. */
  reserve(bytes: number): void {
    if (this.#used + bytes <= this.#buffer.length) return;
    this.flush();
    if (this.#used + bytes > this.#buffer.length) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * this.#buffer.length, this.#used + bytes));
      this.#buffer.copy(bigger, 0, 0, this.#used);
      this.#buffer = bigger;
    }
  }

  /** Appends constant bytes (reserve first). */
  raw(bytes: Uint8Array): void {
    const length = bytes.length;
    if (length > 64) {
      this.#buffer.set(bytes, this.#used);
      this.#used += length;
      return;
    }
    // A plain loop beats TypedArray#set's call overhead for the short pieces of a row.
    const buffer = this.#buffer;
    let at = this.#used;
    for (let i = 0; i < length; i++) buffer[at++] = bytes[i] ?? 0;
    this.#used = at;
  }

  /** Appends an integer in decimal (reserve 21 bytes first); anything else as `String(value)`. */
  int(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.text(String(value));
      return;
    }
    // Two digits at a time, in 32-bit arithmetic: the high part, then the low nine digits padded.
    const high = value < 1e9 ? value : Math.floor(value / 1e9);
    let width = 1;
    for (let power = 10; power <= high; power *= 10) width++;
    const at = this.#used;
    this.#digits(high, at + width, width);
    if (value < 1e9) {
      this.#used = at + width;
      return;
    }
    this.#digits(value - high * 1e9, at + width + 9, 9);
    this.#used = at + width + 9;
  }

  /** Writes the last `count` decimal digits of `value` (< 2^31) to end just before `end`. */
  #digits(value: number, end: number, count: number): void {
    const buffer = this.#buffer;
    let n = value;
    let at = end;
    let left = count;
    while (left >= 2) {
      const quotient = (n / 100) | 0;
      const pair = 2 * (n - quotient * 100);
      buffer[--at] = digitPairs[pair + 1] ?? 48;
      buffer[--at] = digitPairs[pair] ?? 48;
      n = quotient;
      left -= 2;
    }
    if (left === 1) buffer[at - 1] = 48 + (n % 10);
  }

  /** Appends text as UTF-8 (reserves its room). */
  text(value: string): void {
    this.reserve(3 * value.length);
    this.#used += this.#buffer.write(value, this.#used, 'utf8');
  }

  /** Ends the current line. */
  endLine(): void {
    this.reserve(1);
    this.#buffer[this.#used++] = 10;
    this.#lineStart = this.#used;
    this.count++;
  }

  /** Hands the finished lines to the sink. */
  flush(): void {
    const end = this.#lineStart;
    if (end === 0) return;
    if (this.#sink.bytes !== undefined) this.#sink.bytes(this.#buffer.subarray(0, end));
    else this.#sink.write(this.#buffer.toString('utf8', 0, end));
    this.#buffer.copyWithin(0, end, this.#used);
    this.#used -= end;
    this.#lineStart = 0;
  }
}

/**
 * Receives file text in order; the hour file compresses it as it arrives. A sink with `bytes`
 * gets UTF-8 chunks instead of strings (a reused buffer: consume it during the call).
 */
export interface TextSink {
  write(text: string): void;
  bytes?: (chunk: Uint8Array) => void;
}

const chunkBytes = 1 << 20;
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
    let width = 1;
    for (let power = 10; power <= value; power *= 10) width++;
    const buffer = this.#buffer;
    let at = this.#used + width;
    this.#used = at;
    let n = value;
    while (n >= 10) {
      const next = Math.floor(n / 10);
      buffer[--at] = 48 + (n - next * 10);
      n = next;
    }
    buffer[at - 1] = 48 + n;
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

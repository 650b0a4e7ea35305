/** Receives one non-blank line: `bytes[start, end)` without its line ending. */
export type LineSink = (bytes: Buffer, start: number, end: number, line: number, byteOffset: number) => void;

/** Thrown when a line grows past the limit without a newline: not a snapshot file. */
export class LineTooLongError extends Error {
  override readonly name = 'LineTooLongError';
  constructor(
    readonly line: number,
    readonly byteOffset: number,
    readonly limit: number,
  ) {
    super(`line ${line} is longer than ${limit} bytes`);
  }
}

const newline = 0x0a;
const carriageReturn = 0x0d;
const space = 0x20;
const tab = 0x09;

function isBlank(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const byte = bytes[i];
    if (byte !== space && byte !== tab && byte !== carriageReturn) return false;
  }
  return true;
}

/**
 * Splits decompressed bytes into lines, in constant memory. Works on bytes, so a chunk boundary
 * inside a multi-byte UTF-8 character is harmless: only the unfinished tail of a line is carried
 * over to the next chunk. Strips a trailing CR (CRLF files) and skips blank lines; line numbers
 * and byte offsets count every line, blank ones too.
 */
export class LineSplitter {
  private carry: Buffer = Buffer.allocUnsafe(64 * 1024);
  private carryLength = 0;
  private lineNumber = 0;
  private offset = 0;

  constructor(private readonly maxLineBytes = 64 * 1024 * 1024) {}

  /** Lines completed so far (blank ones included). */
  get lines(): number {
    return this.lineNumber;
  }

  /** Bytes taken in so far. */
  get bytes(): number {
    return this.offset + this.carryLength;
  }

  /** Whether an unfinished line is waiting for more bytes. */
  get hasPartialLine(): boolean {
    return this.carryLength > 0;
  }

  /**
   * Drops any unfinished line and goes on as if `lines` lines and `bytes` bytes had been taken in:
   * the next chunk starts line `lines + 1` at that offset (a reader that moved to a seek point).
   */
  resumeAt(lines: number, bytes: number): void {
    this.carryLength = 0;
    this.lineNumber = lines;
    this.offset = bytes;
  }

  /** Feeds one chunk; calls `sink` for every non-blank line it completes. The chunk is not kept. */
  push(chunk: Uint8Array, sink: LineSink): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const length = bytes.length;
    let start = 0;
    if (this.carryLength > 0) {
      const end = bytes.indexOf(newline);
      if (end < 0) {
        this.appendCarry(bytes, 0, length);
        return;
      }
      this.appendCarry(bytes, 0, end);
      this.emit(this.carry, 0, this.carryLength, sink);
      this.offset += 1;
      this.carryLength = 0;
      start = end + 1;
    }
    while (start < length) {
      // A run of blank lines is counted in one tight loop: no call and no work per line after it.
      let p = start;
      let lineStart = start;
      let blankLines = 0;
      while (p < length) {
        const byte = bytes[p];
        if (byte === newline) {
          blankLines++;
          lineStart = p + 1;
        } else if (byte !== space && byte !== tab && byte !== carriageReturn) break;
        p++;
      }
      this.lineNumber += blankLines;
      this.offset += lineStart - start;
      start = lineStart;
      if (p === length) break;
      const end = bytes.indexOf(newline, p);
      if (end < 0) break;
      this.emit(bytes, start, end, sink);
      this.offset += 1;
      start = end + 1;
    }
    if (start < length) this.appendCarry(bytes, start, length);
  }

  /** Ends the input: a last line without a newline is still a line. */
  finish(sink: LineSink): void {
    if (this.carryLength === 0) return;
    this.emit(this.carry, 0, this.carryLength, sink);
    this.carryLength = 0;
  }

  private emit(bytes: Buffer, start: number, end: number, sink: LineSink): void {
    this.lineNumber++;
    const lineOffset = this.offset;
    this.offset += end - start;
    const contentEnd = end > start && bytes[end - 1] === carriageReturn ? end - 1 : end;
    if (contentEnd === start || isBlank(bytes, start, contentEnd)) return;
    sink(bytes, start, contentEnd, this.lineNumber, lineOffset);
  }

  private appendCarry(bytes: Buffer, start: number, end: number): void {
    const needed = this.carryLength + (end - start);
    if (needed > this.maxLineBytes) throw new LineTooLongError(this.lineNumber + 1, this.offset, this.maxLineBytes);
    if (needed > this.carry.length) {
      const grown = Buffer.allocUnsafe(Math.min(Math.max(needed, this.carry.length * 2), this.maxLineBytes));
      this.carry.copy(grown, 0, 0, this.carryLength);
      this.carry = grown;
    }
    bytes.copy(this.carry, this.carryLength, start, end);
    this.carryLength = needed;
  }
}

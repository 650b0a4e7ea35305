const openBrace = 0x7b;
const closeBrace = 0x7d;

function isJsonSpace(byte: number | undefined): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

/**
 * Whether `bytes[start, end)` could be a JSON object: its first and last bytes other than JSON
 * whitespace (after a UTF-8 byte order mark, which the text decoder drops) are `{` and `}`. A line
 * that fails this is no record, whatever else it holds, and needs no parse to say so.
 */
export function looksLikeJsonObject(bytes: Uint8Array, start: number, end: number): boolean {
  let first = start;
  if (bytes[first] === 0xef && bytes[first + 1] === 0xbb && bytes[first + 2] === 0xbf) first += 3;
  while (first < end && isJsonSpace(bytes[first])) first++;
  let last = end - 1;
  while (last > first && isJsonSpace(bytes[last])) last--;
  return last > first && bytes[first] === openBrace && bytes[last] === closeBrace;
}

/** Rejected lines longer than this are not remembered: their own length amortizes a parse. */
const maxRememberedBytes = 256;

/**
 * The last short line the decoder rejected. A compression bomb repeats one line, so a line with
 * the same bytes gets the same verdict (a rejected line changes no decoder state) without a
 * JSON.parse and an exception each time, which cost microseconds per line.
 */
export class RejectedLineMemory {
  private readonly bytes = new Uint8Array(maxRememberedBytes);
  private length = -1;

  /** Keeps a copy of `bytes[start, end)` when it is short enough. */
  remember(bytes: Uint8Array, start: number, end: number): void {
    if (end - start > maxRememberedBytes) {
      this.length = -1;
      return;
    }
    this.bytes.set(bytes.subarray(start, end));
    this.length = end - start;
  }

  /** Drops the remembered line (the decoder's state changed, so its verdict may too). */
  forget(): void {
    this.length = -1;
  }

  /** Whether `bytes[start, end)` is the remembered line. */
  repeats(bytes: Uint8Array, start: number, end: number): boolean {
    if (end - start !== this.length) return false;
    for (let i = 0; i < this.length; i++) if (bytes[start + i] !== this.bytes[i]) return false;
    return true;
  }
}

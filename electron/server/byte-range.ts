/** What a `Range` header asks of an object of `size` bytes: all of it, one slice, or nothing it has. */
export type ByteRangeAnswer = { kind: 'whole' } | { kind: 'slice'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a `Range` header as object storage does (RFC 9110 14.1.2): one `bytes=N-`, `bytes=N-M` or
 * `bytes=-S` range; an end past the object is clipped; a start at or past its end is unsatisfiable.
 * A header it does not understand, or several ranges, is ignored and the whole object is served.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'slice', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'slice', start, end };
}

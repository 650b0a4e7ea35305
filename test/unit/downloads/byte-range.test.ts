import { describe, expect, it } from 'vitest';
import { byteRangeOf } from '../../../electron/server/byte-range.ts';

describe('byteRangeOf (RFC 9110 single byte ranges)', () => {
  it('reads open, closed and suffix ranges of a 1000-byte object', () => {
    expect(byteRangeOf('bytes=0-', 1000)).toEqual({ kind: 'slice', start: 0, end: 999 });
    expect(byteRangeOf('bytes=400-', 1000)).toEqual({ kind: 'slice', start: 400, end: 999 });
    expect(byteRangeOf('bytes=10-19', 1000)).toEqual({ kind: 'slice', start: 10, end: 19 });
    expect(byteRangeOf('bytes=990-5000', 1000)).toEqual({ kind: 'slice', start: 990, end: 999 });
    expect(byteRangeOf('bytes=-100', 1000)).toEqual({ kind: 'slice', start: 900, end: 999 });
    expect(byteRangeOf('bytes=-5000', 1000)).toEqual({ kind: 'slice', start: 0, end: 999 });
  });

  it('a start at or past the end is unsatisfiable', () => {
    expect(byteRangeOf('bytes=1000-', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=2000-3000', 1000)).toEqual({ kind: 'unsatisfiable' });
    expect(byteRangeOf('bytes=-0', 1000)).toEqual({ kind: 'unsatisfiable' });
  });

  it('no header, several ranges, other units and reversed ranges mean the whole object', () => {
    for (const header of [undefined, 'bytes=1-2,4-5', 'items=0-3', 'bytes=9-3', 'bytes=-', 'bytes=a-']) {
      expect(byteRangeOf(header, 1000)).toEqual({ kind: 'whole' });
    }
  });
});

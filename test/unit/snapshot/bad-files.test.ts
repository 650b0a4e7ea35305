import { describe, expect, it } from 'vitest';
import { snapshotErrorKinds } from '../../../shared/snapshot/decode-errors.ts';
import { compressZstdFrame, concatBytes } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { decodeBytes, fixtureText, zst } from './decode-helpers.ts';

const encoder = new TextEncoder();
const good = fixtureText('v2-book-trades.jsonl');

function errorOf(result: Awaited<ReturnType<typeof decodeBytes>>['result']) {
  if (result.ok) throw new Error('expected the decode to fail');
  return result.error;
}

describe('files that are not snapshot files', () => {
  it('reports an empty file', async () => {
    const error = errorOf((await decodeBytes(new Uint8Array(0), {}, 'empty.jsonl.zst')).result);
    expect(error.kind).toBe('empty-file');
    expect(error.message).toContain('empty.jsonl.zst');
  });

  it('reports bad magic for a file that is not zstd, even read one byte at a time', async () => {
    for (const chunkSize of [1, 1024]) {
      const error = errorOf((await decodeBytes(encoder.encode(good), { chunkSize }, 'plain.jsonl')).result);
      expect(error.kind).toBe('not-zstd');
      expect(error.message).toContain('bad magic 7b 22 63 6f');
    }
  });

  it('reports an unknown schema_version in the header, naming it', async () => {
    const error = errorOf((await decodeBytes(zst(fixtureText('v3-header.jsonl')), { lenient: true })).result);
    expect(error.kind).toBe('unknown-schema-version');
    expect(error.message).toContain('"v3"');
    expect(error.line).toBe(1);
  });
});

describe('truncated and damaged zstd', () => {
  it('reports truncation at every cut point, with records and line so far', async () => {
    const file = zst(good.repeat(3));
    const full = await decodeBytes(file);
    expect(full.result.ok).toBe(true);
    for (let cut = 1; cut < file.length; cut += 3) {
      const { records, result } = await decodeBytes(file.subarray(0, cut), { chunkSize: 97 });
      const error = errorOf(result);
      expect(error.kind).toBe('truncated');
      expect(error.recordsDecoded).toBe(records.length);
      expect(error.message).toMatch(new RegExp(`truncated after ${records.length} records, at line \\d+`));
      // Whatever came out before the cut is a prefix of the real records.
      expect(records).toEqual(full.records.slice(0, records.length));
    }
  });

  it('reports truncation of the second frame of a multi-frame file', async () => {
    const file = concatBytes([zst(good), zst(good)]);
    const { records, result } = await decodeBytes(file.subarray(0, file.length - 5));
    expect(errorOf(result).kind).toBe('truncated');
    expect(records.length).toBeGreaterThanOrEqual(7);
  });

  it('never returns wrong records for bit flips: they are caught by the checksum or the line parser', async () => {
    const file = zst(good);
    const full = await decodeBytes(file);
    let failures = 0;
    for (let offset = 0; offset < file.length; offset++) {
      const flipped = file.slice();
      flipped[offset] = (flipped[offset] ?? 0) ^ (1 << offset % 8);
      const { records, result } = await decodeBytes(flipped);
      if (result.ok) expect(records).toEqual(full.records);
      else {
        failures++;
        expect(snapshotErrorKinds).toContain(result.error.kind);
        expect(['not-zstd', 'truncated', 'corrupt-zstd', 'malformed-line']).toContain(result.error.kind);
      }
    }
    expect(failures).toBeGreaterThan(file.length / 2);
  });

  it('reports garbage after the last frame as damaged data', async () => {
    const error = errorOf((await decodeBytes(concatBytes([zst(good), encoder.encode('trailing junk')]))).result);
    expect(error.kind).toBe('corrupt-zstd');
  });
});

describe('malformed lines', () => {
  const lines = good.trimEnd().split('\n');
  const withGarbage = [...lines.slice(0, 3), '{"collector_timestamp":1,', ...lines.slice(3, 5), '[1,2,3]', ...lines.slice(5)].join('\n');

  it('stops a v2 file at the first malformed line with file, line, byte offset and reason', async () => {
    const { records, result } = await decodeBytes(zst(withGarbage), {}, 'book.jsonl.zst');
    const error = errorOf(result);
    expect(error.kind).toBe('malformed-line');
    expect(error.line).toBe(4);
    const offset = lines.slice(0, 3).join('\n').length + 1;
    expect(error.byteOffset).toBe(offset);
    expect(error.message).toBe(`book.jsonl.zst: line 4 (byte offset ${offset}): ${error.message.split(': ').slice(2).join(': ')}`);
    expect(error.message).toContain('not valid JSON');
    expect(records).toHaveLength(2);
  });

  it('skips, counts and samples malformed lines in lenient mode', async () => {
    const { records, result } = await decodeBytes(zst(withGarbage), { lenient: true });
    expect(result.ok).toBe(true);
    expect(records).toHaveLength(7);
    expect(result.summary.skippedLines).toBe(2);
    expect(result.summary.skippedSamples).toEqual([
      expect.objectContaining({ line: 4, reason: expect.stringContaining('not valid JSON') as unknown }),
      expect.objectContaining({ line: 7, reason: 'not a JSON object' }),
    ]);
  });

  it('names the wrong field of a structurally valid line', async () => {
    const bad = good.replace('"is_snapshot":true', '"is_snapshot":"yes"');
    const error = errorOf((await decodeBytes(zst(bad))).result);
    expect(error.message).toContain('line 2');
    expect(error.message).toContain('data.is_snapshot must be true or false');
  });

  it('rejects invalid UTF-8 instead of replacing it', async () => {
    const bytes = encoder.encode(good);
    const at = bytes.indexOf(encoder.encode('mark_px')[0] ?? 0, 1500);
    const broken = bytes.slice();
    broken[at] = 0xff;
    const error = errorOf((await decodeBytes(compressZstdFrame(broken))).result);
    expect(error.kind).toBe('malformed-line');
    expect(error.message).toContain('not valid UTF-8');
  });

  it('stops a file whose first line is unreadable, since its format is unknown', async () => {
    const error = errorOf((await decodeBytes(zst(`garbage\n${good}`))).result);
    expect(error).toMatchObject({ kind: 'malformed-line', line: 1 });
  });
});

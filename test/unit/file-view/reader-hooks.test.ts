import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileGrants } from '../../../electron/host/files/file-grants.ts';
import { decodeSnapshot } from '../../../electron/codec/snapshot-reader.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// What the file viewer added to shared parts: the decoder's ramp of read sizes and its line hook,
// and the grants' listener that starts a spare viewer worker.
describe('the file viewer’s hooks into the decoder and the grants', () => {
  const tempDir = useTempDirs();

  it('reads 16 KiB first, then doubles up to the chunk size', async () => {
    const { compressZstdFrame } = await import('../../../electron/codec/zstd/zstd-compressor.ts');
    const path = join(await tempDir(), 'noise.jsonl.zst');
    // Random hex lines barely compress: the file is well over 16 + 32 + 64 + 64 KiB.
    const text = Array.from({ length: 4000 }, () => randomBytes(64).toString('hex')).join('\n');
    const bytes = compressZstdFrame(new TextEncoder().encode(text));
    expect(bytes.length).toBeGreaterThan(200 * 1024);
    await writeFile(path, bytes);
    const reads: number[] = [];
    let last = 0;
    await decodeSnapshot({ path }, { lenient: true, chunkSize: 64 * 1024, firstChunkSize: 16 * 1024, onProgress: ({ bytesRead }) => void (reads.push(bytesRead - last), (last = bytesRead)) });
    expect(reads.slice(0, 4)).toEqual([16 * 1024, 32 * 1024, 64 * 1024, 64 * 1024]);
  });

  it('shows every non-blank line to onLine with what it decoded to', async () => {
    const { compressZstdFrame } = await import('../../../electron/codec/zstd/zstd-compressor.ts');
    const text = [
      '{"collector_timestamp":1717203600000,"collector_sequence":0,"exchange_timestamp":null,"exchange_sequence":null,"source":"s","market":"m","type":"metadata","data":{"schema_version":"v2"}}',
      '',
      '{"collector_timestamp":1717203600100,"collector_sequence":1,"exchange_timestamp":null,"exchange_sequence":null,"source":"s","market":"m","type":"point","data":{"series":"mark_px","value":"1.5"}}',
    ].join('\n');
    const path = join(await tempDir(), 'f.jsonl.zst');
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(text)));
    const seen: [string | null, string, number][] = [];
    await decodeSnapshot({ path }, { onLine: (record, bytes, start, end, byteOffset) => seen.push([record?.type ?? null, bytes.toString('utf8', start, end), byteOffset]) });
    const lines = text.split('\n');
    expect(seen).toEqual([
      [null, lines[0], 0],
      ['point', lines[2], (lines[0]?.length ?? 0) + 2],
    ]);
  });

  it('tells listeners after a grant, never after a refused one', async () => {
    const grants = new FileGrants();
    let calls = 0;
    const stop = grants.onGranted(() => calls++);
    const path = join(await tempDir(), 'a.jsonl.zst');
    await writeFile(path, 'x');
    await grants.grant([path], 'dialog');
    await expect(grants.grant([join(path, 'missing')], 'dialog')).rejects.toThrow();
    expect(calls).toBe(1);
    stop();
    await grants.grant([path], 'dialog');
    expect(calls).toBe(1);
  });
});

import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { SnapshotDecodeError } from '../../../shared/snapshot/decode-errors.ts';
import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { demoDatasets } from '../../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../../electron/server/simulator/generate-hour.ts';
import { SnapshotReader } from '../../../electron/codec/snapshot-reader.ts';
import { compressZstdFrame, concatBytes, ZstdFrameWriter, zstdCompressionAvailable } from '../../../electron/codec/zstd/zstd-compressor.ts';
import { fzstdStreamDecompressor, zstdNapiDecompressor, type ZstdDecompressor } from '../../../electron/codec/zstd/zstd-decompressor.ts';

async function inflate(bytes: Uint8Array, decompressor: ZstdDecompressor): Promise<Buffer> {
  const parts: Buffer[] = [];
  const chunks: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += 7_001) chunks.push(bytes.subarray(i, i + 7_001));
  for await (const chunk of decompressor.decompress(Readable.from(chunks))) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts);
}

async function records(bytes: Uint8Array, decompressor?: ZstdDecompressor): Promise<SnapshotRecord[]> {
  const all: SnapshotRecord[] = [];
  for await (const batch of new SnapshotReader({ bytes, name: 'hour.jsonl.zst' }, decompressor === undefined ? {} : { decompressor })) all.push(...batch);
  return all;
}

const zstdCli = spawnSync('zstd', ['--version']).status === 0;
const text = Buffer.from(Array.from({ length: 9000 }, (_, i) => `{"line":${i},"pad":"${'x'.repeat(i % 50)}"}\n`).join(''));

describe('zstd without the native compressor (zstd-napi is an optional dependency)', () => {
  afterEach(() => {
    delete process.env['MDE_ZSTD'];
  });

  it('writes valid zstd frames with stored blocks, which every decoder reads back exactly', async () => {
    process.env['MDE_ZSTD'] = 'fzstd';
    expect(zstdCompressionAvailable()).toBe(false);
    const writer = new ZstdFrameWriter();
    const frames = concatBytes([writer.write(text.subarray(0, 100_000)), writer.write(text.subarray(100_000)), writer.end(), compressZstdFrame(new Uint8Array(0)), compressZstdFrame(text.subarray(0, 10))]);
    expect(Array.from(frames.subarray(0, 4))).toEqual([0x28, 0xb5, 0x2f, 0xfd]);
    const expected = Buffer.concat([text, text.subarray(0, 10)]);
    expect((await inflate(frames, zstdNapiDecompressor())).equals(expected)).toBe(true);
    expect((await inflate(frames, fzstdStreamDecompressor())).equals(expected)).toBe(true);
    if (zstdCli) {
      const cli = spawnSync('zstd', ['-dc'], { input: frames });
      expect(cli.status).toBe(0);
      expect(cli.stdout.equals(expected)).toBe(true);
    }
  });

  it('decodes a simulated hour with the pure-JS fzstd decompressor to the same records', async () => {
    const dataset = demoDatasets.find((d) => d.source === 'hyperliquid' && d.market === 'SOL');
    if (dataset === undefined) throw new Error('no dataset');
    const bytes = generateHourFile(4, dataset, Date.UTC(2026, 10, 18, 3), Date.UTC(2026, 10, 18, 3, 20));
    const viaNapi = await records(bytes);
    const viaFzstd = await records(bytes, fzstdStreamDecompressor());
    expect(viaFzstd.length).toBeGreaterThan(1000);
    expect(viaFzstd).toEqual(viaNapi);
  });

  it('reports a truncated stream as truncated with the fzstd decompressor too', async () => {
    const bytes = compressZstdFrame(text);
    const error = await records(bytes.subarray(0, Math.floor(bytes.length / 2)), fzstdStreamDecompressor()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SnapshotDecodeError);
    expect((error as SnapshotDecodeError).kind).toBe('truncated');
  });
});

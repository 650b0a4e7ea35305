import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decompress, decompress } from 'fzstd';
import { writeL2File, type L2FileResult } from '../../electron/server/simulator/l2-file-generator.ts';
import { SnapshotReader } from '../../electron/codec/snapshot-reader.ts';
import { defaultZstdDecompressor, fzstdStreamDecompressor, type ZstdDecompressor } from '../../electron/codec/zstd/zstd-decompressor.ts';
import { report, timed } from './measure.ts';

/** About 270 uncompressed bytes per event with the generator's defaults. */
const bytesPerEvent = 270;

function naiveDecode(path: string): number {
  const text = new TextDecoder().decode(decompress(readFileSync(path)));
  let records = 0;
  for (const line of text.split('\n')) {
    if (line.length === 0) continue;
    JSON.parse(line);
    records++;
  }
  return records;
}

async function streamingDecode(path: string): Promise<number> {
  let records = 0;
  for await (const batch of new SnapshotReader({ path })) records += batch.length;
  return records;
}

async function decompressOnly(path: string, decompressor: ZstdDecompressor = defaultZstdDecompressor()): Promise<number> {
  const bytes = readFileSync(path);
  async function* chunks(): AsyncGenerator<Uint8Array> {
    for (let offset = 0; offset < bytes.length; offset += 1 << 20) {
      yield bytes.subarray(offset, offset + (1 << 20));
      await Promise.resolve();
    }
  }
  let total = 0;
  for await (const chunk of decompressor.decompress(chunks())) total += chunk.length;
  return total;
}

function fzstdStreamingOnly(path: string): number {
  const bytes = readFileSync(path);
  let total = 0;
  const stream = new Decompress((chunk) => {
    total += chunk.length;
  });
  for (let offset = 0; offset < bytes.length; offset += 1 << 20) {
    stream.push(bytes.subarray(offset, offset + (1 << 20)), offset + (1 << 20) >= bytes.length);
  }
  return total;
}

function rssGrowth(mode: 'streaming' | 'naive', path: string): number {
  const probe = join(import.meta.dirname, 'decode-rss-probe.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', probe, mode, path], { encoding: 'utf8', maxBuffer: 1 << 20 });
  return (JSON.parse(output) as { rssGrowthMb: number }).rssGrowthMb;
}

async function generate(dir: string, name: string, megabytes: number): Promise<L2FileResult> {
  return writeL2File(join(dir, name), { seed: 20_240_101, events: Math.round((megabytes * 1e6) / bytesPerEvent) });
}

/** Snapshot decode: throughput against the naive fzstd + JSON.parse baseline, and RSS growth. */
export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-decode-'));
  try {
    const small = await generate(dir, 'l2-200mb.jsonl.zst', 200);
    const mb = small.uncompressedBytes / 1e6;
    console.log(
      `  input: ${mb.toFixed(0)} MB uncompressed (${(small.compressedBytes / 1e6).toFixed(1)} MB zstd), ${small.events.toLocaleString('en-US')} events, decompressor ${defaultZstdDecompressor().name}`,
    );
    const naive = await timed(() => naiveDecode(small.path));
    const ours = await timed(() => streamingDecode(small.path));
    const line = { higherIsBetter: true, baselineName: 'naive' };
    report({ ...line, name: 'decode + parse, MB/s uncompressed', value: mb / ours.seconds, unit: 'MB/s', baseline: mb / naive.seconds, target: '≥ ×2' });
    report({ ...line, name: 'decode + parse, records/s', value: ours.count / ours.seconds, unit: 'rec/s', baseline: naive.count / naive.seconds, target: '≥ ×2' });
    const napi = await timed(() => decompressOnly(small.path));
    const fzstd = await timed(() => fzstdStreamingOnly(small.path));
    report({ ...line, baselineName: 'fzstd', name: `decompress only (${defaultZstdDecompressor().name}), MB/s`, value: mb / napi.seconds, unit: 'MB/s', baseline: mb / fzstd.seconds });
    // The fallback feeds fzstd one block at a time (bounded memory on bombs): what does that cost?
    const walked = await timed(() => decompressOnly(small.path, fzstdStreamDecompressor()));
    report({ ...line, baselineName: 'fzstd', name: 'decompress only (fzstd, a block per push), MB/s', value: mb / walked.seconds, unit: 'MB/s', baseline: mb / fzstd.seconds, target: '≥ ×0.9' });

    const naiveRss = rssGrowth('naive', small.path);
    const rss200 = rssGrowth('streaming', small.path);
    report({ name: `peak RSS growth, ${mb.toFixed(0)} MB file`, value: rss200, unit: 'MB', baselineName: 'naive', baseline: naiveRss, higherIsBetter: false, target: '< 150 MB' });
    await rm(small.path);
    const large = await generate(dir, 'l2-800mb.jsonl.zst', 800);
    const rss800 = rssGrowth('streaming', large.path);
    report({
      name: `peak RSS growth, ${(large.uncompressedBytes / 1e6).toFixed(0)} MB file`,
      value: rss800,
      unit: 'MB',
      baselineName: `${mb.toFixed(0)} MB file`,
      baseline: rss200,
      higherIsBetter: false,
      target: '< 150 MB, flat',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { decodeSnapshot } from '../../electron/codec/snapshot-reader.ts';
import { ZstdFrameWriter, concatBytes, zstdCompressionAvailable } from '../../electron/codec/zstd/zstd-compressor.ts';
import { defaultZstdDecompressor, type ZstdDecompressor } from '../../electron/codec/zstd/zstd-decompressor.ts';
import { rleFrame } from '../unit/snapshot/zstd-bomb.ts';
import { report } from './measure.ts';

const gibibyte = 2 ** 30;

interface ProbeOutput {
  peakRssMb: number;
  seconds: number;
}

/** Peak RSS of a fresh process decoding an RLE bomb of `gibibytes` GiB of `byte` (bomb-rss-probe.ts). */
function probe(decompressor: string, byte: number, gibibytes: number): ProbeOutput {
  const script = join(import.meta.dirname, '..', 'unit', 'snapshot', 'bomb-rss-probe.ts');
  const output = execFileSync(process.execPath, ['--import', 'tsx', script, decompressor, String(byte), String(gibibytes)], { encoding: 'utf8' });
  return JSON.parse(output) as ProbeOutput;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
  await Promise.resolve();
}

/** Seconds of one run. */
async function seconds(operation: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await operation();
  return (performance.now() - started) / 1000;
}

/** The baseline a splitter is measured against: decompress, then find every newline with indexOf. */
async function indexOfScan(file: Uint8Array, decompressor: ZstdDecompressor): Promise<number> {
  let lines = 0;
  for await (const chunk of decompressor.decompress(once(file))) {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    for (let at = bytes.indexOf(0x0a); at >= 0; at = bytes.indexOf(0x0a, at + 1)) lines++;
  }
  return lines;
}

/** `megabytes` MiB of one junk line repeated, after a v2 header, compressed. */
function junkFile(line: string, megabytes: number): { file: Uint8Array; lines: number } {
  const unit = Buffer.from(`${line}\n`);
  const block = Buffer.alloc(Math.floor(2 ** 20 / unit.length) * unit.length);
  for (let at = 0; at < block.length; at += unit.length) unit.copy(block, at);
  const writer = new ZstdFrameWriter({ level: 1 });
  const parts = [writer.write(Buffer.from('{"type":"metadata","source":"bench","market":"BTC-USD","data":{"schema_version":"v2"}}\n'))];
  for (let i = 0; i < megabytes; i++) parts.push(writer.write(block));
  parts.push(writer.end());
  return { file: concatBytes(parts), lines: (megabytes * block.length) / unit.length };
}

/** Hostile input: peak RSS on zstd bombs, and the cost of runs of blank and junk lines. */
export async function run(): Promise<void> {
  const tiny = probe('zstd-napi', 0x0a, 2 ** -20);
  console.log(`  bombs: 1 GiB of one byte in RLE blocks = ${rleFrame(0, gibibyte).length.toLocaleString('en-US')} bytes; baseline RSS: the same probe on 1 KiB`);
  for (const decompressor of ['fzstd', 'zstd-napi']) {
    for (const [what, byte] of [['zeros', 0x00], ['newlines', 0x0a]] as const) {
      const bomb = probe(decompressor, byte, 1);
      report({ name: `peak RSS, 1 GiB of ${what} (${decompressor})`, value: bomb.peakRssMb, unit: 'MB', baselineName: '1 KiB', baseline: tiny.peakRssMb, higherIsBetter: false, target: '< 300 MB' });
    }
  }
  const before = probe('fzstd-whole-chunks', 0x00, 1);
  const after = probe('fzstd', 0x00, 1);
  report({ name: 'peak RSS, 1 GiB of zeros (fzstd, per block)', value: after.peakRssMb, unit: 'MB', baselineName: 'whole chunks', baseline: before.peakRssMb, higherIsBetter: false });

  const decompressor = defaultZstdDecompressor();
  const blank = rleFrame(0x0a, gibibyte);
  const ours = await seconds(() => decodeSnapshot({ bytes: blank, name: 'blank.jsonl.zst' }, { decompressor }));
  const scan = await seconds(() => indexOfScan(blank, decompressor));
  report({ name: `1 GiB of newlines: decode (${decompressor.name}), s`, value: ours, unit: 's', baselineName: 'indexOf scan', baseline: scan, higherIsBetter: false, target: '< 10 s' });

  if (!zstdCompressionAvailable()) {
    console.log('  junk lines: skipped (no zstd compressor to build the files)');
    return;
  }
  for (const line of ['x', '{}', '{"type":"trade"}']) {
    const junk = junkFile(line, 64);
    const lenient = await seconds(() => decodeSnapshot({ bytes: junk.file, name: 'junk.jsonl.zst' }, { lenient: true, decompressor }));
    const baseline = await seconds(() => indexOfScan(junk.file, decompressor));
    const perLine = (s: number): number => (s * 1e9) / junk.lines;
    report({ name: `lenient junk '${line}' lines, ns/line`, value: perLine(lenient), unit: 'ns', baselineName: 'indexOf scan', baseline: perLine(baseline), higherIsBetter: false });
  }
}

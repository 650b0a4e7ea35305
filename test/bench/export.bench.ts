import { rmSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExport, type ExportFormat } from '../../electron/host/export/export-run.ts';
import { writeL2File } from '../../electron/server/simulator/l2-file-generator.ts';
import { SnapshotReader } from '../../electron/codec/snapshot-reader.ts';
import { report, timed } from './measure.ts';

/** Export of a busy L2 file (book levels and trades, one row per level): Parquet and CSV rows/s beside the bare decode, in the same run. */
export async function run(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-export-'));
  try {
    const input = await writeL2File(join(dir, 'busy.jsonl.zst'), { seed: 20_240_601, events: 220_000 });
    const decode = await timed(async () => {
      let records = 0;
      for await (const batch of new SnapshotReader({ path: input.path })) records += batch.length;
      return records;
    });
    const exported = async (format: ExportFormat) => {
      const out = join(dir, `out.${format}`);
      const time = await timed(async () => {
        rmSync(out, { force: true });
        return (await runExport({ files: [input.path], types: ['orderbook', 'trade'], format, out })).rows;
      });
      return { ...time, bytes: statSync(out).size };
    };
    const parquet = await exported('parquet');
    const csv = await exported('csv');
    const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(`  input: ${input.events.toLocaleString('en-US')} events, ${mb(input.compressedBytes)} zstd (${mb(input.uncompressedBytes)} text) → ${parquet.count.toLocaleString('en-US')} rows`);
    console.log(`  output: Parquet ${mb(parquet.bytes)}, CSV ${mb(csv.bytes)}`);
    report({ name: 'decode only (records/s)', value: decode.count / decode.seconds, unit: 'rec/s', baselineName: 'itself', baseline: decode.count / decode.seconds, higherIsBetter: true });
    report({ name: 'export to Parquet (rows/s)', value: parquet.count / parquet.seconds, unit: 'rows/s', baselineName: 'CSV', baseline: csv.count / csv.seconds, higherIsBetter: true });
    report({ name: 'export to CSV (rows/s)', value: csv.count / csv.seconds, unit: 'rows/s', baselineName: 'Parquet', baseline: parquet.count / parquet.seconds, higherIsBetter: true });
    report({ name: 'Parquet size / CSV size', value: parquet.bytes, unit: 'B', baselineName: 'CSV', baseline: csv.bytes, higherIsBetter: false });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

import { execFileSync } from 'node:child_process';
import { demoDatasets, type SimulatedDataset } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile, generateHourInto } from '../../electron/server/simulator/generate-hour.ts';
import { ZstdFrameWriter, zstdCompressionAvailable } from '../../electron/codec/zstd/zstd-compressor.ts';
import { report } from './measure.ts';

// F11: generating demo hours. The busy binance/BTCUSDT hour (over 500k book rows) and a few light
// ones, in-process through `generateHourFile` (the bytes the demo stores), each beside the floor
// any generator of the same file pays: compressing its text alone. Wall and CPU time are both
// printed (this machine's two cores are shared, so CPU time is the steadier figure).

const hourMs = 3_600_000;
const hour = Date.UTC(2026, 10, 18, 9);

function dataset(source: string, market: string): SimulatedDataset {
  const found = demoDatasets.find((d) => d.source === source && d.market === market);
  if (found === undefined) throw new Error(`no dataset ${source}/${market}`);
  return found;
}

/** Median wall and CPU milliseconds of generating `rounds` different hours (the first one warms up). */
function generation(ds: SimulatedDataset, rounds: number): { wallMs: number; cpuMs: number; bytes: number } {
  generateHourFile(1, ds, hour - hourMs, hour - hourMs + 60_000);
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let round = 0; round < rounds; round++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    bytes = generateHourFile(1, ds, hour + round * hourMs).length;
    walls.push(performance.now() - started);
    const used = process.cpuUsage(cpu);
    cpus.push((used.user + used.system) / 1000);
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
  return { wallMs: median(walls), cpuMs: median(cpus), bytes };
}

/** Milliseconds to zstd-compress the hour's text alone, chunk by chunk (the text made beforehand). */
function compressionFloor(ds: SimulatedDataset): number {
  const chunks: Buffer[] = [];
  generateHourInto(1, ds, hour, Number.POSITIVE_INFINITY, { write: (text) => chunks.push(Buffer.from(text)), bytes: (chunk) => chunks.push(Buffer.from(chunk)) });
  const started = performance.now();
  const writer = new ZstdFrameWriter({ level: 1 });
  for (const chunk of chunks) writer.write(chunk);
  writer.end();
  return performance.now() - started;
}

/**
 * Memory: the busy hour generated in a fresh process whose old-space heap is capped at 48 MB (it
 * fails if the text were ever held whole), with that process's peak RSS.
 */
function busyHourInSmallHeap(): string {
  const script = `
    const { demoDatasets } = await import(${JSON.stringify(new URL('../../electron/server/simulator/demo-datasets.ts', import.meta.url).href)});
    const { generateHourFile } = await import(${JSON.stringify(new URL('../../electron/server/simulator/generate-hour.ts', import.meta.url).href)});
    const ds = demoDatasets.find((d) => d.source === 'binance' && d.market === 'BTCUSDT');
    const bytes = generateHourFile(1, ds, ${hour});
    console.log('generated ' + (bytes.length / 1e6).toFixed(1) + ' MB within a 48 MB heap, peak RSS ' + (process.resourceUsage().maxRSS / 1024).toFixed(0) + ' MB');`;
  return execFileSync(process.execPath, ['--max-old-space-size=48', '--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' }).trim();
}

/** Runs the simulator figures. */
export async function run(): Promise<void> {
  await Promise.resolve();
  if (!zstdCompressionAvailable()) console.log('  (zstd-napi missing: files are stored, not compressed)');
  const busy = dataset('binance', 'BTCUSDT');
  const rows = JSON.parse(generateHourInto(1, busy, hour, Number.POSITIVE_INFINITY, { write: () => {}, bytes: () => {} })) as { data: Record<string, number> };
  const figures = generation(busy, 3);
  console.log(`  busy hour: ${rows.data['orderbook_count']} book rows, ${rows.data['trade_count']} trades, ${(figures.bytes / 1e6).toFixed(1)} MB compressed, CPU ${(figures.cpuMs / 1000).toFixed(2)} s`);
  report({ name: 'busy hour binance/BTCUSDT (generateHourFile)', value: figures.wallMs / 1000, unit: 's', baselineName: 'zstd of its text alone', baseline: compressionFloor(busy) / 1000, higherIsBetter: false, target: '≤ 3 s' });
  console.log(`  busy hour memory: ${busyHourInSmallHeap()}`);
  for (const [source, market] of [
    ['hyperliquid', 'SOL'],
    ['hyperliquid', 'BTC'],
    ['lighter', 'BTC-USD'],
    ['binance', 'BTC-USDT'],
  ] as const) {
    const ds = dataset(source, market);
    const light = generation(ds, 5);
    report({ name: `light hour ${source}/${market}`, value: light.wallMs, unit: 'ms', baselineName: 'zstd of its text alone', baseline: compressionFloor(ds), higherIsBetter: false });
  }
}

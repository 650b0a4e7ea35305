import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoDatasets } from '../../electron/server/simulator/demo-datasets.ts';
import { generateHourFile } from '../../electron/server/simulator/generate-hour.ts';
import { writeL2File } from '../../electron/server/simulator/l2-file-generator.ts';
import { builtCliPath, ensureBuiltCli, servedBaseUrl } from '../support/built-cli.ts';
import { report } from './measure.ts';

// F10: the command line as users run it. Every figure is a whole process (start, read, write to
// /dev/null, exit), ours and the pipeline a user would write (test/bench/cli-peers/*.mjs), timed
// in the same run, alternating, median of the rounds.

const peers = join(import.meta.dirname, 'cli-peers');
const root = join(import.meta.dirname, '..', '..');

/** Wall time of one process from spawn to exit, stdout to /dev/null; throws when it fails. */
async function processSeconds(args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const sink = openSync('/dev/null', 'w');
  try {
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', sink, 'inherit'] });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}`);
    return (performance.now() - started) / 1000;
  } finally {
    closeSync(sink);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Times ours and the peer alternately, `rounds` each; medians in seconds. */
async function race(ours: readonly string[], peer: readonly string[], rounds: number, env?: NodeJS.ProcessEnv): Promise<{ ours: number; peer: number }> {
  const a: number[] = [];
  const b: number[] = [];
  for (let round = 0; round < rounds; round++) {
    b.push(await processSeconds(peer, env));
    a.push(await processSeconds(ours, env));
  }
  return { ours: median(a), peer: median(b) };
}

/** `mde inspect`, `decode` and `book`, whole process, against the pipelines a user would write; and `mde --help`. */
export async function run(): Promise<void> {
  await ensureBuiltCli();
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-cli-'));
  try {
    const big = await writeL2File(join(dir, 'l2-230mb.jsonl.zst'), { seed: 20_240_101, events: 850_000 });
    const rows = await writeL2File(join(dir, 'l2-150k.jsonl.zst'), { seed: 20_240_102, events: 150_000 });
    console.log(`  inputs: ${(big.uncompressedBytes / 1e6).toFixed(0)} MB L2 file (${big.events.toLocaleString('en-US')} events); ${(rows.uncompressedBytes / 1e6).toFixed(0)} MB file with ${rows.counts.orderbook.toLocaleString('en-US')} L2 rows`);
    const line = { unit: 's', higherIsBetter: false } as const;
    // Throughputs of whole processes (input size / wall time), so a ratio above 1 is faster.
    const bigMb = big.uncompressedBytes / 1e6;
    const rowsMb = rows.uncompressedBytes / 1e6;
    const faster = { unit: 'MB/s', higherIsBetter: true } as const;

    const inspect = await race([builtCliPath, 'inspect', big.path], [join(peers, 'naive-inspect.mjs'), big.path], 3);
    report({ ...faster, name: 'mde inspect, 230 MB L2 file', value: bigMb / inspect.ours, baselineName: 'fzstd + JSON.parse', baseline: bigMb / inspect.peer, target: '≥ ×2 (stretch ×3)' });

    const decode = await race([builtCliPath, 'decode', rows.path], [join(peers, 'naive-decode.mjs'), rows.path], 3);
    report({ ...faster, name: 'mde decode to JSON lines, 41 MB file', value: rowsMb / decode.ours, baselineName: 'parse + stringify', baseline: rowsMb / decode.peer, target: '≥ ×2' });

    const book = await race([builtCliPath, 'book', rows.path, '--depth', '25'], [join(peers, 'tardis-book.mjs'), rows.path], 3);
    const bookRows = rows.counts.orderbook;
    report({ name: 'mde book --depth 25, L2 rows/s', unit: 'rows/s', higherIsBetter: true, value: bookRows / book.ours, baselineName: 'tardis-dev pipeline', baseline: bookRows / book.peer, target: '≥ ×2 (stretch ×3)' });

    const help = await race([builtCliPath, '--help'], ['-e', '0'], 9);
    report({ ...line, name: 'mde --help (the bundle)', value: help.ours, baselineName: 'node -e 0', baseline: help.peer, target: '< 0.3 s' });
    const viaScript = await race([join(root, 'scripts', 'mde.mjs'), '--help'], ['-e', '0'], 9);
    report({ ...line, name: 'mde --help (npm run mde: freshness check + bundle)', value: viaScript.ours, baselineName: 'node -e 0', baseline: viaScript.peer, target: '< 0.3 s' });
    await l2OrderbooksThroughGet(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const hourMs = 3_600_000;

/** `mde serve --data` over one busy simulated hour, until `stop()`. */
async function serveBusyHour(dir: string, hour: number, key: string): Promise<{ baseUrl: string; stop: () => void }> {
  const base = demoDatasets.find((dataset) => dataset.source === 'hyperliquid' && dataset.market === 'BTC');
  if (base === undefined) throw new Error('no hyperliquid/BTC dataset');
  const date = new Date(hour).toISOString().slice(0, 10);
  const folder = join(dir, 'served', 'hyperliquid', 'BTC', date);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, `standard-hyperliquid-BTC-${date}-${new Date(hour).toISOString().slice(11, 13)}.jsonl.zst`), generateHourFile(7, { ...base, bookEventsPerSecond: 10, tradesPerSecond: 2 }, hour));
  const child = spawn(process.execPath, [builtCliPath, 'serve', '--port', '0', '--data', join(dir, 'served'), '--keys', key], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const baseUrl = await servedBaseUrl(child);
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

/** Reported, no target: `/l2-orderbooks` over a busy hour through `mde get --all`, against a fetch-and-print script. */
async function l2OrderbooksThroughGet(dir: string): Promise<void> {
  const hour = Date.UTC(2026, 10, 18, 9);
  const key = 'bench-key';
  const service = await serveBusyHour(dir, hour, key);
  try {
    const query = `/l2-orderbooks?source=hyperliquid&market=BTC&start=${hour}&end=${hour + hourMs - 1}`;
    const env = { ...process.env, MDE_API_KEY: key };
    const ours = [builtCliPath, 'get', '/l2-orderbooks', '--source', 'hyperliquid', '--market', 'BTC', '--start', String(hour), '--end', String(hour + hourMs - 1), '--all', '--base-url', service.baseUrl];
    const timed = await race(ours, [join(peers, 'fetch-pages.mjs'), service.baseUrl, query], 3, env);
    report({ name: 'mde get /l2-orderbooks --all, busy hour', unit: 's', higherIsBetter: false, value: timed.ours, baselineName: 'fetch + print pages', baseline: timed.peer });
  } finally {
    service.stop();
  }
}

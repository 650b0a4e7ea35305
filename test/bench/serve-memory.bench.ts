import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtCliPath, ensureBuiltCli, servedBaseUrl } from '../support/built-cli.ts';
import { report } from './measure.ts';
import { ResidentSetSampler } from './resident-set.ts';
import { floodPlan, type FloodMix, type FloodRequest } from './serve-flood-plan.ts';

// F12 point 3: `mde serve` on the demo under a flood of 2,000 mixed requests at concurrency 16;
// F19 point 10: then a fresh one under the probe's heavier mix at concurrency 24 (many route kinds
// and markets, book pages, `/events`, and hour files downloaded whole from the download host).
// The child's resident set is sampled every 100 ms from /proc; its peak under the flood and its
// value after 60 s of idle are set beside the idle service just after start (same run). The child
// runs with --trace-warnings: a MaxListenersExceededWarning fails the report.

const root = join(import.meta.dirname, '..', '..');
const requestCount = 2_000;
const concurrency = 16;
const idleMs = 60_000;
const keys = ['flood-a', 'flood-b', 'flood-c', 'flood-d'];
const mb = 1024 * 1024;
/** Files of a day's manifest the probe's flood downloads. */
const downloadsPerManifest = 2;

type ServeChild = ChildProcessByStdio<null, Readable, Readable>;

/** `mde serve` on the demo in `demoDir` with the flood's keys; resolves with its base URL once it listens. */
async function startServe(demoDir: string, stderr: string[]): Promise<{ child: ServeChild; baseUrl: string }> {
  const child = spawn(process.execPath, ['--trace-warnings', builtCliPath, 'serve', '--port', '0', '--demo-dir', demoDir, '--keys', keys.join(',')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const baseUrl = await servedBaseUrl(child, stderr);
  return { child, baseUrl };
}

/** What the flood got back. */
interface FloodOutcome {
  statuses: Map<number, number>;
  bytes: number;
  seconds: number;
  failures: string[];
  /** Hour files downloaded whole from the download host, and their bytes. */
  downloads: { files: number; bytes: number };
}

/** Sends `count` requests (first pages from `plan`, then the pages they follow) with `concurrency` in flight. */
async function flood(baseUrl: string, plan: readonly FloodRequest[], count: number, concurrency: number): Promise<FloodOutcome> {
  const outcome: FloodOutcome = { statuses: new Map(), bytes: 0, seconds: 0, failures: [], downloads: { files: 0, bytes: 0 } };
  const downloads = outcome.downloads;
  let sent = 0;
  let next = 0;
  const started = performance.now();
  const inFlight = new Map<number, { path: string; since: number }>();
  let done = 0;
  const progress = setInterval(() => {
    const oldest = [...inFlight.values()].sort((a, b) => a.since - b.since)[0];
    const age = oldest === undefined ? '' : `; oldest ${((performance.now() - oldest.since) / 1000).toFixed(0)} s: ${oldest.path.slice(0, 120)}`;
    console.log(`  … ${done} answered at ${((performance.now() - started) / 1000).toFixed(0)} s${age}`);
  }, 15_000);
  const one = async (path: string, key: string | null): Promise<string> => {
    const id = sent++;
    inFlight.set(id, { path, since: performance.now() });
    let response: Response;
    let body = '';
    try {
      const file = path.startsWith('http');
      response = await fetch(file ? path : `${baseUrl}${path}`, { headers: key === null ? {} : { authorization: `Bearer ${key}` }, redirect: 'manual', signal: AbortSignal.timeout(300_000) });
      if (file && response.ok) {
        downloads.files++;
        downloads.bytes += (await response.arrayBuffer()).byteLength;
      } else {
        body = await response.text();
      }
    } catch (error) {
      outcome.failures.push(`${path}: ${String(error)}`);
      return '';
    } finally {
      inFlight.delete(id);
      done++;
    }
    outcome.bytes += body.length;
    outcome.statuses.set(response.status, (outcome.statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500 && outcome.failures.length < 5) outcome.failures.push(`${response.status} ${path}: ${body.slice(0, 200)}`);
    return response.ok ? body : '';
  };
  const worker = async (): Promise<void> => {
    while (sent < count) {
      const request = plan[next++];
      if (request === undefined) return;
      let path = request.path;
      for (let page = 0; page <= request.followPages && sent < count; page++) {
        const body = await one(path, request.key);
        const answer = body.startsWith('{') ? (JSON.parse(body) as { next_cursor?: string | null; url?: string; snapshots?: { url?: string }[] }) : {};
        if (request.download === true) {
          // The file behind an hour's link, or the first files of a day's manifest, downloaded whole (no key: the link is the grant).
          const links = [answer.url, ...(answer.snapshots ?? []).slice(0, downloadsPerManifest).map((entry) => entry.url)];
          for (const link of links) if (link !== undefined && sent < count) await one(link, null);
        }
        const cursor = answer.next_cursor;
        if (typeof cursor !== 'string') break;
        path = `${request.path}&cursor=${encodeURIComponent(cursor)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker)).finally(() => clearInterval(progress));
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

/** The floods run, each on a fresh `mde serve`: the app's mix (F12), and the probe's heavier one at more concurrency (F19). */
const floods: readonly { mix: FloodMix; label: string; concurrency: number; hoursBack: number; seed: number }[] = [
  { mix: 'app', label: 'the flood', concurrency, hoursBack: 11, seed: 12 },
  { mix: 'probe', label: "the probe's flood", concurrency: 24, hoursBack: 23, seed: 19 },
];

/** Resident set of `mde serve` under each flood and after 60 s idle, against the idle service at start. `SERVE_MEMORY_FLOODS=probe` (mix names, comma-separated) runs only those. */
export async function run(): Promise<void> {
  await ensureBuiltCli();
  const only = process.env['SERVE_MEMORY_FLOODS']?.split(',');
  for (const plan of floods) if (only === undefined || only.includes(plan.mix)) await floodOnce(plan);
}

async function floodOnce(options: (typeof floods)[number]): Promise<void> {
  const demoDir = await mkdtemp(join(tmpdir(), 'mde-bench-serve-memory-'));
  const stderr: string[] = [];
  const { child, baseUrl } = await startServe(demoDir, stderr);
  const pid = child.pid;
  if (pid === undefined) throw new Error('mde serve has no pid');
  const sampler = new ResidentSetSampler(pid, 100);
  try {
    await sleep(1_000);
    const atStart = sampler.sample();
    const plan = floodPlan(requestCount, { now: Date.now(), keys, hoursBack: options.hoursBack, seed: options.seed }, options.mix);
    sampler.resetPeak();
    const outcome = await flood(baseUrl, plan, requestCount, options.concurrency);
    const peak = sampler.peak;
    const statusText = [...outcome.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(`  ${options.label} (${options.mix} mix): ${requestCount.toLocaleString('en-US')} requests at concurrency ${options.concurrency} in ${outcome.seconds.toFixed(1)} s, ${(outcome.bytes / 1e6).toFixed(0)} MB of bodies, ${outcome.downloads.files} files downloaded (${(outcome.downloads.bytes / 1e6).toFixed(0)} MB); statuses ${statusText}`);
    for (const failure of outcome.failures) console.log(`  server error: ${failure}`);
    const idleSamples: string[] = [];
    for (let waited = 0; waited < idleMs; waited += 10_000) {
      await sleep(10_000);
      idleSamples.push(`${Math.round(sampler.sample() / mb)}`);
    }
    console.log(`  RSS every 10 s of idle (MB): ${idleSamples.join(', ')}`);
    const afterIdle = sampler.sample();
    const line = { unit: 'MB', higherIsBetter: false, baselineName: 'idle at start', baseline: atStart / mb } as const;
    report({ ...line, name: `mde serve RSS, peak under ${options.label}`, value: peak / mb, target: '< 600 MB' });
    report({ ...line, name: `mde serve RSS, after ${options.label} and 60 s idle`, value: afterIdle / mb, target: '< 300 MB' });
    const warnings = stderr.join('').split('\n').filter((text) => text.includes('MaxListenersExceededWarning'));
    if (warnings.length > 0) {
      console.log(`  FAIL: listener leak, ${warnings.length} MaxListenersExceededWarning line(s): ${warnings[0] ?? ''}`);
      process.exitCode = 1;
    } else {
      console.log('  listener leaks: no MaxListenersExceededWarning (--trace-warnings)');
    }
    if (outcome.failures.length > 0) process.exitCode = 1;
  } finally {
    sampler.stop();
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(demoDir, { recursive: true, force: true });
  }
}

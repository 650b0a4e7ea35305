import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedService } from '../../../electron/server/embedded-service.ts';
import type { LocalService } from '../../../electron/server/local-service.ts';
import { writeOpenAndPaywallDatasets, writeSourceSnapshot, type SourceSnapshot } from '../../support/snapshot-source.ts';
import { useTempDirs } from '../../support/temp-dir.ts';

// `mde download` as a user runs it (a child process, not a TTY) against a real local service.

const repo = join(import.meta.dirname, '..', '..', '..');
/** tsx by file URL, so the CLI can run with any working folder. */
const tsx = pathToFileURL(join(repo, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const noKeychain = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
const paidKey = 'mde-cli-download-paid-5f1e93a7';
const day = '2026-03-02';
const hourOf = (hour: number): number => Date.parse(`${day}T00:00:00Z`) + hour * 3_600_000;

let serviceRoot: string;
let service: LocalService;
const served: SourceSnapshot[] = [];
let gated: SourceSnapshot;
const temp = useTempDirs();

beforeAll(async () => {
  serviceRoot = await mkdtemp(join(tmpdir(), 'mde-cli-service-'));
  for (const hour of [7, 8]) served.push(await writeSourceSnapshot(serviceRoot, { source: 'hyperliquid', market: 'BTC', hour: hourOf(hour) }, 1_500, hour));
  gated = await writeSourceSnapshot(serviceRoot, { source: 'paywall', market: 'ETH', hour: hourOf(2) }, 300);
  // paywall/ETH: dates after 2026-03-01 need a paid key.
  await writeOpenAndPaywallDatasets(serviceRoot);
  service = await startEmbeddedService({ data: { kind: 'directory', root: serviceRoot }, keys: [{ key: paidKey, tier: 'paid' }], extra: { now: () => hourOf(23) } });
});

afterAll(async () => {
  await service.close();
  await rm(serviceRoot, { recursive: true, force: true });
});

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function mde(args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const inherited = { ...process.env };
    delete inherited['MDE_API_KEY'];
    const child = spawn(process.execPath, ['--import', tsx, join(repo, 'electron', 'cli', 'mde.ts'), ...args], { cwd, env: { ...inherited, ...noKeychain, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const lines = (text: string): Record<string, unknown>[] => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('mde download', () => {
  it('downloads a day into ./market-data by default: one JSON line per file, byte-identical, exit 0; again: present', async () => {
    const cwd = await temp();
    const base = ['download', '--source', 'hyperliquid', '--market', 'BTC', '--date', day, '--base-url', service.baseUrl];
    const run = await mde(base, cwd);
    expect(run.status, run.stderr).toBe(0);
    const root = join(cwd, 'market-data');
    expect(run.stderr).toContain(`library ${root}`);
    expect(lines(run.stdout).sort((a, b) => String(a['key']).localeCompare(String(b['key'])))).toEqual(
      served.map((file) => ({ key: file.key, state: 'done', bytes: file.bytes.length, records: file.records, sha256: file.sha256 })),
    );
    const folder = join(root, 'data', 'standard', 'hyperliquid', 'BTC', day);
    expect((await readdir(folder)).sort()).toEqual(served.map((file) => `${file.key}.jsonl.zst`));
    for (const file of served) expect(sha256(await readFile(join(folder, `${file.key}.jsonl.zst`)))).toBe(file.sha256);

    const again = await mde([...base, '--concurrency', '1'], cwd);
    expect(again.status).toBe(0);
    expect(lines(again.stdout).map((line) => [line['key'], line['state']]).sort()).toEqual(served.map((file) => [file.key, 'present']));
  });

  it('downloads the listed hours of a range into --root, with the key from MDE_API_KEY never printed', async () => {
    const root = join(await temp(), 'lib');
    const run = await mde(['download', '--source', 'paywall', '--market', 'ETH', '--from', `${day}T00:00:00Z`, '--to', `${day}T12:00:00Z`, '--root', root, '--base-url', service.baseUrl], repo, { MDE_API_KEY: paidKey });
    expect(run.status, run.stderr).toBe(0);
    expect(lines(run.stdout)).toEqual([{ key: gated.key, state: 'done', bytes: gated.bytes.length, records: gated.records, sha256: gated.sha256 }]);
    expect(sha256(await readFile(join(root, 'data', 'standard', 'paywall', 'ETH', day, `${gated.key}.jsonl.zst`)))).toBe(gated.sha256);
    expect(`${run.stdout}${run.stderr}`).not.toContain(paidKey);
  });

  it('exits 1 with the refusal, its kind and what fixes it, when the service refuses', async () => {
    const cwd = await temp();
    const day402 = await mde(['download', '--source', 'paywall', '--market', 'ETH', '--date', day, '--base-url', service.baseUrl], cwd);
    expect(day402.status).toBe(1);
    expect(day402.stderr).toMatch(/requires payment \[payment-required\]\n {2}.*paid account/);
    // Hour by hour, each file fails with its refusal: one line each, then the summary.
    const hours = await mde(['download', '--source', 'paywall', '--market', 'ETH', '--from', day, '--to', `${day}T12:00`, '--base-url', service.baseUrl], cwd);
    expect(hours.status).toBe(1);
    expect(lines(hours.stdout)).toEqual([{ key: gated.key, state: 'failed', kind: 'payment-required', message: expect.stringContaining('requires payment') as unknown, resolution: expect.stringContaining('paid account') as unknown }]);
    expect(hours.stderr).toContain('1 file(s) failed, 0 landed');
    expect(await readdir(join(cwd, 'market-data', 'data', 'standard', 'paywall', 'ETH', day)).catch(() => [])).toEqual([]);
  });

  it('exits 2 on bad usage, naming the flag', async () => {
    const cwd = await temp();
    const missing = await mde(['download', '--source', 'hyperliquid', '--date', day], cwd);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('mde download: --market is required. Usage: npm run -s mde -- download');
    const unsafe = await mde(['download', '--source', 'hyperliquid', '--market', '..', '--date', day, '--base-url', service.baseUrl], cwd);
    expect(unsafe.status).toBe(2);
    expect(unsafe.stderr).toContain('The market ".." cannot be a folder of the library');
  });
});

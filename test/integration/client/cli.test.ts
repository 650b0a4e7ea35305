import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedNow, paidKey, startTestService, type TestService } from './support/test-service.ts';

const root = join(import.meta.dirname, '..', '..', '..');
const noKeychain = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `mde` as `npm run -s mde` does, with stdin and extra environment. */
function mde(args: readonly string[], env: Record<string, string> = {}, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const inherited = { ...process.env };
    delete inherited['MDE_API_KEY'];
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'electron', 'cli', 'mde.ts'), ...args], { cwd: root, env: { ...inherited, ...noKeychain, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

let test: TestService;
let base: string;

beforeAll(async () => {
  // The CLI runs on the real clock, so the service does too: its windows then agree.
  test = await startTestService({ now: Date.now });
  base = test.service.baseUrl;
});
afterAll(async () => {
  await test.close();
});

describe('mde get', () => {
  it('prints the catalog as JSON lines, one market per line', async () => {
    const run = await mde(['get', '/catalog', '--base-url', base]);
    expect(run.status).toBe(0);
    const lines = jsonLines(run.stdout);
    // The demo's 22 markets (the busy binance/BTCUSDT perpetual joined the simulator as the 22nd).
    expect(lines).toHaveLength(22);
    expect(lines[0]).toHaveProperty('source');
  });

  it('prints one page without --all and every page with it', async () => {
    const args = ['get', 'catalog/instruments', '--source', 'deribit', '--market', 'BTC', '--limit', '25', '--base-url', base];
    const first = await mde(args);
    expect(jsonLines(first.stdout)).toHaveLength(25);
    const all = jsonLines((await mde([...args, '--all'])).stdout);
    expect(all.length).toBeGreaterThan(25);
    expect(new Set(all.map((entry) => entry['instrument'])).size).toBe(all.length);
  });

  it('sends MDE_API_KEY for keyed ranges, and never prints it', async () => {
    const now = Date.now();
    const run = await mde(['get', '/historical/trades', '--source', 'hyperliquid', '--market', 'BTC', '--start', String(now - 3_600_000), '--end', String(now - 3_300_000), '--base-url', base], { MDE_API_KEY: paidKey });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const rows = jsonLines(run.stdout);
    expect(rows.length).toBeGreaterThan(0);
    expect(typeof rows[0]?.['price']).toBe('number');
    expect(run.stdout + run.stderr).not.toContain(paidKey);
  });

  it('exits 1 with the message and resolution when a key is needed; 1 with the service message on a bad request', async () => {
    const needsKey = await mde(['get', '/events', '--start', String(fixedNow - 60_000), '--end', String(fixedNow), '--base-url', base]);
    expect(needsKey.status).toBe(1);
    expect(needsKey.stderr).toContain('needs an API key');
    expect(needsKey.stderr).toContain('key set');
    const bad = await mde(['get', '/download', '--source', 'hyperliquid', '--market', 'BTC', '--date', '2026-13-45', '--base-url', base]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('strict YYYY-MM-DD');
    expect(bad.stderr).toContain('Send date=YYYY-MM-DD');
  });

  it('exits 2 on an unknown endpoint or a missing path', async () => {
    const unknown = await mde(['get', '/nope', '--base-url', base]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Known paths');
    expect((await mde(['get'])).status).toBe(2);
  });

  it('exits 2 naming the flag when a number is not a number, before any request', async () => {
    const run = await mde(['get', '/historical/trades', '--limit', 'ten', '--base-url', base]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--limit must be an integer, not "ten"');
    expect(run.stdout).toBe('');
  });

  it('exits 2 when /download lacks one of source, market and date, before any request', async () => {
    const run = await mde(['get', '/download', '--source', 'hyperliquid', '--market', 'BTC', '--base-url', base]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('/download needs --source SOURCE --market MARKET --date YYYY-MM-DD');
    expect(run.stdout).toBe('');
  });
});

describe('mde serve', () => {
  it('exits 2 with the flag and the usage on a bad option, without starting', async () => {
    const run = await mde(['serve', '--port', 'http']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('mde serve: --port must be a TCP port (0 to 65535), not "http"');
    expect(run.stderr).toContain('Usage: npm run -s mde -- serve');
    expect(run.stdout).toBe('');
  });
});

describe('mde key without a keychain', () => {
  it('set reads stdin, then exits 1 explaining the command line cannot keep a key (suggests MDE_API_KEY)', async () => {
    const run = await mde(['key', 'set', '--base-url', base], {}, `${paidKey}\n`);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('No OS keychain is reachable');
    expect(run.stderr).toContain('MDE_API_KEY');
    expect(run.stdout + run.stderr).not.toContain(paidKey);
  });

  it('refuses a key on the command line', async () => {
    const run = await mde(['key', 'set', paidKey]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('read from stdin');
    expect(run.stderr).not.toContain(paidKey);
  });

  it('status and delete say plainly that no keychain is reachable', async () => {
    for (const action of ['status', 'delete']) {
      const run = await mde(['key', action, '--base-url', base]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('No OS keychain is reachable');
    }
  });
});

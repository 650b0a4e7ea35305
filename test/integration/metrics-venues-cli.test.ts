import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { l2FileLines } from '../../electron/server/simulator/l2-file-generator.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { builtCliPath, ensureBuiltCli } from '../support/built-cli.ts';
import { startMdeServe, type MdeServe } from '../support/mde-serve.ts';
import { ReferenceL2Books, type ReferenceLevel } from '../support/reference-l2-books.ts';

// `mde metrics venues` as a user runs it (the bundle): one asset on two venues, over files and over
// a service range (`mde serve --data`), against a naive reference written here that reads the
// files' JSON lines itself. The second venue is the first one 500 ms later with prices 0.1 %
// higher, so the basis is about 10 bps and the lead–lag peaks at +500 ms (the reference leads).

const root = join(import.meta.dirname, '..', '..');
const T = Date.UTC(2026, 0, 5, 8); // the files' hour: 2026-01-05 08:00 UTC
const delayMs = 500;
const factor = 1.001;
const from = T + 2_000;
const to = T + 27_000;
const reference = { source: 'binance', market: 'BTC-USDT' };
const follower = { source: 'hyperliquid', market: 'BTC' };

let dir = '';
let leadLines: string[] = [];
let followLines: string[] = [];
let leadFile = '';
let followFile = '';

/** The first venue's lines as the second venue wrote them: `delayMs` later, prices × `factor`, its own names. */
function followerLine(line: string): string {
  const row = JSON.parse(line) as Record<string, unknown> & { collector_timestamp: number; data: Record<string, unknown> };
  const scale = (levels: unknown): unknown => (Array.isArray(levels) ? (levels as ReferenceLevel[]).map(([price, size]) => [Math.round(price * factor * 100) / 100, size]) : levels);
  const data = row.type === 'orderbook' ? { ...row.data, bids: scale(row.data['bids']), asks: scale(row.data['asks']) } : row.data;
  return JSON.stringify({ ...row, ...follower, collector_timestamp: row.collector_timestamp + delayMs, data });
}

async function writeLines(path: string, lines: readonly string[]): Promise<void> {
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(`${lines.join('\n')}\n`)));
}

beforeAll(async () => {
  await ensureBuiltCli();
  dir = await mkdtemp(join(tmpdir(), 'mde-venues-'));
  leadLines = [...l2FileLines({ seed: 20_261_127, events: 6_000, tradeShare: 0.2, ...reference, startTime: T })];
  followLines = leadLines.map(followerLine);
  leadFile = join(dir, 'lead.jsonl.zst');
  followFile = join(dir, 'follow.jsonl.zst');
  await writeLines(leadFile, leadLines);
  await writeLines(followFile, followLines);
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the bundled `mde metrics` with extra environment variables. */
function metrics(args: readonly string[], env: Record<string, string> = {}): Promise<{ status: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCliPath, 'metrics', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, out, err }));
  });
}

/** A CSV column as numbers, null for an empty field (these outputs quote nothing). */
function column(text: string, name: string): (number | null)[] {
  const rows = text.trimEnd().split('\n').map((line) => line.split(','));
  const at = rows[0]?.indexOf(name) ?? -1;
  if (at === -1) throw new Error(`no column ${name} in ${rows[0]?.join(',') ?? ''}`);
  return rows.slice(1).map((row) => (row[at] === '' ? null : Number(row[at])));
}

function expectNear(actual: (number | null)[], expected: (number | null)[], what: string): void {
  expect(actual.length, what).toBe(expected.length);
  expected.forEach((want, i) => {
    if (want === null) expect(actual[i], `${what} row ${i}`).toBeNull();
    else expect(Math.abs((actual[i] ?? Number.NaN) - want), `${what} row ${i}: ${actual[i]} vs ${want}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  });
}

/** One venue's book after each of its book lines, naively: the reference model, on the running max of collector time. */
function naiveSamples(lines: readonly string[]): { time: number; bid: number | null; ask: number | null }[] {
  const books = new ReferenceL2Books();
  const samples: { time: number; bid: number | null; ask: number | null }[] = [];
  let clock = Number.NEGATIVE_INFINITY;
  for (const line of lines.slice(1)) {
    const row = JSON.parse(line) as { type: string; source: string; market: string; collector_timestamp: number; data: Record<string, unknown> };
    if (row.type !== 'orderbook') continue;
    const id = { source: row.source, market: row.market, instrument: null };
    clock = Math.max(clock, row.collector_timestamp);
    books.apply({ ...id, time: row.collector_timestamp, snapshot: row.data['is_snapshot'] === true, bids: row.data['bids'] as ReferenceLevel[], asks: row.data['asks'] as ReferenceLevel[] });
    const top = books.top(id);
    samples.push({ time: clock, bid: top?.bids[0]?.[0] ?? null, ask: top?.asks[0]?.[0] ?? null });
  }
  return samples;
}

/** The mid and spread (bps) in force at each grid time: the last sample at or before it; null before the first or without both sides. */
function naiveOnGrid(lines: readonly string[], grid: readonly number[]): { mid: (number | null)[]; spreadBps: (number | null)[] } {
  const samples = naiveSamples(lines);
  const mid: (number | null)[] = [];
  const spreadBps: (number | null)[] = [];
  for (const g of grid) {
    const last = samples.filter((sample) => sample.time <= g).at(-1);
    const m = last?.bid != null && last.ask != null ? (last.bid + last.ask) / 2 : null;
    mid.push(m);
    spreadBps.push(m === null || last?.bid == null || last.ask == null ? null : ((last.ask - last.bid) / m) * 1e4);
  }
  return { mid, spreadBps };
}

function gridOf(start: number, end: number, step: number): number[] {
  const grid: number[] = [];
  for (let g = start; g <= end; g += step) grid.push(g);
  return grid;
}

/** Pearson correlation of the pairs (a[g], b[g + k]) where both are known; null with fewer than 3 pairs or no variance. */
function naiveCorrelation(a: readonly (number | null)[], b: readonly (number | null)[], k: number): { correlation: number | null; pairs: number } {
  const pairs: [number, number][] = [];
  for (let g = 0; g < a.length; g++) {
    const x = a[g];
    const y = b[g + k];
    if (x != null && y != null) pairs.push([x, y]);
  }
  if (pairs.length < 3) return { correlation: null, pairs: pairs.length };
  const mx = pairs.reduce((sum, [x]) => sum + x, 0) / pairs.length;
  const my = pairs.reduce((sum, [, y]) => sum + y, 0) / pairs.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return { correlation: sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : null, pairs: pairs.length };
}

/** Log returns of a series; null at the first point and wherever either value is missing. */
function naiveReturns(mids: readonly (number | null)[]): (number | null)[] {
  return mids.map((m, k) => {
    const before = k === 0 ? null : mids[k - 1];
    return m == null || before == null ? null : Math.log(m / before);
  });
}

const lead = `${reference.source}/${reference.market}`;
const follow = `${follower.source}/${follower.market}`;

describe('mde metrics venues over files', () => {
  it('prints each venue’s mid, basis against the reference and spread on the grid, as the naive replay of each file gives them', async () => {
    const run = await metrics(['venues', leadFile, followFile, '--from', String(from), '--to', String(to), '--every', '500ms']);
    expect(run.status, run.err).toBe(0);
    const grid = gridOf(from, to - 1, 500);
    expect(column(run.out, 'time')).toEqual(grid);
    const a = naiveOnGrid(leadLines, grid);
    const b = naiveOnGrid(followLines, grid);
    expectNear(column(run.out, `${lead}_mid`), a.mid, 'reference mid');
    expectNear(column(run.out, `${follow}_mid`), b.mid, 'follower mid');
    expectNear(column(run.out, `${lead}_spread_bps`), a.spreadBps, 'reference spread');
    expectNear(column(run.out, `${follow}_spread_bps`), b.spreadBps, 'follower spread');
    const basis = b.mid.map((m, k) => (m === null || a.mid[k] == null ? null : ((m - (a.mid[k] ?? 0)) / (a.mid[k] ?? 1)) * 1e4));
    expectNear(column(run.out, `${follow}_basis_bps`), basis, 'follower basis');
    expectNear(column(run.out, `${lead}_basis_bps`), a.mid.map((m) => (m === null ? null : 0)), 'reference basis');
    // Prices 0.1 % higher: about 10 bps wherever both venues show the same underlying book.
    const known = basis.filter((value): value is number => value !== null);
    expect(known.length).toBeGreaterThan(40);
  });

  it('with --lead-lag: the correlation of mid log returns at −2 s..+2 s equals the naive one, and peaks at +500 ms where the reference leads', async () => {
    const run = await metrics(['venues', followFile, leadFile, '--venues', `${lead},${follow}`, '--from', String(from), '--to', String(to), '--lead-lag', '--format', 'jsonl']);
    expect(run.status, run.err).toBe(0);
    const rows = run.out.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, number | null>);
    expect(rows.map((row) => row['lag_ms'])).toEqual(Array.from({ length: 17 }, (_, i) => (i - 8) * 250));
    const fine = gridOf(from, to - 1, 250);
    const a = naiveReturns(naiveOnGrid(leadLines, fine).mid);
    const b = naiveReturns(naiveOnGrid(followLines, fine).mid);
    const expected = rows.map((row) => naiveCorrelation(a, b, (row['lag_ms'] ?? 0) / 250));
    expectNear(
      rows.map((row) => row[`${follow}_correlation`] ?? null),
      expected.map((e) => e.correlation),
      'correlation',
    );
    expect(rows.map((row) => row[`${follow}_pairs`])).toEqual(expected.map((e) => e.pairs));
    const peak = rows.reduce((best, row) => ((row[`${follow}_correlation`] ?? -2) > (best[`${follow}_correlation`] ?? -2) ? row : best));
    expect(peak['lag_ms']).toBe(delayMs);
    expect(peak[`${follow}_correlation`]).toBeGreaterThan(0.99);
    expect(run.err).toContain(`lead-lag of ${follow} against ${lead}: strongest correlation`);
    expect(run.err).toContain(`(${lead} leads by 500 ms)`);
  });

  it('takes every market the files hold by default, and names what is wrong', async () => {
    const all = await metrics(['venues', leadFile, followFile, '--from', String(from), '--to', String(to)]);
    expect(all.status, all.err).toBe(0);
    expect(all.out.split('\n')[0]).toBe(`time,${lead}_mid,${lead}_basis_bps,${lead}_spread_bps,${follow}_mid,${follow}_basis_bps,${follow}_spread_bps`);
    expect(column(all.out, 'time')).toEqual(gridOf(from, to - 1, 1000));
    const one = await metrics(['venues', leadFile]);
    expect(one.status).toBe(2);
    expect(one.err).toContain(`venues compares at least two venues; the files hold ${lead}`);
    const absent = await metrics(['venues', leadFile, followFile, '--venues', `${lead},aster/BTCUSDT`]);
    expect(absent.status).toBe(2);
    expect(absent.err).toContain(`no file holds aster/BTCUSDT (the files hold ${lead}, ${follow})`);
  });
});

describe('mde metrics venues over a service range', () => {
  let service: MdeServe | null = null;
  const key = 'venues-test-key';
  beforeAll(async () => {
    const data = join(dir, 'served');
    for (const [venue, lines] of [
      [reference, leadLines],
      [follower, followLines],
    ] as const) {
      const folder = join(data, venue.source, venue.market, '2026-01-05');
      await mkdir(folder, { recursive: true });
      await writeLines(join(folder, `standard-${venue.source}-${venue.market}-2026-01-05-08.jsonl.zst`), lines);
    }
    service = await startMdeServe(['--data', data, '--keys', key]);
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
  });

  it('prints what the same files give, through the client (/l2-orderbooks of each venue)', async () => {
    for (const extra of [['--every', '500ms'], ['--lead-lag']]) {
      const served = await metrics(['venues', '--venues', `${lead},${follow}`, '--from', String(from), '--to', String(to), '--base-url', service?.baseUrl ?? '', ...extra], { MDE_API_KEY: key });
      expect(served.status, served.err).toBe(0);
      const files = await metrics(['venues', leadFile, followFile, '--from', String(from), '--to', String(to), ...extra]);
      expect(served.out, extra.join(' ')).toBe(files.out);
    }
  });
});

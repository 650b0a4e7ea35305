import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { l2FileLines } from '../../electron/server/simulator/l2-file-generator.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { builtCliPath, ensureBuiltCli, runBuiltCli, type CliRun } from '../support/built-cli.ts';
import { startMdeServe, type MdeServe } from '../support/mde-serve.ts';
import { ReferenceL2Books, type ReferenceLevel } from '../support/reference-l2-books.ts';
import { naiveDepth, naiveMarkouts, type PlainTrade } from '../unit/research/research-reference.ts';

// `mde metrics` as a user runs it (the bundle), over files and over a service range (`mde serve
// --data`), checked against hand-computed fixtures and against naive references that read the
// file's JSON lines themselves.

const root = join(import.meta.dirname, '..', '..');
const T = 1_767_600_000_000; // 2026-01-05 08:00:00 UTC, the hand fixture's first event
let dir = '';
let handFile = '';

beforeAll(async () => {
  await ensureBuiltCli();
  dir = await mkdtemp(join(tmpdir(), 'mde-metrics-'));
  handFile = join(dir, 'hand.jsonl.zst');
  await writeFile(handFile, compressZstdFrame(await readFile(join(root, 'test', 'fixtures', 'metrics', 'hand-book-trades.jsonl'))));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the bundled `mde` with extra environment variables. */
function runWithEnv(args: readonly string[], env: Record<string, string>): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtCliPath, ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout: Buffer.concat(out), stderr }));
  });
}

async function metrics(...args: string[]): Promise<{ status: number | null; out: string; err: string }> {
  const run = await runBuiltCli(['metrics', ...args], root);
  return { status: run.status, out: run.stdout.toString('utf8'), err: run.stderr };
}

/** CSV text as rows of fields (the outputs here hold no quoted field). */
function csvRows(text: string): string[][] {
  return text.trimEnd().split('\n').map((line) => line.split(','));
}

/** A CSV column as numbers, null for an empty field. */
function numbers(rows: string[][], name: string): (number | null)[] {
  const at = rows[0]?.indexOf(name) ?? -1;
  if (at === -1) throw new Error(`no column ${name}`);
  return rows.slice(1).map((row) => (row[at] === '' ? null : Number(row[at])));
}

function expectNear(actual: (number | null)[], expected: (number | null)[]): void {
  expect(actual.length).toBe(expected.length);
  expected.forEach((want, i) => {
    if (want === null) expect(actual[i], `row ${i}`).toBeNull();
    else expect(Math.abs((actual[i] ?? Number.NaN) - want), `row ${i}: ${actual[i]} vs ${want}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(want)));
  });
}

describe('mde metrics over the hand-computed fixture', () => {
  // The fixture (test/fixtures/metrics/hand-book-trades.jsonl), times from T:
  //   0     book  bids 3000×2 2999×3, asks 3001×1 3002×4   mid 3000.5
  //   100   buy   3001 × 0.5
  //   900   sell  3000 × 1
  //   1000  delta ask 3001 removed                        mid 3001   (asks 3002×4)
  //   1500  trade of unknown side 3001.5 × 2
  //   2000  delta bid 3001.5×1                            mid 3001.75
  //   2500  buy   3002 × 0.25
  //   3000  delta bid 2999 removed                        mid 3001.75, the last book time
  it('markouts: signed by side in bps, null for an unknown side and past the data (exact CSV)', async () => {
    const result = await metrics('markouts', handFile, '--horizons', '1s,2s');
    expect(result.status).toBe(0);
    // Buy at 100: mid 3000.5 → 3001 at 1100 (+0.5) and 3001.75 at 2100 (+1.25), in bps of 3000.5.
    // Sell at 900: the same moves, signed −. Unknown side: no markout. Buy at 2500: 3500 and 4500 are past 3000.
    expect(result.out).toBe(
      [
        'time,price,quantity,side,notional,mid,markout_1s_bps,markout_2s_bps',
        `${T + 100},3001,0.5,buy,1500.5,3000.5,${5_000 / 3000.5},${12_500 / 3000.5}`,
        `${T + 900},3000,1,sell,3000,3000.5,${-5_000 / 3000.5},${-12_500 / 3000.5}`,
        `${T + 1500},3001.5,2,,6003,3001,,`,
        `${T + 2500},3002,0.25,buy,750.5,3001.75,,`,
        '',
      ].join('\n'),
    );
  });

  it('markouts as JSON lines: null is null', async () => {
    const result = await metrics('markouts', handFile, '--horizons', '1s', '--format', 'jsonl');
    const lines = result.out.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[2]).toEqual({ time: T + 1500, price: 3001.5, quantity: 2, side: null, notional: 6003, mid: 3001, markout_1s_bps: null });
  });

  it('markout summary and large trades', async () => {
    const summary = csvRows((await metrics('markout-summary', handFile, '--horizons', '1s', '--size-edges', '0,2000')).out);
    expect(summary[0]).toEqual(['side', 'size_low', 'size_high', 'all_sizes', 'horizon_ms', 'trades', 'count', 'mean_bps', 'sd_bps', 'ci95_low_bps', 'ci95_high_bps']);
    // Both sides, all sizes, 1 s: +x and −x (x = 5000 / 3000.5) → mean 0, sd x·√2; the buy at 2500 has none.
    const both = summary.find((row) => row[0] === 'both' && row[3] === '1');
    expect(both?.slice(5, 8)).toEqual(['3', '2', '0']);
    expect(Number(both?.[8])).toBeCloseTo((5_000 / 3000.5) * Math.SQRT2, 9);
    const large = csvRows((await metrics('large-trades', handFile, '--top', '2', '--horizons', '1s')).out);
    expect(large.slice(1).map((row) => row.slice(0, 5))).toEqual([
      ['1', String(T + 1500), '3001.5', '2', ''],
      ['2', String(T + 900), '3000', '1', 'sell'],
    ]);
  });

  it('depth: spread, imbalance within the band and the cost to trade, per book event; null when a side cannot fill', async () => {
    const rows = csvRows((await metrics('depth', handFile, '--band-pct', '0.05', '--notional', '4000')).out);
    expect(numbers(rows, 'time')).toEqual([T, T + 1000, T + 2000, T + 3000]);
    expectNear(numbers(rows, 'mid'), [3000.5, 3001, 3001.75, 3001.75]);
    expectNear(numbers(rows, 'spread_bps'), [10_000 / 3000.5, 20_000 / 3001, 5_000 / 3001.75, 5_000 / 3001.75]);
    // ±0.05 %: at 0 both sides hold 5 → 0; at 1000 bids 2 vs asks 4 → −1/3; at 2000 and 3000, 1 vs 4 → −0.6.
    expectNear(numbers(rows, 'imbalance'), [0, -1 / 3, -0.6, -0.6]);
    // Buying 4000 at 0: 3001 from the 3001 level, 999 of the 3002 level.
    const vwap0 = 4000 / (1 + 999 / 3002);
    expectNear(numbers(rows, 'buy_cost_bps'), [((vwap0 - 3000.5) / 3000.5) * 1e4, (1 / 3001) * 1e4, (0.25 / 3001.75) * 1e4, (0.25 / 3001.75) * 1e4]);
    const sell2 = 4000 / (1 + 998.5 / 3000);
    expectNear(numbers(rows, 'sell_cost_bps'), [(0.5 / 3000.5) * 1e4, (1 / 3001) * 1e4, ((3001.75 - sell2) / 3001.75) * 1e4, ((3001.75 - sell2) / 3001.75) * 1e4]);
    // 10 000 on the bids at 3000: 3001.5 + 6000 = 9001.5 is all there is → null (an empty field).
    const thin = csvRows((await metrics('depth', handFile, '--notional', '10000')).out);
    expect(thin[4]?.[5]).toBe('');
    expect(thin[3]?.[5]).not.toBe('');
  });

  it('depth per time step: the book as it stood at each step', async () => {
    const rows = csvRows((await metrics('depth', handFile, '--every', '1s', '--band-pct', '0.05', '--notional', '4000')).out);
    expect(numbers(rows, 'time')).toEqual([T, T + 1000, T + 2000, T + 3000]);
    expectNear(numbers(rows, 'mid'), [3000.5, 3001, 3001.75, 3001.75]);
  });

  it('bars, CVD, profile and footprint from the trades', async () => {
    const bars = csvRows((await metrics('bars', handFile, '--by', 'tick', '--size', '2')).out);
    // [buy 0.5 @3001, sell 1 @3000] and [unknown 2 @3001.5, buy 0.25 @3002].
    expect(bars.slice(1).map((row) => row.slice(2))).toEqual([
      ['3001', '3001', '3000', '3000', '1.5', '4500.5', '0.5', '1', '0', '2', '1'],
      ['3001.5', '3002', '3001.5', '3002', '2.25', '6753.5', '0.25', '0', '2', '2', '1'],
    ]);
    const cvd = csvRows((await metrics('cvd', handFile)).out);
    expect(numbers(cvd, 'cvd')).toEqual([0.5, -0.5, -0.5, -0.25]);
    expect(numbers(cvd, 'unknown_volume')).toEqual([0, 0, 2, 2]);
    // 3000: 1; 3001: 2.5 (POC); 3002: 0.25. 70 % of 3.75 = 2.625: the POC alone is short; below (1) beats above (0.25).
    const profile = await metrics('profile', handFile, '--step', '1');
    const profileRows = csvRows(profile.out);
    expect(profileRows.slice(1).map((row) => [row[0], row[1], row[5], row[6]])).toEqual([
      ['3000', '1', '0', '1'],
      ['3001', '2.5', '1', '1'],
      ['3002', '0.25', '0', '0'],
    ]);
    expect(profile.err).toContain('POC 3001, value area 3000 to 3001');
    // 1 s candles, ratio 2: at 08:00:00, bid 1 at 3000 ≥ 2 × ask 0.5 at 3001 → a selling imbalance; POC 3000.
    const cells = csvRows((await metrics('footprint', handFile, '--step', '1', '--interval', '1s', '--ratio', '2')).out);
    expect(cells.slice(1)).toEqual([
      [String(T), '3000', '1', '0', '0', '-1', '1', '0', '1', '1'],
      [String(T), '3001', '0', '0.5', '0', '0.5', '1', '0', '0', '0'],
      [String(T + 1000), '3001', '0', '0', '2', '0', '1', '0', '0', '1'],
      [String(T + 2000), '3002', '0', '0.25', '0', '0.25', '1', '0', '0', '1'],
    ]);
  });

  it('latency: unknown exchange times are counted apart, never read as 0', async () => {
    const result = await metrics('latency', handFile, '--interval', '1s');
    const rows = csvRows(result.out);
    // 0–1 s: book 5, buy 10, sell unknown; 1–2 s: 20 and 10; 2–3 s: book unknown, buy 20; 3 s: 10.
    expect(numbers(rows, 'known')).toEqual([2, 2, 1, 1]);
    expect(numbers(rows, 'unknown')).toEqual([1, 0, 1, 0]);
    expectNear(numbers(rows, 'p50_ms'), [7.5, 15, 20, 10]);
    expectNear(numbers(rows, 'max_ms'), [10, 20, 20, 10]);
    expect(result.err).toContain('latency over 6 events with an exchange time (2 without, left out): p50 10 ms');
  });

  it('keeps to [from, to) with files, and says when a file is bad', async () => {
    const rows = csvRows((await metrics('markouts', handFile, '--from', String(T + 500), '--to', String(T + 2000), '--horizons', '1s')).out);
    expect(numbers(rows, 'time')).toEqual([T + 900, T + 1500]);
    const bad = join(dir, 'bad.jsonl.zst');
    await writeFile(bad, 'not zstd');
    const failed = await metrics('depth', bad);
    expect(failed.status).toBe(1);
    expect(failed.err).toMatch(/^mde metrics: .*bad\.jsonl\.zst/m);
    // 3000 to 3002 in steps of 0.000001 is 2,000,001 buckets: too wide, and the message says what to change.
    const usage = await metrics('profile', handFile, '--step', '0.000001');
    expect(usage.status).toBe(2);
    expect(usage.err).toContain('choose a larger price step');
  });
});

/** The lines of a seeded L2 file: books with deltas, trades of both sides, a few times stepped back. */
function seededLines(seed: number, events: number): string[] {
  return [...l2FileLines({ seed, events, tradeShare: 0.3, source: 'binance', market: 'BTC-USDT' })];
}

describe('mde metrics over a seeded file, against naive references reading its JSON lines', () => {
  let file = '';
  let lines: string[] = [];
  beforeAll(async () => {
    lines = seededLines(20_260_105, 8_000);
    file = join(dir, 'seeded.jsonl.zst');
    await writeFile(file, compressZstdFrame(new TextEncoder().encode(`${lines.join('\n')}\n`)));
  });

  /** The file's rows, parsed plainly. */
  function rows(): { type: string; time: number; data: Record<string, unknown> }[] {
    return lines.slice(1).map((line) => {
      const row = JSON.parse(line) as { type: string; collector_timestamp: number; data: Record<string, unknown> };
      return { type: row.type, time: row.collector_timestamp, data: row.data };
    });
  }

  it('markouts equal the naive scan of mids rebuilt by the reference book', async () => {
    const book = new ReferenceL2Books();
    const id = { source: 'binance', market: 'BTC-USDT', instrument: null };
    const samples: [number, number | null][] = [];
    const trades: PlainTrade[] = [];
    let clock = Number.NEGATIVE_INFINITY;
    for (const row of rows()) {
      if (row.type === 'trade') {
        const side = row.data['side'];
        trades.push({ time: row.time, price: Number(row.data['price']), quantity: Number(row.data['quantity']), side: side === 'buy' || side === 'sell' ? side : null });
        continue;
      }
      clock = Math.max(clock, row.time);
      book.apply({ ...id, time: row.time, snapshot: row.data['is_snapshot'] === true, bids: row.data['bids'] as ReferenceLevel[], asks: row.data['asks'] as ReferenceLevel[] });
      const top = book.top(id);
      const bid = top?.bids[0]?.[0];
      const ask = top?.asks[0]?.[0];
      samples.push([clock, bid === undefined || ask === undefined ? null : (bid + ask) / 2]);
    }
    const horizons = [1_000, 5_000, 30_000, 60_000];
    const expected = naiveMarkouts(trades, samples, clock, horizons);
    const output = csvRows((await metrics('markouts', file)).out);
    expect(numbers(output, 'time')).toEqual(trades.map((trade) => trade.time));
    horizons.forEach((h, k) => expectNear(numbers(output, `markout_${h / 1000}s_bps`), expected[k] ?? []));
    expect(expected[3]?.filter((value) => value === null).length, 'trades near the end have no 60 s markout').toBeGreaterThan(10);
  });

  it('depth metrics equal the naive metrics of the reference book at every book event', async () => {
    const book = new ReferenceL2Books();
    const id = { source: 'binance', market: 'BTC-USDT', instrument: null };
    const expected: (number | null)[][] = [[], [], [], [], []];
    for (const row of rows()) {
      if (row.type !== 'orderbook') continue;
      book.apply({ ...id, time: row.time, snapshot: row.data['is_snapshot'] === true, bids: row.data['bids'] as ReferenceLevel[], asks: row.data['asks'] as ReferenceLevel[] });
      naiveDepth(book.top(id), 0.01, 50_000).forEach((value, k) => expected[k]?.push(value));
    }
    const output = csvRows((await metrics('depth', file, '--band-pct', '0.01', '--notional', '50000')).out);
    ['mid', 'spread_bps', 'imbalance', 'buy_cost_bps', 'sell_cost_bps'].forEach((name, k) => expectNear(numbers(output, name), expected[k] ?? []));
  });
});

describe('mde metrics over a service range', () => {
  let service: MdeServe | null = null;
  const key = 'metrics-test-key';
  beforeAll(async () => {
    const data = join(dir, 'served');
    const folder = join(data, 'aster', 'ETH-USDT', '2026-01-05');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'standard-aster-ETH-USDT-2026-01-05-08.jsonl.zst'), await readFile(handFile));
    service = await startMdeServe(['--data', data, '--keys', key]);
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
  });

  async function viaService(kind: string, ...args: string[]): Promise<{ status: number | null; out: string; err: string }> {
    const run = await runWithEnv(['metrics', kind, '--source', 'aster', '--market', 'ETH-USDT', '--from', String(T), '--to', String(T + 3_600_000), '--base-url', service?.baseUrl ?? '', ...args], { MDE_API_KEY: key });
    return { status: run.status, out: run.stdout.toString('utf8'), err: run.stderr };
  }

  it('prints what the same files give, through the client', async () => {
    for (const [kind, ...args] of [
      ['markouts', '--horizons', '1s,2s'],
      ['depth', '--band-pct', '0.05', '--notional', '4000'],
      ['bars', '--by', 'tick', '--size', '2'],
      ['latency', '--interval', '1s'],
    ] as const) {
      const served = await viaService(kind, ...args);
      expect(served.status, served.err).toBe(0);
      expect(served.out, kind).toBe((await metrics(kind, handFile, ...args)).out);
    }
  });

  it('fails with the service’s message and exit 1 without a key', async () => {
    const run = await runWithEnv(['metrics', 'bars', '--by', 'tick', '--size', '2', '--source', 'aster', '--market', 'ETH-USDT', '--from', String(T), '--to', String(T + 3_600_000), '--base-url', service?.baseUrl ?? ''], { MDE_API_KEY: 'wrong-key' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^mde metrics: .*\[(auth-required|forbidden)\]/m);
  });
});

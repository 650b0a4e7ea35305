import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../electron/cli/command-line.ts';
import { durationOption, parseMetricsArgs } from '../../../electron/cli/metrics/metrics-args.ts';

function expectUsageError(parse: () => unknown, ...fragments: string[]): void {
  let message: string | null = null;
  try {
    parse();
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    message = error.message;
  }
  expect(message, 'expected a UsageError').not.toBeNull();
  for (const fragment of fragments) expect(message).toContain(fragment);
}

describe('mde metrics arguments', () => {
  it('reads a kind over files with the defaults of the issue', () => {
    expect(parseMetricsArgs(['markouts', 'a.zst', 'b.zst'])).toMatchObject({
      kind: 'markouts',
      input: { kind: 'files', files: ['a.zst', 'b.zst'] },
      format: 'csv',
      horizonsMs: [1_000, 5_000, 30_000, 60_000],
      bandPct: 1,
      notional: 100_000,
      everyMs: null,
      from: null,
      to: null,
    });
  });

  it('reads a service range, durations, lists and kind options', () => {
    const parsed = parseMetricsArgs(['depth', '--source', 'binance', '--market', 'BTCUSDT', '--from', '2026-01-05', '--to', '2026-01-05T01:00Z', '--base-url', 'http://127.0.0.1:9/', '--every', '250ms', '--band-pct', '0.5', '--notional', '2e5', '--format', 'jsonl']);
    expect(parsed).toMatchObject({
      input: { kind: 'service', baseUrl: 'http://127.0.0.1:9', source: 'binance', market: 'BTCUSDT' },
      from: Date.UTC(2026, 0, 5),
      to: Date.UTC(2026, 0, 5, 1),
      everyMs: 250,
      bandPct: 0.5,
      notional: 200_000,
      format: 'jsonl',
    });
    expect(parseMetricsArgs(['markout-summary', 'f', '--horizons', '500ms,2s,1m', '--size-edges', '0,50,5000']).horizonsMs).toEqual([500, 2_000, 60_000]);
    expect(parseMetricsArgs(['markout-summary', 'f', '--size-edges', '0,50,5000']).sizeEdges).toEqual([0, 50, 5_000]);
    expect(parseMetricsArgs(['bars', 'f', '--by', 'dollar', '--size', '1e6'])).toMatchObject({ barKind: 'dollar', barSize: 1_000_000 });
    expect(parseMetricsArgs(['footprint', 'f', '--step', '0.5', '--interval', '5m', '--ratio', '2.5'])).toMatchObject({ step: 0.5, intervalMs: 300_000, ratio: 2.5 });
    expect([durationOption('--x', '1h'), durationOption('--x', '1500'), durationOption('--x', '1.5s')]).toEqual([3_600_000, 1_500, 1_500]);
  });

  it('names what is wrong', () => {
    expectUsageError(() => parseMetricsArgs([]), 'which metric', 'depth, markouts');
    expectUsageError(() => parseMetricsArgs(['footprints', 'f']), 'unknown kind "footprints"');
    expectUsageError(() => parseMetricsArgs(['depth']), 'missing FILE... or a service range');
    expectUsageError(() => parseMetricsArgs(['depth', '--source', 's', '--market', 'm']), 'needs --from, --to');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--base-url', 'http://x']), 'not both');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--format', 'xml']), '--format must be csv or jsonl', 'xml');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--step', '1']), '--step does not apply to depth', '--band-pct');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--band-pct', '0']), '--band-pct must be a number above 0');
    // One number parser: hexadecimal is refused by every flag alike, as --top refuses it.
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--band-pct', '0x10']), '--band-pct must be a number above 0', '0x10');
    expectUsageError(() => parseMetricsArgs(['large-trades', 'f', '--top', '0x10']), '--top must be', '0x10');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--notional', 'Infinity']), '--notional must be a number above 0', 'Infinity');
    expect(parseMetricsArgs(['depth', 'f', '--band-pct', '1.5e-1']).bandPct).toBe(0.15);
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--every', '1.5ms']), '--every must be a duration');
    expectUsageError(() => parseMetricsArgs(['markouts', 'f', '--horizons', '1s,,5s']), '--horizons', 'no empty item');
    expectUsageError(() => parseMetricsArgs(['markouts', 'f', '--horizons', '1s,5x']), '--horizons must be a duration', '5x');
    // 10,000 horizons made a column of every trade each (4 GB and growing): eight at most, as in the app.
    const many = Array.from({ length: 10_000 }, (_, i) => `${i + 1}ms`).join(',');
    expectUsageError(() => parseMetricsArgs(['markouts', 'f', '--horizons', many]), '--horizons takes at most 8 horizons', '10,000');
    expect(parseMetricsArgs(['markouts', 'f', '--horizons', '1,2,3,4,5,6,7,8']).horizonsMs).toHaveLength(8);
    expectUsageError(() => parseMetricsArgs(['markout-summary', 'f', '--size-edges', '0,10,5']), '--size-edges must rise strictly');
    expectUsageError(() => parseMetricsArgs(['bars', 'f', '--by', 'tick']), 'bars need --by tick|volume|dollar and --size N');
    expectUsageError(() => parseMetricsArgs(['bars', 'f', '--by', 'tick', '--size', '2.5']), '--size must be a whole number of trades');
    expectUsageError(() => parseMetricsArgs(['bars', 'f', '--by', 'time', '--size', '2']), '--by must be tick, volume or dollar');
    expectUsageError(() => parseMetricsArgs(['footprint', 'f']), 'footprint needs --step P');
    expectUsageError(() => parseMetricsArgs(['profile', 'f', '--step', '1', '--value-area', '70']), '--value-area is a share from 0 to 1');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--from', '5', '--to', '5']), '--to must be after --from');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--frm', '5']), 'unknown option --frm');
  });

  it('reads venues over files or a service range, with their reference, grids and table', () => {
    expect(parseMetricsArgs(['venues', 'a.zst', 'b.zst'])).toMatchObject({ kind: 'venues', input: { kind: 'files', files: ['a.zst', 'b.zst'] }, venues: [], reference: null, lagStepMs: 250, everyMs: null, leadLag: false });
    expect(
      parseMetricsArgs(['venues', '--venues', 'hyperliquid/ETH, binance/ETH-USDT,lighter/ETH/USD', '--reference', 'binance/ETH-USDT', '--from', '2026-01-05', '--to', '2026-01-05T01:00Z', '--every', '5s', '--lag-step', '100ms', '--lead-lag', '--base-url', 'http://127.0.0.1:9/']),
    ).toMatchObject({
      input: { kind: 'venue-service', baseUrl: 'http://127.0.0.1:9' },
      venues: [
        { source: 'hyperliquid', market: 'ETH' },
        { source: 'binance', market: 'ETH-USDT' },
        { source: 'lighter', market: 'ETH/USD' },
      ],
      reference: { source: 'binance', market: 'ETH-USDT' },
      everyMs: 5_000,
      lagStepMs: 100,
      leadLag: true,
    });
  });

  it('names what is wrong with venues', () => {
    expectUsageError(() => parseMetricsArgs(['venues']), 'venues needs FILE... or a service range (--venues, --from, --to)');
    expectUsageError(() => parseMetricsArgs(['venues', '--venues', 'a/x,b/y', '--from', '5']), 'needs --to too');
    expectUsageError(() => parseMetricsArgs(['venues', '--venues', 'a/x', '--from', '5', '--to', '9']), '--venues needs at least two venues');
    expectUsageError(() => parseMetricsArgs(['venues', '--venues', 'a/x,a/x', '--from', '5', '--to', '9']), '--venues names a/x twice');
    expectUsageError(() => parseMetricsArgs(['venues', '--venues', 'a/x,bx', '--from', '5', '--to', '9']), '--venues names a venue as SOURCE/MARKET', '"bx"');
    expectUsageError(() => parseMetricsArgs(['venues', '--venues', 'a/x,b/y', '--reference', 'c/z', '--from', '5', '--to', '9']), '--reference c/z is not one of --venues a/x,b/y');
    expectUsageError(() => parseMetricsArgs(['venues', 'f', '--lag-step', '3s']), '--lag-step must be at most 2s');
    expectUsageError(() => parseMetricsArgs(['venues', '--source', 'a', '--market', 'x', '--from', '5', '--to', '9']), '--source does not apply to venues', '--venues SOURCE/MARKET');
    expectUsageError(() => parseMetricsArgs(['depth', 'f', '--lead-lag']), '--lead-lag does not apply to depth');
    expectUsageError(() => parseMetricsArgs(['markouts', 'f', '--venues', 'a/x,b/y']), '--venues does not apply to markouts');
  });
});

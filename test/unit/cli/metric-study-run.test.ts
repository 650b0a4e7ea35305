import { describe, expect, it } from 'vitest';
import type { BookEvent } from '../../../shared/book/book-event.ts';
import type { BookInput } from '../../../electron/host/book/book-input.ts';
import type { FeedHandlers, FeedReport, MarketFeed } from '../../../electron/cli/metrics/market-feed.ts';
import { metricStudies } from '../../../electron/cli/metrics/metric-studies.ts';
import { parseMetricsArgs } from '../../../electron/cli/metrics/metrics-args.ts';
import { runMetricStudy } from '../../../electron/cli/metrics/study-run.ts';

// `mde metrics` runs the Research view's studies: what it feeds them, when it prints their rows,
// and what it says on stderr, through a scripted feed (the bundled command over real files is
// test/integration/metrics-cli.test.ts).

const T = Date.UTC(2026, 0, 5, 8);

type Trade = [time: number, price: number, quantity: number, side: number];

/** A feed that hands over its batches in order, calling `flush` after each, and notes how much was printed by the end of each batch. */
class ScriptedFeed implements MarketFeed {
  readonly printedAfterBatch: number[] = [];

  constructor(
    private readonly batches: readonly { books?: BookInput[]; trades?: Trade[] }[],
    private readonly printed: () => number,
    private readonly report: FeedReport = { otherMarketRecords: 0, source: 'test', market: 'BTC-USD' },
  ) {}

  async read(handlers: FeedHandlers): Promise<FeedReport> {
    for (const batch of this.batches) {
      for (const input of batch.books ?? []) handlers.book?.(input);
      for (const [time, price, quantity, side] of batch.trades ?? []) handlers.trade?.(time, price, quantity, side, Number.NaN);
      await handlers.flush?.();
      this.printedAfterBatch.push(this.printed());
    }
    return this.report;
  }
}

function book(time: number, bids: number[], asks: number[], isSnapshot = false): BookEvent {
  return { source: 'test', market: 'BTC-USD', instrument: null, collectorTimestamp: time, isSnapshot, bids: Float64Array.from(bids), asks: Float64Array.from(asks) };
}

/** Runs `mde metrics <args>` over the batches; what it printed and its notes. */
async function metrics(args: string[], batches: ConstructorParameters<typeof ScriptedFeed>[0], report?: FeedReport): Promise<{ out: string; notes: string[]; printedAfterBatch: number[] }> {
  const request = parseMetricsArgs([args[0] ?? '', 'scripted.jsonl.zst', ...args.slice(1)]);
  if (request.kind === 'venues') throw new Error('one market only');
  let out = '';
  const feed = new ScriptedFeed(batches, () => out.length, report);
  const { notes } = await runMetricStudy(metricStudies[request.kind](request), request.format, feed, async (text) => {
    out += text;
    await Promise.resolve();
  });
  return { out, notes, printedAfterBatch: feed.printedAfterBatch };
}

// Bids 100×1, asks 102×1 (mid 101, spread 2/101 bps); then a bid at 101 (mid 101.5); then the ask at 102 gone, 103 in (mid 102).
const books: BookInput[][] = [[book(T, [100, 1], [102, 1], true)], [book(T + 1_000, [101, 1], [])], [book(T + 2_000, [], [102, 0, 103, 1])]];

describe('mde metrics runs the Research view’s studies', () => {
  it('prints depth rows while reading goes on, each book event’s row', async () => {
    const run = await metrics(['depth'], books.map((inputs) => ({ books: inputs })));
    expect(run.out.split('\n')).toEqual([
      'time,mid,spread_bps,imbalance,buy_cost_bps,sell_cost_bps',
      `${T},101,${(2 / 101) * 1e4},0,,`,
      `${T + 1_000},101.5,${(1 / 101.5) * 1e4},0,,`,
      `${T + 2_000},102,${(2 / 102) * 1e4},0,,`,
      '',
    ]);
    // The header and the first row were out before the second batch was read.
    expect(run.printedAfterBatch[0]).toBeGreaterThan('time,mid,spread_bps,imbalance,buy_cost_bps,sell_cost_bps\n'.length);
    expect(run.notes).toEqual([]);
  });

  it('keeps to [from, to): a row or trade at `to` is out, one at `from` is in', async () => {
    const depth = await metrics(['depth', '--from', String(T + 1_000), '--to', String(T + 2_000)], books.map((inputs) => ({ books: inputs })));
    expect(depth.out.split('\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual([String(T + 1_000)]);
    const wider = await metrics(['depth', '--from', String(T + 1_000), '--to', String(T + 2_001)], books.map((inputs) => ({ books: inputs })));
    expect(wider.out.split('\n').slice(1, -1).map((line) => line.split(',')[0])).toEqual([String(T + 1_000), String(T + 2_000)]);
    const trades: Trade[] = [
      [T + 999, 100, 1, 1],
      [T + 1_000, 100, 2, -1],
      [T + 1_999, 100, 4, 0],
      [T + 2_000, 100, 8, 1],
    ];
    const cvd = await metrics(['cvd', '--from', String(T + 1_000), '--to', String(T + 2_000)], [{ trades }]);
    expect(cvd.out).toBe(`time,price,quantity,side,cvd,unknown_volume\n${T + 1_000},100,2,sell,-2,0\n${T + 1_999},100,4,,-2,4\n`);
  });

  it('says what it left out or did not find, in its own words', async () => {
    const empty = await metrics(['depth', '--from', String(T + 5_000)], books.map((inputs) => ({ books: inputs })), { otherMarketRecords: 7, source: 'test', market: 'BTC-USD' });
    expect(empty.out).toBe('time,mid,spread_bps,imbalance,buy_cost_bps,sell_cost_bps\n');
    expect(empty.notes).toEqual([
      'the book has no event in that range',
      'left out 7 records of other markets or instruments than test BTC-USD (choose with --source, --market, --instrument)',
    ]);
    const elsewhere = await metrics(['markout-summary', '--market', 'ETH-USD', '--horizons', '1s'], [{ books: books.flat(), trades: [[T + 10, 101, 1, 0]] }]);
    expect(elsewhere.notes).toEqual(['no order book of that market was found: every markout is null', '1 trades of unknown side have no markout and are in no row']);
    // 100: 2, 101: 3 (the POC), 102: 1; 70 % of 6 is 4.2: the POC and the larger side below it.
    const profile = await metrics(['profile', '--step', '1'], [{ trades: [[T, 100, 2, 1], [T + 1, 101, 3, -1], [T + 2, 102, 1, 0]] }]);
    expect(profile.notes).toEqual(['POC 101, value area 100 to 101 (5 of 6)']);
  });
});

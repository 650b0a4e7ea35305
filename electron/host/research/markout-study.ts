import type { ResearchMarkouts } from '../../../shared/contract/research-schemas.ts';
import { ChosenBookReplay, type BookChoice } from '../../../shared/research/chosen-book-replay.ts';
import { largestTrades, markoutSummary, defaultSizeEdges } from '../../../shared/research/markout-summary.ts';
import { defaultHorizonsMs, markouts } from '../../../shared/research/markouts.ts';
import { MidSeriesRecorder } from '../../../shared/research/mid-series.ts';
import { TradeSeriesBuilder, type TradeSeries } from '../../../shared/research/trade-series.ts';
import type { BookInput } from '../book/book-input.ts';
import { inStudyRange, type ResearchStudy, type StudyRange, type StudyResult } from './research-study.ts';
import { finiteOrNull, nullable, numberColumn, plain, sideColumn, tableOf, textColumn, type ResearchColumn } from './research-table.ts';

/** What a markout study is asked. */
export interface MarkoutStudyParams {
  choice: BookChoice;
  range: StudyRange;
  horizonsMs?: readonly number[] | undefined;
  sizeEdges?: readonly number[] | undefined;
  top?: number | undefined;
}

/** A markout study's output without the fields main adds. */
export type MarkoutOutput = Omit<ResearchMarkouts, 'resultId' | 'read'>;

const sideWords: Readonly<Record<number, string>> = { 1: 'buy', [-1]: 'sell', 0: 'both' };

function horizonLabel(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

function gather(values: ArrayLike<number>, order: ArrayLike<number>): Float64Array {
  return Float64Array.from({ length: order.length }, (_, i) => values[order[i] ?? 0] ?? Number.NaN);
}

/** Per-trade columns (all trades, or those at `order`): time, price, quantity, side, notional, mid at the trade, one markout per horizon. */
function tradeColumns(trades: TradeSeries, midAtTrade: Float64Array, markoutBps: readonly Float64Array[], horizons: readonly number[], order?: ArrayLike<number>): ResearchColumn[] {
  const pick = (values: Float64Array): Float64Array => (order === undefined ? values : gather(values, order));
  const n = order === undefined ? trades.time.length : order.length;
  const price = pick(trades.price);
  const quantity = pick(trades.quantity);
  return [
    numberColumn('time', pick(trades.time), 'timestamp'),
    numberColumn('price', price),
    numberColumn('quantity', quantity),
    sideColumn(trades.side, order),
    numberColumn('notional', Float64Array.from({ length: n }, (_, i) => (price[i] ?? Number.NaN) * (quantity[i] ?? Number.NaN))),
    numberColumn('mid', pick(midAtTrade)),
    ...horizons.map((h, k) => numberColumn(`markout_${horizonLabel(h)}_bps`, pick(markoutBps[k] ?? new Float64Array(trades.time.length).fill(Number.NaN)))),
  ];
}

/**
 * Markouts of a market's trades against its book's mids (`shared/research/markouts.ts`): the
 * chosen book is replayed (resets clear it), its mid recorded after each event; trades in the
 * range are kept. The answer: the summary by side and size bucket with 95 % bands, the largest
 * trades with their markouts, and per horizon how many trades of known side have none.
 */
export class MarkoutStudy implements ResearchStudy<MarkoutOutput> {
  readonly needs = { books: true, trades: true };
  private readonly mids = new MidSeriesRecorder();
  private readonly replay: ChosenBookReplay;
  private readonly trades = new TradeSeriesBuilder();

  constructor(private readonly params: MarkoutStudyParams) {
    this.replay = new ChosenBookReplay(params.choice, [{ after: (book, clock) => this.mids.pushBook(book, clock) }]);
  }

  /** Whether a book of the chosen market was read (without one, every markout is null). */
  get bookRead(): boolean {
    return this.replay.key !== null;
  }

  book(_stream: number, input: BookInput): void {
    this.replay.apply(input);
  }

  trade(time: number, price: number, quantity: number, side: number): void {
    if (inStudyRange(this.params.range, time)) this.trades.push(time, price, quantity, side);
  }

  finish(): StudyResult<MarkoutOutput> {
    const horizons = this.params.horizonsMs ?? defaultHorizonsMs;
    const edges = this.params.sizeEdges ?? defaultSizeEdges;
    const trades = this.trades.build();
    const mids = this.mids.build();
    const table = markouts(trades, mids, { horizonsMs: horizons });
    const summary = markoutSummary(trades, table, edges);
    const order = largestTrades(trades, this.params.top ?? 50);
    const withoutMarkout = table.markoutBps.map((column) => {
      let missing = 0;
      for (let i = 0; i < column.length; i++) if (Number.isNaN(column[i]) && (trades.side[i] === 1 || trades.side[i] === -1)) missing++;
      return missing;
    });
    const notes: string[] = [];
    if (this.replay.key === null) notes.push('No order book of this market was read: every markout is null.');
    if (summary.unknownSide > 0) notes.push(`${summary.unknownSide} trades of unknown side have no markout and are in no row.`);
    const sides = Array.from(summary.side, (code) => sideWords[code] ?? null);
    return {
      output: {
        horizonsMs: [...horizons],
        sizeEdges: [...edges],
        summary: {
          side: plain(summary.side),
          bucket: plain(summary.bucket),
          sizeLow: nullable(summary.sizeLow),
          sizeHigh: nullable(summary.sizeHigh),
          horizonMs: plain(summary.horizonMs),
          trades: plain(summary.trades),
          count: plain(summary.count),
          mean: nullable(summary.mean),
          sd: nullable(summary.sd),
          ciLow: nullable(summary.ciLow),
          ciHigh: nullable(summary.ciHigh),
        },
        unknownSide: summary.unknownSide,
        withoutMarkout,
        large: {
          time: plain(gather(trades.time, order)),
          price: plain(gather(trades.price, order)),
          quantity: plain(gather(trades.quantity, order)),
          side: Array.from(order, (i) => trades.side[i] ?? 0),
          notional: Array.from(order, (i) => (trades.price[i] ?? 0) * (trades.quantity[i] ?? 0)),
          mid: nullable(gather(table.midAtTrade, order)),
          markoutBps: table.markoutBps.map((column) => nullable(gather(column, order))),
        },
        dataEnd: finiteOrNull(table.dataEnd),
      },
      tables: {
        'markout-summary': tableOf([
          textColumn('side', sides),
          numberColumn('size_low', summary.sizeLow),
          numberColumn('size_high', summary.sizeHigh),
          numberColumn('all_sizes', Float64Array.from(summary.bucket, (bucket) => (bucket === -1 ? 1 : 0)), 'int64'),
          numberColumn('horizon_ms', summary.horizonMs, 'int64'),
          numberColumn('trades', summary.trades, 'int64'),
          numberColumn('count', summary.count, 'int64'),
          numberColumn('mean_bps', summary.mean),
          numberColumn('sd_bps', summary.sd),
          numberColumn('ci95_low_bps', summary.ciLow),
          numberColumn('ci95_high_bps', summary.ciHigh),
        ]),
        markouts: tableOf(tradeColumns(trades, table.midAtTrade, table.markoutBps, horizons)),
        'large-trades': tableOf([numberColumn('rank', Float64Array.from(order, (_, i) => i + 1), 'int64'), ...tradeColumns(trades, table.midAtTrade, table.markoutBps, horizons, order)]),
      },
      notes,
    };
  }
}

import type { CandleColumns, FundingColumns, TradeColumns } from '../../../shared/contract/market-schemas.ts';
import type { ParsedInput } from '../../../shared/contract/types.ts';
import type { EventItem } from '../../../shared/rows/event-item.ts';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { ContractHandlers } from '../contract/handlers.ts';
import type { EventHub } from '../contract/event-hub.ts';
import { candleIntervals, type CandleInterval } from '../../../shared/rows/candle-row.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import type { EventsQuery } from '../client/queries.ts';
import { MarketDataError } from '../client/market-data-error.ts';
import type { RowStream } from '../client/row-stream.ts';
import { contractError, contractErrorOf } from '../contract-errors.ts';
import { LatestTickers } from './latest-tickers.ts';
import { LoadRegistry, type LoadContext } from './load-registry.ts';
import { readNewest, type NewestSource, type TimeWindow } from './newest-rows.ts';
import { CandleColumnsBuilder, fundingColumnsOf, fundingRowBytes, FundingRing, tradeColumnsOf, tradeRowBytes, TradeRing } from './series-columns.ts';
import { intervalMs } from '../../../shared/rows/from-records/candle-rows.ts';
import { nextTurn } from '../../base/next-turn.ts';

/** The contract channels this module implements. */
export type MarketHandlers = Pick<
  ContractHandlers,
  | 'market.count'
  | 'market.intervals'
  | 'market.candles'
  | 'market.trades'
  | 'market.funding'
  | 'market.instruments'
  | 'market.optionChain'
  | 'market.intents'
  | 'market.quotes'
  | 'market.events'
  | 'market.eventsStream'
  | 'market.cancel'
>;

/** The bytes the compact columns of one series load may take in main (`column-ring.ts`). */
export const seriesBudgetBytes = { trades: 32 * 2 ** 20, funding: 32 * 2 ** 20 } as const;

/**
 * The most rows one call returns (candles: after folding; option tickers: rows read). Series
 * (candles, trades, funding) keep the newest rows of a longer range and say up to when they left
 * rows out (`droppedUntil`); trades and funding hold as many as their byte budget allows
 * (~1.29M trades, ~524k observations). The row channels hold the earliest rows.
 */
export const marketCaps = {
  candles: 200_000,
  trades: Math.floor(seriesBudgetBytes.trades / tradeRowBytes),
  funding: Math.floor(seriesBudgetBytes.funding / fundingRowBytes),
  instruments: 20_000,
  optionTickers: 500_000,
  intents: 50_000,
  quotes: 50_000,
  events: 20_000,
} as const;

/** The caps of each kind of load. */
export type MarketCaps = { readonly [Kind in keyof typeof marketCaps]: number };

/** How the handlers are set up beyond the client; tests lower the caps. */
export interface MarketHandlersOptions {
  caps?: Partial<MarketCaps>;
}

/** Page size asked of the service: its maximum, so long ranges take the fewest round trips. */
const pageLimit = 1000;
/** The service pages the Events stream asks for, and pushes to the view: small enough that parsing and pushing one stays a few ms. */
export const streamPageLimit = 250;

/** How the handlers reach the active service's client. */
export type ClientOf = () => Promise<{ client: MarketDataClient }>;

/**
 * Reads every row of a stream, page by page, into `take`; reports the rows read so far (`before`
 * plus this stream's) after each page that brought some, and gives the loop a turn between pages.
 */
async function drain<Row>(stream: RowStream<Row>, context: LoadContext, before: number, take: (row: Row) => void): Promise<number> {
  let rows = before;
  for await (const page of stream.pages()) {
    for (const row of page.items) {
      take(row);
      rows++;
    }
    if (page.items.length > 0) context.progress(rows);
    // A page's rows went into columns; the loop answers calls before the next page is read.
    await nextTurn();
  }
  return rows;
}

/** Whether a one-row query found a row. */
async function holdsRows<Row>(stream: RowStream<Row>): Promise<boolean> {
  return (await stream.firstPage()).items.length > 0;
}

/** A paged endpoint as `readNewest` reads it, with progress counted across its windows. */
function pagedSource<Row>(context: LoadContext, open: (window: TimeWindow | null, limit: number) => RowStream<Row>): NewestSource<Row> {
  let read = 0;
  return {
    read: async (window, add) => {
      read = await drain(open(window, pageLimit), context, read, add);
    },
    any: (window) => holdsRows(open(window, 1)),
  };
}

/**
 * Where the newest `cap` candle slots of `range` start: candles open at whole multiples of the
 * interval, so the range's last `cap` such times are its newest candles (the whole range when it
 * holds fewer).
 */
export function newestCandleSlots(range: TimeWindow, intervalMs: number, cap: number): number {
  return Math.max(range.start, range.end - cap * intervalMs + 1);
}

/** Reads rows of a stream up to `cap` (the row channels: the earliest rows of the range). */
async function collectRows<Row>(stream: RowStream<Row>, context: LoadContext, take: (row: Row) => boolean): Promise<boolean> {
  let rows = 0;
  for await (const page of stream.pages()) {
    for (const row of page.items) {
      if (!take(row)) {
        context.progress(rows);
        return true;
      }
      rows++;
    }
    context.progress(rows);
    await nextTurn();
  }
  return false;
}

/** Every row of a stream up to `cap`, with whether the cap cut the range short. */
async function collect<Row>(stream: RowStream<Row>, context: LoadContext, cap: number): Promise<{ rows: Row[]; cap: number; truncated: boolean }> {
  const rows: Row[] = [];
  const truncated = await collectRows(stream, context, (row) => {
    if (rows.length >= cap) return false;
    rows.push(row);
    return true;
  });
  return { rows, cap, truncated };
}

/** The `/events` query of a `market.events*` call, a service page at a time. */
function eventsQueryOf(input: ParsedInput<'market.events'>): EventsQuery {
  return {
    start: input.start,
    end: input.end,
    ...(input.types === undefined ? {} : { types: input.types }),
    ...(input.source === undefined ? {} : { source: input.source }),
    ...(input.market === undefined ? {} : { market: input.market }),
    limit: pageLimit,
  };
}

/** The range of a ranged input, or null for the service's default window. */
function boundsOf(input: { start?: number | undefined; end?: number | undefined }): TimeWindow | null {
  return input.start === undefined || input.end === undefined ? null : { start: input.start, end: input.end };
}

function rangeOf(input: { start?: number | undefined; end?: number | undefined }): { start?: number; end?: number } {
  return input.start === undefined || input.end === undefined ? {} : { start: input.start, end: input.end };
}

function instrumentOf(input: { instrument?: string | undefined }): { instrument?: string } {
  return input.instrument === undefined ? {} : { instrument: input.instrument };
}

/** The refusal of candles of a market read without an instrument that has several. */
function severalInstruments(input: { source: string; market: string }, instruments: readonly (string | null)[]): ContractError {
  const names = instruments.map((name) => name ?? '(none)').join(', ');
  return contractError('invalid-request', 'market.candles', `${input.source}/${input.market} publishes candles of several instruments (${names}), which cannot be one chart`, 'Choose one instrument of this market.');
}

/**
 * A 404 from `/quotes` means the service does not serve the route yet (an empty range is an empty
 * page), so the fix is another data source, not another market or date.
 */
function quotesNotServed(error: unknown): unknown {
  if (!(error instanceof MarketDataError) || error.kind !== 'not-found') return error;
  return contractError('not-found', 'market.quotes', error.message, 'This service does not serve DEX quotes yet; the embedded demo does (Settings → Data source).');
}

/**
 * The `market.*` channels over the active service's client: each load is validated by the
 * contract, checked row by row by the client's guards, cancellable by `requestId` (the client
 * stops paging) and reports rows so far as `market.progress`. Paging, 429 waits and 422 splitting
 * stay in the client; failures cross as contract errors with the service's kind and resolution.
 */
export function marketHandlers(clientOf: ClientOf, events: EventHub, options: MarketHandlersOptions = {}): MarketHandlers {
  const caps: MarketCaps = { ...marketCaps, ...options.caps };
  const loads = new LoadRegistry((requestId, rows) => events.emit('market.progress', { requestId, rows }));

  async function guarded<T>(channel: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw contractErrorOf(error, channel);
    }
  }

  // The load is registered before the client is ready (the embedded service may still be
  // starting), so a cancel that arrives meanwhile is not lost.
  function load<T>(channel: string, requestId: string, work: (client: MarketDataClient, context: LoadContext) => Promise<T>): Promise<T> {
    return guarded(channel, () =>
      loads.run(requestId, channel, async (context) => {
        const { client } = await clientOf();
        context.signal.throwIfAborted();
        return work(client, context);
      }),
    );
  }

  return {
    'market.count': () =>
      guarded('market.count', async () => {
        const { client } = await clientOf();
        const count = await client.count();
        return { sources: count.sources, markets: count.markets, bySource: count.by_source, updatedAt: count.updatedAt };
      }),

    'market.intervals': (input) =>
      guarded('market.intervals', async () => {
        const { client } = await clientOf();
        const found: CandleInterval[] = [];
        // One at a time: anonymous latest-hour queries are limited to two in flight (spec part 8).
        for (const interval of candleIntervals) {
          const page = await client.ohlcv({ source: input.source, market: input.market, ...instrumentOf(input), ...rangeOf(input), interval, limit: 1 }).firstPage();
          if (page.items.length > 0) found.push(interval);
        }
        return { intervals: found };
      }),

    'market.candles': (input) =>
      load('market.candles', input.requestId, async (client, context): Promise<CandleColumns> => {
        const columns = new CandleColumnsBuilder(input.interval, caps.candles);
        const market = { source: input.source, market: input.market, ...instrumentOf(input), interval: input.interval };
        // Only the newest `cap` candle slots are asked for; the rest of the range is left out.
        const start = newestCandleSlots(input, intervalMs[input.interval], caps.candles);
        const stream = client.ohlcv({ ...market, start, end: input.end, limit: pageLimit }, { signal: context.signal });
        let instrument: string | null | undefined;
        await drain(stream, context, 0, (row) => {
          // Columns are one series: candles of several instruments would share open times.
          if (input.instrument === undefined && instrument !== undefined && row.instrument !== instrument) throw severalInstruments(input, [instrument, row.instrument]);
          instrument = row.instrument;
          columns.add(row);
        });
        const olderLeftOut = start > input.start && (await holdsRows(client.ohlcv({ ...market, start: input.start, end: start - 1, limit: 1 }, { signal: context.signal }))) ? start - 1 : null;
        return columns.build(olderLeftOut);
      }),

    'market.trades': (input) =>
      load('market.trades', input.requestId, async (client, context): Promise<TradeColumns> => {
        const market = { source: input.source, market: input.market, ...instrumentOf(input) };
        const newest = await readNewest(boundsOf(input), caps.trades, pagedSource(context, (window, limit) => client.historicalTrades({ ...market, ...(window ?? {}), limit }, { signal: context.signal })), (capacity) => new TradeRing(capacity));
        return tradeColumnsOf(newest.stores, { cap: caps.trades, truncated: newest.droppedUntil !== null, droppedUntil: newest.droppedUntil });
      }),

    'market.funding': (input) =>
      load('market.funding', input.requestId, async (client, context): Promise<FundingColumns> => {
        const market = { source: input.source, market: input.market, ...instrumentOf(input) };
        // The latest-hour variant carries mark, index and open interest; with a key it reads any range.
        const newest = await readNewest(boundsOf(input), caps.funding, pagedSource(context, (window, limit) => client.fundingRates({ ...market, ...(window ?? {}), limit }, { signal: context.signal })), (capacity) => new FundingRing(capacity));
        return fundingColumnsOf(newest.stores, { cap: caps.funding, truncated: newest.droppedUntil !== null, droppedUntil: newest.droppedUntil });
      }),

    'market.instruments': (input) =>
      guarded('market.instruments', async () => {
        const { client } = await clientOf();
        const instruments = [];
        let truncated = false;
        const stream = client.instruments({
          source: input.source,
          market: input.market,
          ...(input.q === undefined || input.q === '' ? {} : { q: input.q }),
          ...(input.expiry === undefined ? {} : { expiry: input.expiry }),
          ...(input.optionType === undefined ? {} : { option_type: input.optionType }),
          limit: pageLimit,
        });
        for await (const entry of stream) {
          if (instruments.length >= caps.instruments) {
            truncated = true;
            break;
          }
          instruments.push(entry);
        }
        return { instruments, cap: caps.instruments, truncated };
      }),

    'market.optionChain': (input) =>
      load('market.optionChain', input.requestId, async (client, context) => {
        const latest = new LatestTickers(caps.optionTickers);
        const stream = client.optionsTicker({ source: input.source, market: input.market, start: input.start, end: input.end, limit: pageLimit }, { signal: context.signal });
        const truncated = await collectRows(stream, context, (row) => latest.add(row));
        return { rows: latest.rows(), cap: caps.optionTickers, truncated };
      }),

    'market.intents': (input) =>
      load('market.intents', input.requestId, (client, context) =>
        collect(client.intents({ source: input.source, market: input.market, ...instrumentOf(input), ...rangeOf(input), limit: pageLimit }, { signal: context.signal }), context, caps.intents),
      ),

    'market.quotes': (input) =>
      load('market.quotes', input.requestId, async (client, context) => {
        try {
          return await collect(client.quotes({ source: input.source, market: input.market, ...instrumentOf(input), ...rangeOf(input), limit: pageLimit }, { signal: context.signal }), context, caps.quotes);
        } catch (error) {
          throw quotesNotServed(error);
        }
      }),

    'market.events': (input) =>
      load('market.events', input.requestId, async (client, context) => {
        const { rows, cap, truncated } = await collect(client.events(eventsQueryOf(input), { signal: context.signal }), context, caps.events);
        return { items: rows, cap, truncated };
      }),

    'market.eventsStream': (input) =>
      load('market.eventsStream', input.requestId, async (client, context) => {
        // Each service page goes to the view as it arrives, so the first draws while the rest are
        // read; pages of `streamPageLimit`, so no one page's parsing and pushing holds this loop long.
        let count = 0;
        let page: EventItem[] = [];
        const flush = (): void => {
          if (page.length > 0) events.emit('market.eventRows', { requestId: input.requestId, items: page });
          page = [];
        };
        const truncated = await collectRows(client.events({ ...eventsQueryOf(input), limit: streamPageLimit }, { signal: context.signal }), context, (item) => {
          if (count >= caps.events) return false;
          count++;
          page.push(item);
          if (page.length >= streamPageLimit) flush();
          return true;
        });
        flush();
        return { count, cap: caps.events, truncated };
      }),

    'market.cancel': ({ requestId }) => Promise.resolve({ cancelled: loads.cancel(requestId) }),
  };
}

import { z } from 'zod';
import { candleIntervals } from '../rows/candle-row.ts';
import type { InstrumentEntry } from '../rows/catalog.ts';
import type { EventItem } from '../rows/event-item.ts';
import type { IntentRow } from '../rows/intent-row.ts';
import type { OptionTickerRow } from '../rows/option-ticker-row.ts';
import type { QuoteRow } from '../rows/quote-row.ts';
import { rowKinds } from '../rows/row-kinds.ts';

// Payloads of the market-data channels (`market.*`), kept beside the channel map. Every row
// crossing here was checked in main by the row guards; series cross as columns (one array per
// field) so that 100k candles arrive and draw fast. Output schemas are not re-parsed on the way
// out; they document the shape and give the types.

const name = z.string().min(1).max(200);
const unixMs = z.number().int().min(0).max(8_640_000_000_000);

/**
 * Names one long load so it can be cancelled (`market.cancel`) and report progress
 * (`market.progress`); the renderer makes it, unique per call.
 */
export const requestIdSchema = z.string().min(1).max(100);

/** A market of a source, optionally one venue-native instrument of it. */
const marketFields = { source: name, market: name, instrument: name.optional() };

/** An inclusive time range in Unix ms, `start` ≤ `end`. */
const rangeFields = { start: unixMs, end: unixMs };

function orderedRange<T extends { start: number; end: number }>(value: T, ctx: z.RefinementCtx): void {
  if (value.end < value.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be at or after start' });
}

/** Input of `market.candles`: one canonical interval over a range of candle open times. */
export const candlesInput = z
  .object({ ...marketFields, ...rangeFields, interval: z.enum(candleIntervals), requestId: requestIdSchema })
  .superRefine(orderedRange);

function optionalRange<T extends { start?: number | undefined; end?: number | undefined }>(value: T, ctx: z.RefinementCtx): void {
  if ((value.start === undefined) !== (value.end === undefined)) ctx.addIssue({ code: 'custom', path: ['end'], message: 'give both start and end, or neither' });
  else if (value.start !== undefined && value.end !== undefined && value.end < value.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be at or after start' });
}

/**
 * Input of the ranged row channels (`market.trades`, `market.funding`, `market.intents`,
 * `market.quotes`). Without `start` and `end` the service's default window is served: the latest
 * ten minutes (trades) or hour (the others), which is what anonymous access allows (spec 4.14).
 */
export const rangedRowsInput = z
  .object({ ...marketFields, start: unixMs.optional(), end: unixMs.optional(), requestId: requestIdSchema })
  .superRefine(optionalRange);

/**
 * Input of `market.intervals`: which canonical candle intervals a market publishes, judged over
 * `start`..`end` (a market whose data ended long ago), or the latest hour without them.
 */
export const intervalsInput = z.object({ ...marketFields, start: unixMs.optional(), end: unixMs.optional() }).superRefine(optionalRange);

/** Input of `market.instruments` (`/catalog/instruments`: `q`, `expiry`, `option_type`). */
export const instrumentsInput = z.object({
  source: name,
  market: name,
  q: z.string().max(200).optional(),
  expiry: unixMs.optional(),
  optionType: z.enum(['call', 'put']).optional(),
});

/** Input of `market.optionChain`: the latest ticker of each contract of an underlying, inside a range. */
export const optionChainInput = z.object({ source: name, market: name, ...rangeFields, requestId: requestIdSchema }).superRefine(orderedRange);

/** Input of `market.events`: the mixed stream (a key is required). */
export const eventsInput = z
  .object({
    ...rangeFields,
    types: z.array(z.enum(rowKinds)).min(1).max(rowKinds.length).optional(),
    source: name.optional(),
    market: name.optional(),
    requestId: requestIdSchema,
  })
  .superRefine(orderedRange);

const numbers = z.array(z.number());
const nullableNumbers = z.array(z.number().nullable());

/** How a load ended short: the most rows one call returns, reached before the range's end. */
const cutShort = {
  /** True when the cap was reached: the columns hold the first `cap` rows of the range. */
  truncated: z.boolean(),
  /** The most rows (after folding) one call returns. */
  cap: z.number().int().positive(),
};

/**
 * How a series load (candles, trades, funding) was cut to its budget: it keeps the newest rows of
 * the range, so what is left out is its start.
 */
const seriesCut = {
  /** True when rows of the range were left out; they are all at or before `droppedUntil`. */
  truncated: z.boolean(),
  /** The most rows (after folding) one call keeps: its byte budget over the bytes of a row. */
  cap: z.number().int().positive(),
  /**
   * Rows at or before this time (Unix ms: collector time, or candle open time) were left out to
   * stay within the budget; every row of the range after it is here. Null when nothing was.
   */
  droppedUntil: unixMs.nullable(),
};

/**
 * Candles of one interval with revisions folded in main (`shared/rows/candle-revisions.ts`):
 * column `i` of every array is candle `i`, in open-time order.
 */
export const candleColumnsSchema = z.object({
  interval: z.enum(candleIntervals),
  /** Candle open times, Unix ms, ascending. */
  openTime: numbers,
  open: numbers,
  high: numbers,
  low: numbers,
  close: numbers,
  /** Null where the venue published no volume. */
  baseVolume: nullableNumbers,
  quoteVolume: nullableNumbers,
  tradeCount: nullableNumbers,
  /** Whether the venue marked the candle closed; null where it did not say. */
  closed: z.array(z.boolean().nullable()),
  /** Rows received before folding (each revision counts). */
  revisions: z.number().int().nonnegative(),
  ...seriesCut,
});

/** Candles as columns. */
export type CandleColumns = z.infer<typeof candleColumnsSchema>;

/** Trade side codes of `TradeColumns.side`: a null side is unknown, never a buy. */
export const tradeSideCode = { buy: 1, sell: -1, unknown: 0 } as const;

/** Trades as columns, in collector-time order. */
export const tradeColumnsSchema = z.object({
  /** Collector time, Unix ms. */
  time: numbers,
  price: numbers,
  quantity: numbers,
  /** 1 buy, -1 sell, 0 unknown (the venue sent no side). */
  side: numbers,
  /** 1 where the venue flagged a liquidation, else 0. */
  liquidation: numbers,
  ...seriesCut,
});

/** Trades as columns. */
export type TradeColumns = z.infer<typeof tradeColumnsSchema>;

/**
 * Funding-bearing observations as columns (decimal strings read as numbers for charting). Null
 * means the observation did not publish the field: a gap in the line, never 0.
 */
export const fundingColumnsSchema = z.object({
  /** Collector time, Unix ms. */
  time: numbers,
  fundingRate: nullableNumbers,
  predictedFundingRate: nullableNumbers,
  premium: nullableNumbers,
  markPrice: nullableNumbers,
  indexPrice: nullableNumbers,
  openInterest: nullableNumbers,
  /** When the rate applies, Unix ms. */
  fundingTime: nullableNumbers,
  ...seriesCut,
});

/** Funding observations as columns. */
export type FundingColumns = z.infer<typeof fundingColumnsSchema>;

/** The canonical intervals a market publishes candles at (found by asking `/ohlcv` for one row of each). */
export const candleIntervalsSchema = z.object({ intervals: z.array(z.enum(candleIntervals)) });

/** `/count` totals. */
export const countSchema = z.object({
  sources: z.number().int().nonnegative(),
  markets: z.number().int().nonnegative(),
  bySource: z.record(z.string(), z.number().int().nonnegative()),
  updatedAt: z.string(),
});

/** `/count` totals. */
export type CountView = z.infer<typeof countSchema>;

/** Option contracts from `/catalog/instruments`. */
export const instrumentsSchema = z.object({ instruments: z.array(z.custom<InstrumentEntry>()), ...cutShort });

/** Option contracts. */
export type InstrumentsView = z.infer<typeof instrumentsSchema>;

/** Rows of a ranged row channel, each checked by its row guard in main, in collector-time order. */
function rowsSchema<Row>() {
  return z.object({ rows: z.array(z.custom<Row>()), ...cutShort });
}

/** The latest ticker of each option contract in the range (`market.optionChain`). */
export const optionChainSchema = rowsSchema<OptionTickerRow>();
/** The latest ticker of each option contract. */
export type OptionChainRows = z.infer<typeof optionChainSchema>;

/** Intent observations (`market.intents`). */
export const intentRowsSchema = rowsSchema<IntentRow>();
/** Intent observations. */
export type IntentRows = z.infer<typeof intentRowsSchema>;

/** Quote points (`market.quotes`); one `observation_id` is one ladder. */
export const quoteRowsSchema = rowsSchema<QuoteRow>();
/** Quote points. */
export type QuoteRows = z.infer<typeof quoteRowsSchema>;

/** Items of the mixed stream (`market.events`). */
export const eventItemsSchema = z.object({ items: z.array(z.custom<EventItem>()), ...cutShort });
/** Items of the mixed stream. */
export type EventItems = z.infer<typeof eventItemsSchema>;

/** How `market.eventsStream` ended: the events it pushed (`market.eventRows`), and whether the cap cut the range short. */
export const eventsStreamSchema = z.object({ count: z.number().int().nonnegative(), ...cutShort });
/** How a streamed load of the mixed stream ended. */
export type EventsStreamEnd = z.infer<typeof eventsStreamSchema>;

/** One service page of the mixed stream, pushed while `market.eventsStream` runs (in order, before its answer). */
export const eventRowsSchema = z.object({ requestId: requestIdSchema, items: z.array(z.custom<EventItem>()) });
/** One page of a streamed load of the mixed stream. */
export type EventRows = z.infer<typeof eventRowsSchema>;

/** Progress of a long load, pushed after each page: rows received so far. */
export const marketProgressSchema = z.object({ requestId: requestIdSchema, rows: z.number().int().nonnegative() });

/** Progress of a long load. */
export type MarketProgress = z.infer<typeof marketProgressSchema>;

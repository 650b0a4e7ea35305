import { z } from 'zod';
import { minPriceStep } from '../research/price-buckets.ts';
import { fileIdSchema } from './file-schemas.ts';
import { requestIdSchema } from './market-schemas.ts';

// Payloads of the order-flow research channels (`research.*`, issue F13). The engines
// (`shared/research/`) run in main, in a worker thread; what crosses here is compact columns sized
// for charts. A number that is not known or not defined crosses as null, never as 0 (JSON has no
// NaN). Output schemas document the shape and give the types; they are not re-parsed on the way out.

const name = z.string().min(1).max(200);
const unixMs = z.number().int().min(0).max(8_640_000_000_000);

/** What a research panel reads: a market's range from the active data source, or granted snapshot files. */
export const researchTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('market'), source: name, market: name, instrument: name.optional(), start: unixMs, end: unixMs }),
  /** Files: the market is `source`/`market` when given, else the first one the files hold. */
  z.object({ kind: z.literal('files'), fileIds: z.array(fileIdSchema).min(1).max(200), source: name.optional(), market: name.optional() }),
]);

/** What a research panel reads. */
export type ResearchTarget = z.infer<typeof researchTargetSchema>;

function orderedTarget(value: { target: ResearchTarget }, ctx: z.RefinementCtx): void {
  if (value.target.kind === 'market' && value.target.end <= value.target.start) ctx.addIssue({ code: 'custom', path: ['target', 'end'], message: 'end must be after start' });
}

const ascending = (values: readonly number[]): boolean => values.every((value, i) => i === 0 || value > (values[i - 1] ?? 0));

/** Input of `research.markouts`. */
export const researchMarkoutsInput = z
  .object({
    requestId: requestIdSchema,
    target: researchTargetSchema,
    /** Horizons after each trade, ms, ascending (default 1 s, 5 s, 30 s, 60 s). */
    horizonsMs: z.array(z.number().int().min(1).max(3_600_000)).min(1).max(8).refine(ascending, 'horizons must be strictly ascending').optional(),
    /** Notional edges of the size buckets, ascending (default 0, 1k, 10k, 100k, 1M). */
    sizeEdges: z.array(z.number().min(0).max(1e15)).min(1).max(12).refine(ascending, 'size edges must be strictly ascending').optional(),
    /** How many of the largest trades (by notional) to list with their markouts (default 50). */
    top: z.number().int().min(1).max(500).optional(),
  })
  .superRefine(orderedTarget);

/** Input of `research.depth`. */
export const researchDepthInput = z
  .object({
    requestId: requestIdSchema,
    target: researchTargetSchema,
    /** Half-width of the imbalance band, percent of the mid. */
    bandPct: z.number().gt(0).max(50),
    /** Notional (quote currency) whose cost to trade is measured on each side. */
    notional: z.number().gt(0).max(1e12),
    /** Sampling step, ms; absent: chosen so the range gives about 2,000 samples. */
    stepMs: z.number().int().min(10).max(86_400_000).optional(),
  })
  .superRefine(orderedTarget);

/** Input of `research.latency`. */
export const researchLatencyInput = z
  .object({
    requestId: requestIdSchema,
    target: researchTargetSchema,
    /** Interval of the latency-over-time series, ms; absent: chosen so the range gives about 300 intervals. */
    intervalMs: z.number().int().min(100).max(86_400_000).optional(),
  })
  .superRefine(orderedTarget);

/** Kinds of activity bars. */
export const activityBarKinds = ['tick', 'volume', 'dollar'] as const;

/** Input of `research.activity`: activity bars, CVD and the session volume profile. */
export const researchActivityInput = z
  .object({
    requestId: requestIdSchema,
    target: researchTargetSchema,
    barKind: z.enum(activityBarKinds),
    /** Trades, base volume or notional per bar; absent: chosen so the range gives about 200 bars. */
    barSize: z.number().gt(0).max(1e15).optional(),
    /** Price bucket of the volume profile; absent: chosen so the traded range spans about 60 buckets. */
    priceStep: z.number().min(minPriceStep).max(1e9).optional(),
    /** Interval of the CVD series, ms; absent: chosen so the range gives about 300 intervals. */
    cvdIntervalMs: z.number().int().min(100).max(86_400_000).optional(),
  })
  .superRefine(orderedTarget);

/** Input of `research.venues`: one asset across venues over one range. */
export const researchVenuesInput = z
  .object({
    requestId: requestIdSchema,
    venues: z.array(z.object({ source: name, market: name })).min(2).max(6),
    start: unixMs,
    end: unixMs,
    /** Index of the reference venue for basis and lead–lag (default 0). */
    reference: z.number().int().min(0).max(5).optional(),
    /** Grid step of the lead–lag, ms (default 250: lags −2 s..+2 s are 8 steps each way). */
    lagStepMs: z.number().int().min(10).max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.end <= value.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'end must be after start' });
    if ((value.reference ?? 0) >= value.venues.length) ctx.addIssue({ code: 'custom', path: ['reference'], message: 'the reference must be one of the venues' });
  });

const values = z.array(z.number().nullable());
const counts = z.array(z.number());

/** What a panel read, for its status line and its empty state. */
export const researchReadSchema = z.object({
  /** The market read (for files: the one chosen, or the first the files hold); null when nothing was found. */
  source: z.string().nullable(),
  market: z.string().nullable(),
  bookEvents: z.number().int().nonnegative(),
  trades: z.number().int().nonnegative(),
  /** Records of other markets in the files, left out. */
  otherMarketRecords: z.number().int().nonnegative(),
  /** A cap stopped the read before the range's end (the result covers its earliest part). */
  truncated: z.boolean(),
  /** Things the researcher should know (left-out rows, the cap). */
  notes: z.array(z.string()),
});

/** What a panel read. */
export type ResearchRead = z.infer<typeof researchReadSchema>;

/** Fields every panel's result has: the id its tables are exported under, and what was read. */
const resultFields = { resultId: z.string(), read: researchReadSchema };

/** Output of `research.markouts`. */
export const researchMarkoutsSchema = z.object({
  ...resultFields,
  horizonsMs: counts,
  sizeEdges: counts,
  /** Averages, one row per (side, bucket, horizon): sides buy (1), sell (−1), both (0); bucket −1 is all sizes. */
  summary: z.object({ side: counts, bucket: counts, sizeLow: values, sizeHigh: values, horizonMs: counts, trades: counts, count: counts, mean: values, sd: values, ciLow: values, ciHigh: values }),
  /** Trades of unknown side: no markout, in no row. */
  unknownSide: z.number().int().nonnegative(),
  /** Per horizon: trades of known side whose markout is null (the horizon runs past the data, or no mid). */
  withoutMarkout: counts,
  /** The largest trades by notional, largest first, each with its markouts (one array per horizon). */
  large: z.object({ time: counts, price: counts, quantity: counts, side: counts, notional: counts, mid: values, markoutBps: z.array(values) }),
  /** The last time the books are known; a horizon ending after it has no markout. */
  dataEnd: z.number().nullable(),
});

/** Output of `research.depth`: one row per sample. */
export const researchDepthSchema = z.object({
  ...resultFields,
  stepMs: z.number(),
  bandPct: z.number(),
  notional: z.number(),
  time: counts,
  mid: values,
  spreadBps: values,
  imbalance: values,
  buyCostBps: values,
  sellCostBps: values,
});

/** Output of `research.latency`. */
export const researchLatencySchema = z.object({
  ...resultFields,
  summary: z.object({
    known: z.number(),
    unknown: z.number(),
    min: z.number().nullable(),
    p50: z.number().nullable(),
    p99: z.number().nullable(),
    max: z.number().nullable(),
    mean: z.number().nullable(),
    negative: z.number(),
    lowFence: z.number().nullable(),
    highFence: z.number().nullable(),
    outliers: z.number(),
  }),
  intervalMs: z.number(),
  intervals: z.object({ openTime: counts, known: counts, unknown: counts, p50: values, p99: values, max: values }),
  /** The outliers farthest from the median (at most 50): collector time, latency, and whether a book event or a trade. */
  outliers: z.object({ time: counts, latencyMs: counts, kind: z.array(z.enum(['book', 'trade'])) }),
});

/** Output of `research.activity`. */
export const researchActivitySchema = z.object({
  ...resultFields,
  bars: z.object({
    kind: z.enum(activityBarKinds),
    size: z.number(),
    openTime: counts,
    closeTime: counts,
    open: counts,
    high: counts,
    low: counts,
    close: counts,
    volume: counts,
    buyVolume: counts,
    sellVolume: counts,
    unknownVolume: counts,
    tradeCount: counts,
    complete: counts,
  }),
  cvd: z.object({ intervalMs: z.number(), openTime: counts, delta: counts, cvd: counts, unknownVolume: counts }),
  profile: z.object({
    priceStep: z.number(),
    price: counts,
    volume: counts,
    buyVolume: counts,
    sellVolume: counts,
    unknownVolume: counts,
    pocPrice: z.number().nullable(),
    valueAreaLow: z.number().nullable(),
    valueAreaHigh: z.number().nullable(),
    totalVolume: z.number(),
    valueAreaVolume: z.number(),
  }),
});

/** Output of `research.venues`. */
export const researchVenuesSchema = z.object({
  resultId: z.string(),
  /** `source/market` of each venue, in the order asked. */
  names: z.array(z.string()),
  reference: z.number().int(),
  /** What each venue's read held. */
  reads: z.array(researchReadSchema),
  /** The display grid: step and times; each venue's mid, basis against the reference and spread on it. */
  stepMs: z.number(),
  time: counts,
  mid: z.array(values),
  basisBps: z.array(values),
  spreadBps: z.array(values),
  /** Cross-correlation of mid returns against the reference at lags −2 s..+2 s (a peak at a positive lag: the reference leads). */
  leadLag: z.object({ stepMs: z.number(), lagMs: counts, correlation: z.array(values), pairs: z.array(counts) }),
});

/** The tables each panel exports. */
export const researchTables = ['markout-summary', 'markouts', 'large-trades', 'depth', 'latency', 'latency-events', 'bars', 'cvd', 'profile', 'footprint', 'venues', 'lead-lag'] as const;

/** A table a panel exports. */
export type ResearchTable = (typeof researchTables)[number];

/** Input of `research.export`: one table of a result, written under the library's `exports/` folder. */
export const researchExportInput = z.object({
  resultId: z.string().min(1).max(100),
  table: z.enum(researchTables),
  format: z.enum(['csv', 'parquet']),
  /** The output's file name (no folder); absent: made from the table and the time. */
  name: z.string().min(1).max(200).optional(),
});

/** Where an export landed. */
export const researchExportedSchema = z.object({ path: z.string(), rows: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

/** Progress of a research load: the stage it is in and the rows read so far. */
export const researchProgressSchema = z.object({
  requestId: z.string(),
  stage: z.enum(['books', 'trades', 'computing']),
  rows: z.number().int().nonnegative(),
});

/** Progress of a research load. */
export type ResearchProgress = z.infer<typeof researchProgressSchema>;
/** Output of `research.markouts`. */
export type ResearchMarkouts = z.infer<typeof researchMarkoutsSchema>;
/** Output of `research.depth`. */
export type ResearchDepth = z.infer<typeof researchDepthSchema>;
/** Output of `research.latency`. */
export type ResearchLatency = z.infer<typeof researchLatencySchema>;
/** Output of `research.activity`. */
export type ResearchActivity = z.infer<typeof researchActivitySchema>;
/** Output of `research.venues`. */
export type ResearchVenues = z.infer<typeof researchVenuesSchema>;

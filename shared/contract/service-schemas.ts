import { z } from 'zod';
import type { CatalogMarket } from '../rows/catalog.ts';

/** What the renderer may know about an API key: never the key, only whether and its last 4. */
export const keyStatusSchema = z.object({
  /** The base URL the key belongs to; null when no remote service is configured. */
  baseUrl: z.string().nullable(),
  hasKey: z.boolean(),
  last4: z.string().nullable(),
  storage: z.enum(['keychain', 'session']),
  warning: z.string().nullable(),
});

/** What the renderer may know about an API key. */
export type KeyStatusView = z.infer<typeof keyStatusSchema>;

/** Input of `keys.set`: the key travels renderer → main once, and never back. */
export const setKeyInput = z.object({ key: z.string().min(1, 'Paste the API key').max(4096) });

const nullableNumber = z.number().nullable();

/** The latest rate-limit and monthly-usage figures of the active service. */
export const usageSchema = z.object({
  baseUrl: z.string().nullable(),
  rateLimit: z.object({ limit: nullableNumber, remaining: nullableNumber, resetSeconds: nullableNumber }).nullable(),
  monthly: z.object({ limit: nullableNumber, remaining: nullableNumber, resetSeconds: nullableNumber }).nullable(),
  observedAt: nullableNumber,
});

/** The latest usage figures. */
export type UsageView = z.infer<typeof usageSchema>;

const catalogTerm = z.union([z.string(), z.number()]).nullable();
const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'should be an ISO-8601 date-time');

/**
 * One market of a service's catalog, as the field notes describe it ("Catalog, count,
 * instruments"). Checked in the main process where remote entries arrive; the client has already
 * filled a missing `symbol` from `market` and flattened the older `{sources: [...]}` shape.
 */
export const catalogMarketSchema: z.ZodType<CatalogMarket> = z.object({
  source: z.string().min(1),
  market: z.string().min(1),
  symbol: z.string().min(1),
  start: instant,
  end: instant,
  source_type: z.string(),
  categories: z.array(z.string()),
  access: z.object({
    status: z.enum(['open', 'preview', 'restricted']),
    public_cutoff_date: z.string().nullable(),
  }),
  instrument: z.object({
    base: z.string().nullable(),
    quote: z.string().nullable(),
    tick_size: catalogTerm,
    lot_size: catalogTerm,
    min_notional: catalogTerm,
  }),
});

/** The catalog of the active data source, with a warning per problem met on the way (malformed entries skipped). */
export const catalogMarketsSchema = z.object({
  markets: z.array(catalogMarketSchema),
  /** Sentences for the user, such as "2 catalog entries were malformed and skipped: …". */
  warnings: z.array(z.string()),
  updatedAt: z.string(),
  simulated: z.boolean(),
});

/** The catalog of the active data source. */
export type CatalogMarkets = z.infer<typeof catalogMarketsSchema>;

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

/** The catalog of the active data source (markets as the service's `/catalog` entries). */
export const catalogMarketsSchema = z.object({
  markets: z.array(z.custom<CatalogMarket>()),
  updatedAt: z.string(),
  simulated: z.boolean(),
});

/** The catalog of the active data source. */
export type CatalogMarkets = z.infer<typeof catalogMarketsSchema>;

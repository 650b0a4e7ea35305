import type { FastifyInstance } from 'fastify';
import type { CatalogMarket, CatalogResponse, CountResponse, InstrumentsResponse } from '../../../shared/rows/catalog.ts';
import { QueryReader } from '../query-params.ts';
import type { ServiceContext } from '../service-context.ts';
import { badRequest, unavailable } from '../service-error.ts';
import { pageByOffset } from './paging.ts';

function requireMetadata(context: ServiceContext): void {
  if (context.faults.metadata) throw unavailable('Catalog metadata');
}

/** Most ISO instants kept; past it the cache starts again (it only saves work). */
const isoCacheLimit = 250_000;

/**
 * ISO-8601 text of Unix-ms instants, remembered: formatting dominates building a catalog of
 * 20,000 markets (`--extra-markets`), and most coverage bounds are the same from one page to the next.
 */
function isoInstants(): (ms: number) => string {
  const cache = new Map<number, string>();
  return (ms) => {
    let text = cache.get(ms);
    if (text === undefined) {
      if (cache.size >= isoCacheLimit) cache.clear();
      text = new Date(ms).toISOString();
      cache.set(ms, text);
    }
    return text;
  };
}

async function catalogMarkets(context: ServiceContext, iso: (ms: number) => string): Promise<CatalogMarket[]> {
  const datasets = context.store.datasets();
  // One wait for all coverages rather than one per dataset: the catalog may hold 100,000.
  const coverages = await Promise.all(datasets.map((dataset) => context.store.coverage(dataset.source, dataset.market)));
  const markets: CatalogMarket[] = [];
  datasets.forEach((dataset, index) => {
    const coverage = coverages[index];
    if (coverage === null || coverage === undefined) return;
    markets.push({
      source: dataset.source,
      market: dataset.market,
      symbol: dataset.symbol,
      start: iso(coverage.start),
      end: iso(coverage.end),
      source_type: dataset.sourceType,
      categories: dataset.categories,
      access: { status: dataset.access.status, public_cutoff_date: dataset.access.publicCutoffDate },
      instrument: dataset.terms,
    });
  });
  return markets;
}

/** `/catalog`, `/catalog/instruments` and `/count` (spec 4.1 to 4.3). */
export function registerCatalogRoutes(app: FastifyInstance, context: ServiceContext): void {
  const iso = isoInstants();
  app.get('/catalog', async (request): Promise<CatalogResponse> => {
    requireMetadata(context);
    const reader = new QueryReader(request.query);
    const source = reader.string('source');
    const market = reader.string('market');
    const symbol = reader.string('symbol');
    const q = reader.string('q')?.toLowerCase();
    if (market !== undefined && source === undefined) {
      throw badRequest('"market" requires "source"', 'Add the source of the market, or search with "q" or "symbol".');
    }
    const limit = reader.limit('cap');
    const matching = (await catalogMarkets(context, iso)).filter(
      (entry) =>
        (source === undefined || entry.source === source) &&
        (market === undefined || entry.market === market) &&
        (symbol === undefined || entry.symbol === symbol) &&
        (q === undefined ||
          [entry.source, entry.market, entry.symbol, ...entry.categories].some((field) => field.toLowerCase().includes(q))),
    );
    const page = pageByOffset(context, reader, '/catalog', matching, limit);
    return {
      updatedAt: new Date(context.now()).toISOString(),
      markets: page.items,
      total: matching.length,
      limit,
      has_more: page.hasMore,
      next_cursor: page.nextCursor,
    };
  });

  app.get('/catalog/instruments', async (request): Promise<InstrumentsResponse> => {
    requireMetadata(context);
    const reader = new QueryReader(request.query);
    const source = reader.requiredString('source');
    const market = reader.requiredString('market');
    const instrument = reader.string('instrument');
    const expiry = reader.integer('expiry');
    const optionType = reader.string('option_type');
    if (optionType !== undefined && optionType !== 'call' && optionType !== 'put') {
      throw badRequest(`"option_type" must be call or put, not "${optionType}"`, 'Send option_type=call or option_type=put.');
    }
    const q = reader.string('q')?.toLowerCase();
    const limit = reader.limit('reject', 1000);
    const matching = (await context.store.instruments(source, market)).filter(
      (entry) =>
        (instrument === undefined || entry.instrument === instrument) &&
        (expiry === undefined || entry.expiry_timestamp === expiry) &&
        (optionType === undefined || entry.option_type === optionType) &&
        (q === undefined || entry.instrument.toLowerCase().includes(q) || entry.strike.includes(q)),
    );
    const page = pageByOffset(context, reader, '/catalog/instruments', matching, limit);
    return { updatedAt: new Date(context.now()).toISOString(), instruments: page.items, next_cursor: page.nextCursor };
  });

  app.get('/count', async (): Promise<CountResponse> => {
    requireMetadata(context);
    const markets = await catalogMarkets(context, iso);
    const bySource: Record<string, number> = {};
    for (const entry of markets) bySource[entry.source] = (bySource[entry.source] ?? 0) + 1;
    return {
      updatedAt: new Date(context.now()).toISOString(),
      sources: Object.keys(bySource).length,
      markets: markets.length,
      by_source: bySource,
    };
  });
}

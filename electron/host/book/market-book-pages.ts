import { anonymousLatestHourWindowMs, anonymousRefusal, type AccessFamily } from '../../../shared/access-windows.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { BookReplayMarketInput } from '../../../shared/contract/book-replay-schemas.ts';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import type { RowPage } from '../client/row-page.ts';
import { contractErrorOf, keyNeededError } from '../contract-errors.ts';

/** The client method a market replay pages with. */
export type MarketBookRoute = 'l2Orderbooks' | 'l2Updates' | 'historicalOrderbookL2';

/** Which endpoint serves a market replay's rows, and under which access window. */
export interface MarketBookPlan {
  route: MarketBookRoute;
  path: string;
  family: AccessFamily;
}

/** The market, instrument and range a market replay reads. */
export type MarketBookQuery = Pick<BookReplayMarketInput, 'source' | 'market' | 'instrument' | 'start' | 'end' | 'rows'>;

/** Rows per page asked of the service: its maximum, so a range takes the fewest round trips. */
const pageLimit = 1000;

/**
 * Where a market replay's rows come from (spec 4.8, 4.11, 4.12). The service's books always come
 * from `/l2-orderbooks`. Source events inside the rolling last hour come from `/l2-updates`, which
 * serves that hour without a key; a range that starts earlier is history, read from
 * `/historical/orderbook-l2` (the same rows; either way a key is needed before the last hour).
 */
export function marketBookPlan(query: Pick<MarketBookQuery, 'rows' | 'start'>, now: number): MarketBookPlan {
  if (query.rows === 'l2-orderbooks') return { route: 'l2Orderbooks', path: '/l2-orderbooks', family: 'latest-hour' };
  if (query.start >= now - anonymousLatestHourWindowMs) return { route: 'l2Updates', path: '/l2-updates', family: 'latest-hour' };
  return { route: 'historicalOrderbookL2', path: '/historical/orderbook-l2', family: 'historical' };
}

/**
 * The refusal to send a market replay the service would refuse without a key (spec 4.14), as
 * the `needs-api-key` contract error a view answers with "Add API key"; null when it may go.
 */
export function marketBookRefusal(plan: MarketBookPlan, query: MarketBookQuery, hasKey: boolean, now: number, channel: string): ContractError | null {
  if (hasKey) return null;
  const reason = anonymousRefusal(plan.family, plan.path, { start: query.start, end: query.end }, now);
  if (reason === null) return null;
  return keyNeededError(channel, reason);
}

/**
 * The pages of a market replay, read through the real client (its paging, 429 waits and, for
 * `/l2-orderbooks`, 422 splitting). A failure is rethrown as a contract error with the service's
 * kind, message and resolution, which the book worker client passes on to the replay's end.
 */
export async function* marketBookPages(
  clientOf: () => Promise<{ client: MarketDataClient }>,
  plan: MarketBookPlan,
  query: MarketBookQuery,
  signal: AbortSignal,
  channel: string,
): AsyncGenerator<RowPage<L2Row>, void, undefined> {
  try {
    const { client } = await clientOf();
    signal.throwIfAborted();
    const filter = {
      source: query.source,
      market: query.market,
      ...(query.instrument === undefined ? {} : { instrument: query.instrument }),
      start: query.start,
      end: query.end,
      limit: pageLimit,
    };
    const stream = plan.route === 'l2Orderbooks' ? client.l2Orderbooks(filter, { signal }) : client[plan.route](filter, { signal });
    yield* stream.pages();
  } catch (error) {
    throw contractErrorOf(error, channel);
  }
}

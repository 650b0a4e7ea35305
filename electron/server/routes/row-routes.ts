import type { FastifyInstance, FastifyRequest } from 'fastify';
import { candleIntervals } from '../../../shared/rows/candle-row.ts';
import { principalName, resolveWindow, type AccessFamily } from '../access-policy.ts';
import { QueryReader, type LimitRule } from '../query-params.ts';
import type { ServedRow } from '../rows/hour-rows.ts';
import { isRowPosition, QueryTooExpensive, RowMerge } from '../rows/row-pager.ts';
import type { RowKind } from '../../../shared/rows/row-kinds.ts';
import type { ServiceContext } from '../service-context.ts';
import { badRequest, rateLimited, ServiceHttpError, unavailable } from '../service-error.ts';
import { hourMs } from '../../../shared/time/time-units.ts';
import { isOneOf } from '../../../shared/guards/one-of.ts';

/** One typed row endpoint: its path, row kind, access family, limit rule and extra filter. */
interface RowEndpoint {
  path: string;
  kind: RowKind;
  family: AccessFamily;
  limitRule: LimitRule;
  /** Latest-hour funding rows carry mark, index and open interest. */
  latestHourFunding?: boolean;
  /** The endpoint's extra exact-match parameter (`interval`, `intent_id`, `observation_id`). */
  extra?: 'interval' | 'intent_id' | 'observation_id';
}

/** Spec 4.7 to 4.11: the four historical endpoints and the seven latest-hour endpoints. */
export const rowEndpoints: readonly RowEndpoint[] = [
  { path: '/historical/trades', kind: 'trade', family: 'historical', limitRule: 'reject' },
  { path: '/historical/orderbook-l2', kind: 'l2_update', family: 'historical', limitRule: 'reject' },
  { path: '/historical/funding-rates', kind: 'funding_rate', family: 'historical', limitRule: 'reject' },
  { path: '/historical/options-ticker', kind: 'option_ticker', family: 'historical', limitRule: 'reject' },
  { path: '/l2-updates', kind: 'l2_update', family: 'latest-hour', limitRule: 'reject' },
  { path: '/funding-rates', kind: 'funding_rate', family: 'latest-hour', limitRule: 'reject', latestHourFunding: true },
  { path: '/perpetual-ticker', kind: 'funding_rate', family: 'latest-hour', limitRule: 'reject', latestHourFunding: true },
  { path: '/options-ticker', kind: 'option_ticker', family: 'latest-hour', limitRule: 'cap' },
  { path: '/ohlcv', kind: 'ohlcv', family: 'latest-hour', limitRule: 'cap', extra: 'interval' },
  { path: '/intents', kind: 'intent', family: 'latest-hour', limitRule: 'reject', extra: 'intent_id' },
  { path: '/quotes', kind: 'quote', family: 'latest-hour', limitRule: 'reject', extra: 'observation_id' },
];

/** A row's value of an endpoint's extra exact-match parameter (undefined on rows without that field). */
function extraValueOf(row: ServedRow, name: NonNullable<RowEndpoint['extra']>): unknown {
  switch (name) {
    case 'interval':
      return 'interval' in row ? row.interval : undefined;
    case 'intent_id':
      return 'intent_id' in row ? row.intent_id : undefined;
    case 'observation_id':
      return 'observation_id' in row ? row.observation_id : undefined;
  }
}

/** Endpoints whose anonymous queries are bounded in read size and concurrency (spec part 8). */
const anonymousBoundedPaths = new Set(['/l2-updates', '/funding-rates', '/perpetual-ticker', '/options-ticker', '/ohlcv']);

/** Anonymous latest-hour data queries allowed at once (spec part 8: 2 per replica). */
const anonymousConcurrency = 2;

/** The datasets a source/market filter selects that can hold any of the given row kinds. */
export function selectDatasets(
  context: ServiceContext,
  source: string | undefined,
  market: string | undefined,
  kinds: readonly RowKind[],
): { source: string; market: string }[] {
  return context.store
    .datasets()
    .filter(
      (dataset) =>
        (source === undefined || dataset.source === source) &&
        (market === undefined || dataset.market === market) &&
        (dataset.rowKinds === undefined || kinds.some((kind) => dataset.rowKinds?.includes(kind) === true)),
    );
}

/** Registers every typed row endpoint. */
export function registerRowRoutes(app: FastifyInstance, context: ServiceContext): void {
  let anonymousInFlight = 0;
  for (const endpoint of rowEndpoints) {
    app.get(endpoint.path, async (request: FastifyRequest) => {
      const reader = new QueryReader(request.query);
      const source = reader.string('source');
      const market = reader.string('market');
      const instrument = reader.string('instrument');
      const start = reader.integer('start');
      const end = reader.integer('end');
      const limit = reader.limit(endpoint.limitRule);
      const extraValue = endpoint.extra === undefined ? undefined : reader.string(endpoint.extra);
      if (endpoint.extra === 'interval' && extraValue !== undefined && !isOneOf(candleIntervals, extraValue)) {
        throw badRequest(`"interval" must be one of ${candleIntervals.join(', ')}, not "${extraValue}"`, 'Send an exact canonical interval such as 1m.');
      }
      const principal = context.principalOf(request);
      const now = context.now();
      const binding = reader.bindingKey(endpoint.path);
      const cursor = reader.string('cursor');
      const after = cursor === undefined ? undefined : context.cursors.decode(binding, cursor, isRowPosition);
      // Anonymous continuation on the latest-hour family skips rows that aged out of the hour
      // (spec 4.0.5): a start that was public when the first page was served is not refused later.
      const anonymousLatest = endpoint.family === 'latest-hour' && principal.kind === 'anonymous';
      const publicFrom = now - hourMs;
      if (anonymousLatest && after !== undefined && end !== undefined && end < publicFrom) return { items: [], has_more: false, next_cursor: null };
      const continuedStart = anonymousLatest && after !== undefined && start !== undefined ? Math.max(start, publicFrom) : start;
      const range = resolveWindow(endpoint.family, continuedStart, end, principal, now);
      if (context.faults.storage) throw unavailable('Snapshot storage');
      if (anonymousLatest) range.start = Math.max(range.start, publicFrom);
      const anonymousBounded = anonymousLatest && anonymousBoundedPaths.has(endpoint.path);
      if (anonymousBounded && anonymousInFlight >= anonymousConcurrency) {
        throw rateLimited('too_many_concurrent_queries', `At most ${anonymousConcurrency} anonymous queries run at once`, 'Retry in a moment, or send an API key.', context.now(), context.now() + 1000);
      }
      if (anonymousBounded) anonymousInFlight++;
      try {
        const extra = endpoint.extra;
        // A client following its cursor goes on with the merge its last page left (not on the
        // latest-hour family without a key, whose continuation drops rows that aged out).
        const resumable = !anonymousLatest;
        const who = principalName(principal);
        const merge =
          (resumable && cursor !== undefined ? context.merges.take(cursor, who) : undefined) ??
          new RowMerge(context.store, {
            kinds: [endpoint.kind],
            datasets: selectDatasets(context, source, market, [endpoint.kind]),
            range,
            instrument,
            ...(extra !== undefined && extraValue !== undefined ? { accept: (row: ServedRow) => extraValueOf(row, extra) === extraValue } : {}),
            after,
            options: { latestHourFunding: endpoint.latestHourFunding === true, candlesByCollectorTime: false },
            ...(anonymousBounded ? { maxReadBytes: context.anonymousReadBytes } : {}),
          });
        const page = await context.reads.run(() => merge.page(limit));
        const nextCursor = page.hasMore && page.last !== null ? context.cursors.encode(binding, page.last) : null;
        if (resumable && nextCursor !== null) context.merges.keep(nextCursor, who, merge);
        return {
          items: page.rows.map((entry) => entry.row),
          has_more: page.hasMore,
          next_cursor: nextCursor,
        };
      } catch (error) {
        if (error instanceof QueryTooExpensive) {
          throw new ServiceHttpError(422, 'query_too_expensive', `This anonymous query exceeds its read size (${error.message})`, 'Narrow the time range or filter by source and market, or send an API key.');
        }
        throw error;
      } finally {
        if (anonymousBounded) anonymousInFlight--;
      }
    });
  }
}

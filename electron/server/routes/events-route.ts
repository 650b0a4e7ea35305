import type { FastifyInstance } from 'fastify';
import { principalName, resolveWindow } from '../access-policy.ts';
import type { MonthlyUsage } from '../monthly-usage.ts';
import { QueryReader } from '../query-params.ts';
import { isRowPosition, QueryTooExpensive, RowMerge } from '../rows/row-pager.ts';
import { isRowKind, rowKinds, type RowKind } from '../../../shared/rows/row-kinds.ts';
import type { ServiceContext } from '../service-context.ts';
import { badRequest, rateLimited, ServiceHttpError, unavailable } from '../service-error.ts';
import { selectDatasets } from './row-routes.ts';

/** `/events` (spec 4.13): the seven row kinds merged in one collector-time order, key required. */
export function registerEventsRoute(app: FastifyInstance, context: ServiceContext, usage: MonthlyUsage): void {
  app.get('/events', async (request, reply) => {
    const reader = new QueryReader(request.query);
    const start = reader.integer('start');
    const end = reader.integer('end');
    const typesText = reader.string('types');
    const kinds: RowKind[] = typesText === undefined ? [...rowKinds] : typesText.split(',').map((name) => name.trim()).filter((name) => name !== '').map((name) => {
      if (!isRowKind(name)) throw badRequest(`Unknown type "${name}" in "types"`, `Use a comma-separated subset of ${rowKinds.join(', ')}.`);
      return name;
    });
    if (kinds.length === 0) throw badRequest('"types" is empty', `Use a comma-separated subset of ${rowKinds.join(', ')}, or leave it out.`);
    const source = reader.string('source');
    const market = reader.string('market');
    const instrument = reader.string('instrument');
    const limit = reader.limit('cap');
    const principal = context.principalOf(request);
    const range = resolveWindow('events', start, end, principal, context.now());
    if (principal.kind === 'key') {
      const monthly = usage.record(principal.key, context.now());
      void reply.headers(monthly.headers);
      if (monthly.exhausted) {
        throw rateLimited('monthly_quota_exhausted', 'The monthly /events allowance of this key is used up', 'Wait for the monthly reset or raise the plan.', context.now(), monthly.resetAt, monthly.headers);
      }
    }
    if (context.faults.storage) throw unavailable('Snapshot storage');
    const binding = reader.bindingKey('/events');
    const cursor = reader.string('cursor');
    const after = cursor === undefined ? undefined : context.cursors.decode(binding, cursor, isRowPosition);
    const who = principalName(principal);
    try {
      // A client following its cursor goes on with the merge its last page left; otherwise one starts at the cursor.
      const merge =
        (cursor === undefined ? undefined : context.merges.take(cursor, who)) ??
        new RowMerge(context.store, {
          kinds,
          datasets: selectDatasets(context, source, market, kinds),
          range,
          instrument,
          after,
          options: { latestHourFunding: false, candlesByCollectorTime: true },
          maxHourFiles: context.eventsMaxHourFiles,
        });
      const page = await context.reads.run(() => merge.page(limit));
      const nextCursor = page.hasMore && page.last !== null ? context.cursors.encode(binding, page.last) : null;
      if (nextCursor !== null) context.merges.keep(nextCursor, who, merge);
      return {
        items: page.rows.map(({ kind, row }) => ({ type: kind, data: row })),
        has_more: page.hasMore,
        next_cursor: nextCursor,
      };
    } catch (error) {
      if (error instanceof QueryTooExpensive) {
        throw new ServiceHttpError(422, 'query_too_expensive', `This /events query exceeds its work limit (${error.message})`, 'Narrow the time range, or filter by source, market or types.');
      }
      throw error;
    }
  });
}

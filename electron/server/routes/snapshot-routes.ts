import type { FastifyInstance } from 'fastify';
import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { DailyManifest, SnapshotDownloadLink, SnapshotListing } from '../../../shared/rows/snapshots.ts';
import { checkDatasetAccess } from '../dataset-access.ts';
import { QueryReader } from '../query-params.ts';
import type { ServiceContext } from '../service-context.ts';
import { authRequired, badRequest, ServiceHttpError, unavailable } from '../service-error.ts';
import { parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { storedFileOf, type HourFile } from '../store/market-data-store.ts';
import { parseUtcDate, parseUtcInstant } from '../utc-time.ts';
import { listingPage } from '../store/snapshot-listing.ts';
import { dayMs } from '../../../shared/time/time-units.ts';
import { isNumberPosition } from '../cursor.ts';


function findDataset(context: ServiceContext, source: string, market: string): DatasetDescriptor | undefined {
  return context.store.datasets().find((dataset) => dataset.source === source && dataset.market === market);
}

function requireStorage(context: ServiceContext): void {
  if (context.faults.storage) throw unavailable('Snapshot storage');
}

/** `/snapshots`, `/snapshots/download` and `/download` (spec 4.4 to 4.6). */
export function registerSnapshotRoutes(app: FastifyInstance, context: ServiceContext): void {
  app.get('/snapshots', async (request): Promise<SnapshotListing> => {
    requireStorage(context);
    const reader = new QueryReader(request.query);
    const source = reader.requiredString('source');
    const market = reader.requiredString('market');
    const raw = reader.boolean('raw');
    const now = context.now();
    const toText = reader.string('to');
    const fromText = reader.string('from');
    const to = toText === undefined ? now : parseUtcInstant('to', toText);
    const from = fromText === undefined ? to - dayMs : parseUtcInstant('from', fromText);
    if (from > to) throw badRequest('"from" is after "to"', 'Send a from earlier than to.');
    const limit = reader.limit('reject');
    const principal = context.principalOf(request);
    if (raw && principal.kind === 'anonymous') throw authRequired('Listing raw files needs an API key with a paid subscription');
    if (raw && principal.kind === 'key' && principal.tier !== 'paid') {
      throw new ServiceHttpError(403, 'forbidden', 'Listing raw files needs a paid subscription; this API key has none', 'Use a key with a paid subscription, or list standard files (leave raw out).');
    }
    const binding = reader.bindingKey('/snapshots');
    const cursor = reader.string('cursor');
    const resumeAt = cursor === undefined ? Number.NEGATIVE_INFINITY : context.cursors.decode(binding, cursor, isNumberPosition);
    const dataset = findDataset(context, source, market);
    // The demo keeps only standardized files, so a raw listing is empty.
    const hours = raw || dataset === undefined ? [] : await context.store.hours(source, market, from, to);
    const budget = principal.kind === 'anonymous' ? context.listingBudget.anonymous : context.listingBudget.keyed;
    const page = await listingPage(context.store, hours, resumeAt, limit, budget);
    return {
      source,
      market,
      access: {
        status: dataset?.access.status ?? 'open',
        public_cutoff_date: dataset?.access.publicCutoffDate ?? null,
      },
      total: page.files.length,
      // Bytes of the files in this response: the demo has not built the others yet, and no count is guessed.
      total_bytes: page.files.reduce((sum, file) => sum + storedFileOf(file).bytes, 0),
      // Where the generation budget ended the page, its effective size (spec 2.12) is what it holds.
      limit: page.cutShort ? page.files.length : limit,
      has_more: page.resumeAt !== null,
      ...(page.resumeAt !== null ? { next_cursor: context.cursors.encode(binding, page.resumeAt) } : {}),
      // A whole-day file is one entry with its own key and no hour, as the service lists daily files.
      snapshots: page.files.map((file) => (file.dayFile === undefined ? { date: file.date, hour: file.hour, key: file.key } : { date: file.date, key: file.dayFile.key })),
    };
  });

  app.get('/snapshots/download', async (request, reply) => {
    requireStorage(context);
    const reader = new QueryReader(request.query);
    const key = reader.requiredString('key');
    const mode = reader.string('mode');
    if (mode !== undefined && mode !== 'url' && mode !== 'json') {
      throw badRequest(`"mode" must be url or json, not "${mode}"`, 'Leave mode out for a redirect, or send mode=url.');
    }
    // Any spelling of a key names its file: `…-HH`, `…-HHMMSS`, or a whole day.
    const parts = parseSnapshotKey(key);
    const hour = parts === null ? null : await context.store.hourByKey(parts.key);
    const file = hour === null ? null : await context.store.file(hour);
    const dataset = parts === null ? undefined : findDataset(context, parts.source, parts.market);
    if (parts === null || file === null || dataset === undefined) {
      throw new ServiceHttpError(404, 'not_found', `No snapshot file has the key "${key}"`, 'Take keys from /snapshots.');
    }
    if (parts.named !== parts.start) {
      // `…-131500` names a file that starts at 13:15; every file here starts on its hour.
      throw new ServiceHttpError(404, 'not_found', `No snapshot file has the key "${key}"`, `Take keys from /snapshots: files here start on the hour (${parts.key}).`);
    }
    if (parts.span === 'hour' && file.dayFile !== undefined) {
      throw new ServiceHttpError(404, 'not_found', `No snapshot file has the key "${key}": that hour is stored in the whole-day file "${file.dayFile.key}"`, `Download "${file.dayFile.key}" instead, as /snapshots lists it.`);
    }
    checkDatasetAccess(dataset, parts.date, context.principalOf(request));
    const stored = storedFileOf(file);
    const url = context.signer.sign(context.downloadOrigin(), stored.key, Math.floor(context.now() / 1000) + context.urlTtlSeconds);
    if (mode === undefined) return reply.redirect(url, 302);
    const link: SnapshotDownloadLink = { url, filename: `${stored.key}.jsonl.zst`, expires_in_seconds: context.urlTtlSeconds };
    return link;
  });

  app.get('/download', async (request): Promise<DailyManifest> => {
    const reader = new QueryReader(request.query);
    reader.refuseAliases({ exchange: 'source', asset: 'market' });
    const source = reader.requiredString('source');
    const market = reader.requiredString('market');
    const date = reader.requiredString('date');
    const dayStart = parseUtcDate('date', date);
    requireStorage(context);
    const dataset = findDataset(context, source, market);
    if (dataset !== undefined) checkDatasetAccess(dataset, date, context.principalOf(request));
    const hours = dataset === undefined ? [] : await context.store.hours(source, market, dayStart, dayStart + dayMs);
    // One entry per file: the hours of a whole-day file are one entry (timestamp 000000).
    const files = uniqueStoredFiles(await Promise.all(hours.map((hour) => context.store.file(hour))));
    if (files.length === 0) {
      throw new ServiceHttpError(404, 'not_found', `No snapshot data for ${source}/${market} on ${date}`, 'Check the date against the coverage in /catalog.');
    }
    const expiresAt = Math.floor(context.now() / 1000) + context.urlTtlSeconds;
    return {
      source,
      market,
      date,
      total: files.length,
      total_bytes: files.reduce((sum, file) => sum + storedFileOf(file).bytes, 0),
      snapshots: files.map((file) => ({
        date: file.date,
        timestamp: `${String(file.dayFile === undefined ? file.hour : 0).padStart(2, '0')}0000`,
        key: storedFileOf(file).key,
        url: context.signer.sign(context.downloadOrigin(), storedFileOf(file).key, expiresAt),
        expires_in_seconds: context.urlTtlSeconds,
      })),
    };
  });
}

/** The files of hours, each once: an hour of a whole-day file stands for that file. */
function uniqueStoredFiles(files: readonly HourFile[]): HourFile[] {
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = storedFileOf(file).key;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

import type { Availability, AvailableHour, ManifestSummary } from '../../../shared/contract/library-schemas.ts';
import type { MarketDataClient } from '../client/market-data-client.ts';
import { checkedSegment } from '../../codec/layout/library-layout.ts';
import { canonicalSnapshotKey, parseSnapshotKey } from '../../../shared/snapshot/snapshot-key.ts';
import { hourMs } from '../../../shared/time/time-units.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';

/** Pages of `/snapshots` one availability answer reads at most (1000 hours each: over 40 days per page). */
export const availabilityPageCap = 20;


/** What availability needs besides the client: the library's keys and whether a key is stored. */
export interface AvailabilityContext {
  /** The canonical keys the library covers (`SnapshotLibrary.keys`). */
  localKeys: () => Promise<ReadonlySet<string>>;
  hasKey: () => Promise<boolean>;
  pageCap?: number;
  /** Hours per page asked of `/snapshots` (1000, the spec's maximum, unless a test asks for less). */
  pageSize?: number;
}

function accessOf(envelope: Readonly<Record<string, unknown>>): Availability['access'] {
  const access = envelope['access'];
  const body = hasFields(access) ? access : {};
  const status = body['status'] === 'preview' || body['status'] === 'restricted' ? body['status'] : 'open';
  const cutoff = body['public_cutoff_date'];
  return { status, publicCutoffDate: typeof cutoff === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(cutoff) ? cutoff : null };
}

/**
 * Which UTC hours of `[from, to)` have files (`/snapshots`, paged up to a cap), whether each is in
 * the library already, and whether downloading it needs a key: the dataset is gated (preview or
 * restricted with a public cutoff), the date is past the cutoff, and no key is stored.
 */
export async function availabilityOf(
  client: MarketDataClient,
  query: { source: string; market: string; from: number; to: number },
  context: AvailabilityContext,
): Promise<Availability> {
  const source = checkedSegment('source', query.source);
  const market = checkedSegment('market', query.market);
  const cap = context.pageCap ?? availabilityPageCap;
  const stream = client.snapshots({ source, market, from: new Date(query.from).toISOString(), to: new Date(query.to).toISOString(), limit: context.pageSize ?? 1000 });
  const [local, hasKey] = await Promise.all([context.localKeys(), context.hasKey()]);
  let access: Availability['access'] = { status: 'open', publicCutoffDate: null };
  const listed: { date: string; hour: number; key: string }[] = [];
  let pages = 0;
  let truncated = false;
  for await (const page of stream.pages()) {
    if (pages === 0) access = accessOf(page.envelope);
    pages++;
    for (const entry of page.items) {
      if (entry.hour !== undefined) listed.push({ date: entry.date, hour: entry.hour, key: entry.key });
      // A whole-day file is listed without an hour: each hour of its day is available through it.
      else if (parseSnapshotKey(entry.key)?.span === 'day') for (let hour = 0; hour < 24; hour++) listed.push({ date: entry.date, hour, key: entry.key });
    }
    if (page.hasMore && pages >= cap) {
      truncated = true;
      break;
    }
  }
  const gated = access.status !== 'open' && access.publicCutoffDate !== null;
  const hours: AvailableHour[] = listed
    .sort((a, b) => a.date.localeCompare(b.date) || a.hour - b.hour)
    .map((entry) => ({
      ...entry,
      // The service may spell the hour `…-HHMMSS`; the library knows it by its canonical key.
      local: local.has(canonicalSnapshotKey(entry.key)),
      needsKey: gated && !hasKey && access.publicCutoffDate !== null && entry.date > access.publicCutoffDate,
    }));
  const last = hours.at(-1);
  const listedUntil = truncated && last !== undefined ? Date.parse(`${last.date}T00:00:00Z`) + (last.hour + 1) * hourMs : query.to;
  return { source, market, access, hours, truncated, listedUntil };
}

/** A day's manifest as the view needs it before downloading: count, size and keys (the URLs stay in main). */
export async function manifestSummaryOf(client: MarketDataClient, query: { source: string; market: string; date: string }): Promise<ManifestSummary> {
  const manifest = await client.dailyManifest(query);
  return { source: query.source, market: query.market, date: query.date, total: manifest.total, totalBytes: manifest.total_bytes, keys: manifest.snapshots.map((entry) => entry.key) };
}

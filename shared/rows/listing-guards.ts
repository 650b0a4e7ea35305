import { isJsonObject } from '../guards/object-fields.ts';
import type { CatalogMarket, CountResponse, InstrumentEntry } from './catalog.ts';
import { guardOf, int, num, optionalIntOrNull, passes, text, type FieldRule, type RowGuard } from './field-rules.ts';
import type { DailyManifest, ManifestEntry, SnapshotDownloadLink, SnapshotListingEntry } from './snapshots.ts';

/** A catalog market entry (field notes): source, market and symbol are what the app keys on. */
export const isCatalogMarket: RowGuard<CatalogMarket> = guardOf([text('source'), text('market'), text('symbol')]);

/** An option contract of `/catalog/instruments` (field notes). */
export const isInstrumentEntry: RowGuard<InstrumentEntry> = guardOf([
  text('source'),
  text('market'),
  text('instrument'),
  text('strike'),
  int('expiry_timestamp'),
]);

/** An entry of a `/snapshots` listing; raw entries have no `hour`. */
export const isSnapshotListingEntry: RowGuard<SnapshotListingEntry> = guardOf([text('date'), text('key'), optionalIntOrNull('hour')]);

/** An entry of a `/download` daily manifest. */
export const isManifestEntry: RowGuard<ManifestEntry> = guardOf([
  text('date'),
  text('timestamp'),
  text('key'),
  text('url'),
  num('expires_in_seconds'),
]);

const isCount = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The body of `/count` (spec 4.3): the totals, and the markets of each source. */
export const isCountResponse: RowGuard<CountResponse> = guardOf([
  text('updatedAt'),
  { field: 'sources', test: isCount, expected: 'a count (an integer ≥ 0)' },
  { field: 'markets', test: isCount, expected: 'a count (an integer ≥ 0)' },
  { field: 'by_source', test: (value) => isJsonObject(value) && Object.values(value).every(isCount), expected: 'an object of counts by source' },
]);

const manifestEntries: FieldRule = {
  field: 'snapshots',
  test: (value) => Array.isArray(value) && value.every((entry) => passes(isManifestEntry, entry)),
  expected: 'an array of manifest entries',
};

/** The body of `/download` (spec 4.6): the day's dataset, its totals and an entry per file. */
export const isDailyManifest: RowGuard<DailyManifest> = guardOf([text('source'), text('market'), text('date'), int('total'), int('total_bytes'), manifestEntries]);

/** The body of `/snapshots/download?mode=url` (spec 4.5): a pre-signed link to one file. */
export const isSnapshotDownloadLink: RowGuard<SnapshotDownloadLink> = guardOf([text('url'), text('filename'), num('expires_in_seconds')]);

import type { CatalogMarket, InstrumentEntry } from './catalog.ts';
import { guardOf, int, num, optionalIntOrNull, text, type RowGuard } from './field-rules.ts';
import type { ManifestEntry, SnapshotListingEntry } from './snapshots.ts';

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

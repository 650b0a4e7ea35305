import { isEventItem } from '../../../shared/rows/event-item.ts';
import type { RowGuard } from '../../../shared/rows/field-rules.ts';
import { isInstrumentEntry, isSnapshotListingEntry } from '../../../shared/rows/listing-guards.ts';
import { isCatalogEntry } from './catalog-entry-guard.ts';
import {
  isCandleRow,
  isFundingRow,
  isIntentRow,
  isL2Row,
  isLatestFundingRow,
  isOptionTickerRow,
  isQuoteRow,
  isTradeRow,
} from '../../../shared/rows/row-guards.ts';
import type { RouteName } from './routes.ts';

/** The guard every list item of a paged route must pass; null for routes that do not page. */
export const routeGuards: Record<RouteName, RowGuard<unknown> | null> = {
  health: null,
  catalog: isCatalogEntry,
  instruments: isInstrumentEntry,
  count: null,
  snapshots: isSnapshotListingEntry,
  snapshotDownload: null,
  dailyManifest: null,
  historicalTrades: isTradeRow,
  historicalOrderbookL2: isL2Row,
  historicalFundingRates: isFundingRow,
  historicalOptionsTicker: isOptionTickerRow,
  l2Updates: isL2Row,
  fundingRates: isLatestFundingRow,
  optionsTicker: isOptionTickerRow,
  ohlcv: isCandleRow,
  intents: isIntentRow,
  quotes: isQuoteRow,
  l2Orderbooks: isL2Row,
  events: isEventItem,
};

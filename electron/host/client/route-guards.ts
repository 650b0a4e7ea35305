import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { CandleRow } from '../../../shared/rows/candle-row.ts';
import type { CatalogMarket, InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { isEventItem, type EventItem } from '../../../shared/rows/event-item.ts';
import type { RowGuard } from '../../../shared/rows/field-rules.ts';
import type { FundingRow, LatestFundingRow } from '../../../shared/rows/funding-row.ts';
import type { IntentRow } from '../../../shared/rows/intent-row.ts';
import { isInstrumentEntry, isSnapshotListingEntry } from '../../../shared/rows/listing-guards.ts';
import type { OptionTickerRow } from '../../../shared/rows/option-ticker-row.ts';
import type { QuoteRow } from '../../../shared/rows/quote-row.ts';
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
import type { SnapshotListingEntry } from '../../../shared/rows/snapshots.ts';
import type { TradeRow } from '../../../shared/rows/trade-row.ts';
import { isCatalogEntry } from './catalog-entry-guard.ts';
import type { RouteName } from './routes.ts';

/** The row each list item of a paged route is, once its guard passed it; the other routes answer one JSON body. */
export interface PagedRows {
  catalog: CatalogMarket;
  instruments: InstrumentEntry;
  snapshots: SnapshotListingEntry;
  historicalTrades: TradeRow;
  historicalOrderbookL2: L2Row;
  historicalFundingRates: FundingRow;
  historicalOptionsTicker: OptionTickerRow;
  l2Updates: L2Row;
  fundingRates: LatestFundingRow;
  optionsTicker: OptionTickerRow;
  ohlcv: CandleRow;
  intents: IntentRow;
  quotes: QuoteRow;
  l2Orderbooks: L2Row;
  events: EventItem;
}

/** A route that pages rows. */
export type PagedRoute = keyof PagedRows;

/** The guard every list item of a paged route must pass, proving the route's row type. */
export const routeGuards: { readonly [Route in PagedRoute]: RowGuard<PagedRows[Route]> } = {
  catalog: isCatalogEntry,
  instruments: isInstrumentEntry,
  snapshots: isSnapshotListingEntry,
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

/** Whether a route pages rows (it has a row guard); the others answer one JSON body. */
export function isPagedRoute(name: RouteName): name is PagedRoute {
  return Object.hasOwn(routeGuards, name);
}

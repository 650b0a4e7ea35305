import { anonymousRefusal } from '../../../../shared/access-windows.ts';
import type { ResearchTarget } from '../../../../shared/contract/research-schemas.ts';
import type { TimeZoneChoice } from '../../format/market-values.ts';

/** What every panel of the Research view studies, and how it judges access. */
export interface ResearchScope {
  /** What the panels read; null when nothing is chosen. */
  target: ResearchTarget | null;
  /** A stable key of the target (for query keys). */
  key: string;
  /** The target in words ("hyperliquid BTC", "2 files"). */
  label: string;
  zone: TimeZoneChoice;
  /** Whether requests carry a key (undefined until known: panels wait). */
  hasKey: boolean | undefined;
  /** The clock reading the range was resolved at: access windows are judged against it. */
  now: number;
  /** Decimals of the market's prices. */
  priceDecimals: number;
  /** Narrows the range to the last ten minutes (offered when the service finds a query too large). */
  narrowRange: () => void;
  /** Switches to the last hour (the anonymous window of `/l2-orderbooks`). */
  lastHour: () => void;
}

/** What a panel reads of a market. */
export interface PanelNeeds {
  books: boolean;
  trades: boolean;
  /** Books are read this long past the range's end (markouts). */
  booksBeyondMs?: number;
}

/**
 * Why the service would refuse a panel's market load without a key (spec 4.14), judged before
 * anything is sent; null when it may go (a key, files, or inside the anonymous windows).
 */
export function keyRefusalOf(scope: Pick<ResearchScope, 'target' | 'hasKey'>, needs: PanelNeeds, now: number): string | null {
  const target = scope.target;
  if (target === null || target.kind === 'files' || scope.hasKey !== false) return null;
  return (
    (needs.books ? anonymousRefusal('latest-hour', '/l2-orderbooks', { start: target.start, end: target.end + (needs.booksBeyondMs ?? 0) }, now) : null) ??
    (needs.trades ? anonymousRefusal('historical', '/historical/trades', { start: target.start, end: target.end }, now) : null)
  );
}

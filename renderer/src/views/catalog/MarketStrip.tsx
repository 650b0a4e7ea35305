import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';

/** Props of the strip of favourite and recent markets. */
export interface MarketStripProps {
  favourites: readonly string[];
  recent: readonly string[];
  /** The catalog's market of a `source/market` key, if this data source lists it. */
  lookup: (key: string) => CatalogMarket | undefined;
  onOpen: (market: CatalogMarket) => void;
}

/** Recent markets shown in the strip (the settings keep 50). */
const recentShown = 8;

/**
 * One line above the table: favourite markets, then the ones opened last; a click opens one.
 * A market this data source does not list is shown struck through, with the reason.
 */
export function MarketStrip({ favourites, recent, lookup, onOpen }: MarketStripProps) {
  if (favourites.length === 0 && recent.length === 0) {
    return (
      <p className="market-strip-hint">
        Star a market with <kbd>f</kbd> to keep it here; markets you open are listed here too.
      </p>
    );
  }
  const recentOnly = recent.filter((key) => !favourites.includes(key)).slice(0, recentShown);
  return (
    <nav className="market-strip" aria-label="Favourite and recent markets">
      {favourites.length > 0 && (
        <span className="market-strip-group">
          <span className="market-strip-label">★ Favourites</span>
          {favourites.map((key) => (
            <StripItem key={key} marketKey={key} market={lookup(key)} onOpen={onOpen} />
          ))}
        </span>
      )}
      {recentOnly.length > 0 && (
        <span className="market-strip-group">
          <span className="market-strip-label">Recent</span>
          {recentOnly.map((key) => (
            <StripItem key={key} marketKey={key} market={lookup(key)} onOpen={onOpen} />
          ))}
        </span>
      )}
    </nav>
  );
}

function StripItem({ marketKey, market, onOpen }: { marketKey: string; market: CatalogMarket | undefined; onOpen: (market: CatalogMarket) => void }) {
  if (market === undefined) {
    return (
      <button type="button" className="market-strip-item missing" disabled title={`${marketKey} is not in this data source's catalog`}>
        {marketKey}
      </button>
    );
  }
  return (
    <button type="button" className="market-strip-item" title={`Open ${marketKey}`} onClick={() => onOpen(market)}>
      <span className="market-strip-source">{market.source}</span> <span className="mono">{market.market}</span>
    </button>
  );
}

import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { Health } from '../../../../shared/contract/channels.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel, type ShownError } from '../../components/ErrorPanel.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { zoneOffsetOf } from '../../format/coverage.ts';
import { timeZoneLabel } from '../../format/market-values.ts';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { useCheckHealth, useSelectedSource, useSettings, useTimeZone } from '../../hooks/contract-queries.ts';
import { CatalogEmpty } from './CatalogEmpty.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { marketKey } from '../../navigation/market-lists.ts';
import { useOpenMarket } from '../../hooks/use-open-market.ts';
import { useUiStore, useViewParams } from '../../stores/ui-store.ts';
import { CatalogFilters } from './CatalogFilters.tsx';
import { choicesOf } from './catalog-choices.ts';
import { catalogSubtitle, noMatchSentence } from './catalog-text.ts';
import { filterCatalog, indexCatalog, isFiltered, type CatalogCriteria, type CatalogIndex, type CatalogMatch } from './catalog-filter.ts';
import { useCatalogFilters } from './catalog-filter-store.ts';
import { movedSelection, type ListKey } from './list-navigation.ts';
import { MarketDetail } from './MarketDetail.tsx';
import { MarketStrip } from './MarketStrip.tsx';
import { headerHeight, MarketTable } from './MarketTable.tsx';
import { useCatalogCount } from './use-catalog-count.ts';
import { useCatalogKeys } from './use-catalog-keys.ts';
import { useMarketLists } from './use-market-lists.ts';
import { useToggleFavourite } from './use-toggle-favourite.ts';
import './catalog.css';

/** Row height per density (the `--row` of styles.css). */
const rowHeights = { compact: 26, comfortable: 32 } as const;

/** A data source that did not pass its health check, as the error the catalog cannot get past. */
function healthError(health: Health): ShownError {
  return {
    kind: health.message.startsWith('Unreachable') ? 'network' : 'unavailable',
    message: health.message,
    resolution: 'Check that the service is running and that the base URL in Settings is right, then retry.',
    retryAfterMs: null,
  };
}

/** Runs the filter inside performance marks, so a benchmark can read each run as `mde:catalog-filter`. */
function measuredFilter(index: CatalogIndex, criteria: CatalogCriteria): CatalogMatch {
  performance.mark('mde:catalog-filter-start');
  const match = filterCatalog(index, criteria);
  performance.measure('mde:catalog-filter', 'mde:catalog-filter-start');
  return match;
}

const emptyIndex = indexCatalog([]);

/**
 * The catalog: every market of the data source in a virtualized table, searchable and filtered by
 * source, category, access and favourites, with `/count` totals, favourites and recent markets,
 * and a detail panel. Enter, a double-click or "Open" opens a market in the view for its kind.
 */
export function CatalogView() {
  const { health } = useSelectedSource();
  const catalog = useCatalog();
  const count = useCatalogCount();
  const check = useCheckHealth();
  const settings = useSettings();
  const zone = useTimeZone();
  const now = useNow(30_000);
  const lists = useMarketLists();
  const openInView = useOpenMarket();
  // Marked for the benchmark "opening a market to a drawn chart" (the view marks `mde:chart-drawn`).
  const openMarket = useCallback(
    (market: Parameters<typeof openInView>[0]) => {
      performance.mark('mde:open-market');
      openInView(market);
    },
    [openInView],
  );
  const toggleFavourite = useToggleFavourite();
  const filters = useCatalogFilters();
  const params = useViewParams('catalog');
  const setParams = useUiStore((state) => state.setParams);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [reveal, setReveal] = useState<{ row: number } | null>(null);

  const markets = catalog.data?.markets;
  const index = useMemo(() => (markets === undefined ? emptyIndex : indexCatalog(markets)), [markets]);
  const choices = useMemo(() => choicesOf(index.markets), [index]);
  const favourites = useMemo(() => new Set(lists.favourites), [lists.favourites]);
  const text = useDeferredValue(filters.text);
  const criteria: CatalogCriteria = useMemo(
    () => ({ text, source: filters.source, category: filters.category, access: filters.access, favouritesOnly: filters.favouritesOnly, favourites }),
    [text, filters.source, filters.category, filters.access, filters.favouritesOnly, favourites],
  );
  const match = useMemo(() => measuredFilter(index, criteria), [index, criteria]);
  const rows = match.indices;

  // The selection is a market (kept in the view's parameters, so it survives a reload); while it
  // is not among the rows shown, the first row is selected.
  const selectedKey = params.source !== undefined && params.market !== undefined ? `${params.source}/${params.market}` : null;
  const selectedRow = useMemo(() => {
    const position = selectedKey === null ? undefined : index.positions.get(selectedKey)?.[0];
    const row = position === undefined ? -1 : rows.indexOf(position);
    return row >= 0 ? row : rows.length > 0 ? 0 : -1;
  }, [selectedKey, index, rows]);
  const current = index.markets[rows[selectedRow] ?? -1];

  const select = useCallback(
    (row: number) => {
      const market = index.markets[rows[row] ?? -1];
      if (market !== undefined) setParams('catalog', { source: market.source, market: market.market });
    },
    [index, rows, setParams],
  );
  const rowHeight = rowHeights[settings.data?.ui.density ?? 'compact'];

  useCatalogKeys(scrollerRef, searchRef, {
    move: (key: ListKey) => {
      const page = Math.max(1, Math.floor(((scrollerRef.current?.clientHeight ?? rowHeight * 10) - headerHeight) / rowHeight) - 1);
      const row = movedSelection(key, selectedRow, rows.length, page);
      select(row);
      setReveal({ row });
    },
    open: () => {
      if (current !== undefined) openMarket(current);
    },
    toggleFavourite: () => {
      if (current !== undefined) toggleFavourite(marketKey(current.source, current.market));
    },
    clearSearch: () => {
      if (filters.text === '') return false;
      filters.setText('');
      return true;
    },
  });

  const search = (value: string): void => {
    filters.setText(value);
    // A new search selects its best match, at the top.
    setParams('catalog', { source: undefined, market: undefined });
    setReveal({ row: 0 });
  };
  const narrowed = isFiltered(filters);
  const clearFilters = (): void => {
    filters.clear();
    setReveal({ row: 0 });
  };
  const lookup = useCallback((key: string) => index.markets[index.positions.get(key)?.[0] ?? -1], [index]);
  const offset = zoneOffsetOf(zone);
  const zoneLabel = timeZoneLabel(zone, now);
  const unhealthy = health !== undefined && (health.status === 'down' || health.status === 'degraded') ? health : null;
  const sum = (counts: Map<string, number>): number => [...counts.values()].reduce((total, value) => total + value, 0);

  return (
    <ViewFrame
      title="Catalog"
      subtitle={
        catalog.data === undefined
          ? 'Find a source and market'
          : catalogSubtitle({
              shown: rows.length,
              listed: index.markets.length,
              listedSources: choices.sources.length,
              count: count.data === undefined ? null : { markets: count.data.markets, sources: count.data.sources },
              simulated: catalog.data.simulated,
            })
      }
      actions={
        <span className="catalog-actions">
          {narrowed && (
            <button type="button" className="link-button" onClick={clearFilters}>
              Clear filters
            </button>
          )}
          <input
            ref={searchRef}
            className="search"
            type="search"
            placeholder="Search source, market, symbol…  (/)"
            aria-label="Search the catalog"
            value={filters.text}
            onChange={(event) => search(event.target.value)}
            data-shortcut="/"
          />
        </span>
      }
    >
      {catalog.data !== undefined && catalog.data.markets.length > 0 && (
        <>
          <CatalogFilters
            sources={choices.sources}
            categories={choices.categories}
            facets={match.facets}
            allSources={sum(match.facets.sources)}
            allCategories={match.facets.anyCategory}
            allAccess={sum(match.facets.access)}
          />
          <MarketStrip favourites={lists.favourites} recent={lists.recent} lookup={lookup} onOpen={openMarket} />
        </>
      )}
      {catalog.data?.warnings.map((warning) => (
        <p key={warning} className="catalog-warning" role="status">
          {warning}
        </p>
      ))}
      {catalog.isError ? (
        <ErrorPanel context="The catalog could not be loaded." error={catalog.error} failedAt={catalog.errorUpdatedAt} onRetry={() => void catalog.refetch()} retrying={catalog.isFetching} />
      ) : unhealthy !== null && catalog.data === undefined ? (
        <ErrorPanel context="The catalog needs a healthy data source." error={healthError(unhealthy)} failedAt={unhealthy.checkedAt} onRetry={() => check.mutate()} retrying={check.isPending} />
      ) : catalog.data?.markets.length === 0 ? (
        <CatalogEmpty dataSource={settings.data?.dataSource} health={health} />
      ) : (
        <div className="split catalog-split">
          <div className="panel table-panel catalog-panel">
            <div ref={scrollerRef} className="catalog-scroller">
              <MarketTable
                index={index}
                rows={rows}
                selectedRow={selectedRow}
                favourites={favourites}
                rowHeight={rowHeight}
                offset={offset}
                zoneLabel={zoneLabel}
                now={now}
                scrollerRef={scrollerRef}
                reveal={reveal}
                onSelect={select}
                onOpen={openMarket}
                onToggleFavourite={toggleFavourite}
              />
              {catalog.isPending && <p className="catalog-table-note muted">Loading the catalog…</p>}
              {catalog.data !== undefined && rows.length === 0 && (
                <EmptyState icon="⌕" title="No market matches">
                  <p>{noMatchSentence(filters)}</p>
                  <p className="catalog-empty-actions">
                    <button type="button" className="button" onClick={clearFilters}>
                      Clear filters
                    </button>
                  </p>
                </EmptyState>
              )}
            </div>
          </div>
          {current !== undefined ? (
            <MarketDetail
              market={current}
              favourite={favourites.has(marketKey(current.source, current.market))}
              offset={offset}
              zoneLabel={zoneLabel}
              now={now}
              onOpen={openMarket}
              onToggleFavourite={() => toggleFavourite(marketKey(current.source, current.market))}
            />
          ) : (
            <aside className="panel detail-panel catalog-detail">
              <EmptyState icon="▤" title={catalog.isPending ? 'Loading' : 'No market selected'}>
                <p>The selected market's terms, coverage and access show here.</p>
              </EmptyState>
            </aside>
          )}
        </div>
      )}
    </ViewFrame>
  );
}

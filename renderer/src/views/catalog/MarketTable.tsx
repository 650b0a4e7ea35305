import { memo, useEffect, type RefObject } from 'react';
import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { formatCoverage, formatTerm, type ZoneOffset } from '../../format/coverage.ts';
import type { CatalogIndex } from './catalog-filter.ts';
import { useRowVirtualizer } from '../../hooks/use-row-virtualizer.ts';

/** Height of the sticky header row, px (fixed, so the virtualizer can place rows below it). */
export const headerHeight = 28;

/** Props of the market table. */
export interface MarketTableProps {
  index: CatalogIndex;
  /** Catalog positions of the rows shown, in order. */
  rows: Int32Array;
  /** Row selected (a position in `rows`), or -1. */
  selectedRow: number;
  favourites: ReadonlySet<string>;
  rowHeight: number;
  offset: ZoneOffset;
  /** "UTC" or the local zone's offset, for the coverage header. */
  zoneLabel: string;
  now: number;
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** A row to bring into view; a new object each time it is asked for (keys, a new search). */
  reveal: { row: number } | null;
  onSelect: (row: number) => void;
  onOpen: (market: CatalogMarket) => void;
  onToggleFavourite: (key: string) => void;
}

/** The coverage to the minute, for the cell's tooltip. */
function fullCoverage(market: CatalogMarket, now: number, offset: ZoneOffset): string {
  return formatCoverage(market.start, market.end, now, offset);
}

/** Rows drawn beyond the visible ones, above and below, so a fast scroll shows no blank. */
const overscan = 12;

/**
 * The catalog as a virtualized table: only the rows in view (and a few around them) exist in the
 * page, so 20,000 markets scroll like 20. Fixed row height from the density setting; the header
 * stays on top; the selection is kept in view as it moves.
 */
export function MarketTable({ index, rows, selectedRow, favourites, rowHeight, offset, zoneLabel, now, scrollerRef, reveal, onSelect, onOpen, onToggleFavourite }: MarketTableProps) {
  const virtualizer = useRowVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    initialRect: { width: 1000, height: 600 },
  });

  // A new density changes every row's height at once.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  // Only when asked: a star clicked far from the selection must not scroll the list back to it.
  useEffect(() => {
    if (reveal !== null && reveal.row >= 0) virtualizer.scrollToIndex(reveal.row, { align: 'auto' });
  }, [virtualizer, reveal]);

  const items = virtualizer.getVirtualItems();
  useEffect(() => {
    // Once per page: the moment the first catalog rows are on screen (read by the benchmark).
    if (items.length > 0 && performance.getEntriesByName('mde:catalog-interactive', 'mark').length === 0) performance.mark('mde:catalog-interactive');
  }, [items.length]);

  return (
    <table className="data-table catalog-table" aria-label="Markets" aria-rowcount={rows.length + 1}>
      <thead>
        <tr className="catalog-row catalog-head" aria-rowindex={1}>
          <th aria-label="Favourite">★</th>
          <th>Source</th>
          <th>Market</th>
          <th>Symbol</th>
          <th>Categories</th>
          <th>Coverage ({zoneLabel})</th>
          <th>Access</th>
          <th className="num">Tick</th>
          <th className="num">Lot</th>
          <th aria-label="Open" />
        </tr>
      </thead>
      <tbody tabIndex={0} aria-label="Markets; arrow keys move, Enter opens, f stars" style={{ height: `${virtualizer.getTotalSize() - headerHeight}px` }}>
        {items.map((item) => {
          const position = rows[item.index] ?? -1;
          const market = index.markets[position];
          const key = index.keys[position];
          if (market === undefined || key === undefined) return null;
          return (
            <MarketRow
              key={key}
              market={market}
              marketKey={key}
              row={item.index}
              top={item.start - headerHeight}
              selected={item.index === selectedRow}
              favourite={favourites.has(key)}
              offset={offset}
              now={now}
              coverage={formatCoverage(market.start, market.end, now, offset, 'day')}
              onSelect={onSelect}
              onOpen={onOpen}
              onToggleFavourite={onToggleFavourite}
            />
          );
        })}
      </tbody>
    </table>
  );
}

interface MarketRowProps {
  offset: ZoneOffset;
  now: number;
  market: CatalogMarket;
  marketKey: string;
  row: number;
  top: number;
  selected: boolean;
  favourite: boolean;
  coverage: string;
  onSelect: (row: number) => void;
  onOpen: (market: CatalogMarket) => void;
  onToggleFavourite: (key: string) => void;
}

/** One market: click selects, double-click or "Open" opens, the star toggles the favourite. */
const MarketRow = memo(function MarketRow({ offset, now, market, marketKey, row, top, selected, favourite, coverage, onSelect, onOpen, onToggleFavourite }: MarketRowProps) {
  return (
    <tr
      className={`catalog-row${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      aria-rowindex={row + 2}
      aria-selected={selected}
      onClick={() => onSelect(row)}
      onDoubleClick={() => onOpen(market)}
    >
      <td>
        <button
          type="button"
          className={`star${favourite ? ' starred' : ''}`}
          aria-pressed={favourite}
          aria-label={`${favourite ? 'Remove' : 'Add'} ${marketKey} ${favourite ? 'from' : 'to'} favourites`}
          title={favourite ? 'Remove from favourites (f)' : 'Add to favourites (f)'}
          tabIndex={-1}
          onClick={(event) => {
            event.stopPropagation();
            onToggleFavourite(marketKey);
          }}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          {favourite ? '★' : '☆'}
        </button>
      </td>
      <td className="catalog-source">{market.source}</td>
      <td className="mono" title={market.market}>
        {market.market}
      </td>
      <td className="mono">{market.symbol}</td>
      <td className="catalog-categories" title={market.categories.join(', ')}>
        {market.categories.join(' · ')}
      </td>
      <td className="mono" title={fullCoverage(market, now, offset)}>
        {coverage}
      </td>
      <td>
        <span className={`access access-${market.access.status}`}>{market.access.status}</span>
      </td>
      <td className="num mono">{formatTerm(market.instrument.tick_size)}</td>
      <td className="num mono">{formatTerm(market.instrument.lot_size)}</td>
      <td className="catalog-open-cell">
        <button
          type="button"
          className="catalog-open"
          tabIndex={-1}
          title={`Open ${marketKey} (Enter)`}
          aria-label={`Open ${marketKey}`}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(market);
          }}
          onDoubleClick={(event) => event.stopPropagation()}
        >
          ↗
        </button>
      </td>
    </tr>
  );
});

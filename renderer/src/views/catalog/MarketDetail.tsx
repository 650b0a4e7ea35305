import type { CatalogMarket } from '../../../../shared/rows/catalog.ts';
import { FactList } from '../../components/FactList.tsx';
import { formatInstant, formatTerm, isLive, type ZoneOffset } from '../../format/coverage.ts';
import { viewForMarket } from '../../navigation/view-for-market.ts';
import { viewById } from '../../navigation/view-definition.ts';
import { useViews } from '../../navigation/views-context.ts';

/** Props of the market detail panel. */
export interface MarketDetailProps {
  market: CatalogMarket;
  favourite: boolean;
  offset: ZoneOffset;
  zoneLabel: string;
  now: number;
  onOpen: (market: CatalogMarket) => void;
  onToggleFavourite: () => void;
}

/** What access means for this market, in a sentence. */
function accessSentence(market: CatalogMarket): string {
  const cutoff = market.access.public_cutoff_date;
  const until = cutoff === null || cutoff === '' ? null : `${cutoff} (a UTC date)`;
  switch (market.access.status) {
    case 'open':
      return 'Every date is public.';
    case 'preview':
      return until === null ? 'A preview: the public dates are limited; the rest need an API key.' : `Public up to ${until}; later dates need an API key.`;
    case 'restricted':
      return until === null ? 'Restricted: its data needs a paid API key.' : `Public up to ${until}; later dates need a paid API key.`;
  }
}

/** A span of time as "2 y 41 d", "3 d 4 h" or "45 min". */
function formatSpan(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  if (days >= 365) return `${Math.floor(days / 365)} y ${days % 365} d`;
  if (days >= 1) return `${days} d ${Math.floor((minutes % 1440) / 60)} h`;
  return minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
}

/** The selected market: its terms, coverage in the user's zone, access, and where it opens. */
export function MarketDetail({ market, favourite, offset, zoneLabel, now, onOpen, onToggleFavourite }: MarketDetailProps) {
  const views = useViews();
  const start = Date.parse(market.start);
  const end = Date.parse(market.end);
  const live = isLive(market.end, now);
  // "UTC", or "local" (the offset is in the table's header; here it would wrap the label).
  const zoneName = zoneLabel === 'UTC' ? 'UTC' : 'local';
  const opensIn = viewById(views, viewForMarket(market))?.label ?? 'Market';
  const facts: [string, string][] = [
    ['Symbol', market.symbol],
    ['Type', market.source_type],
    ['Categories', market.categories.join(', ') || '—'],
    ['Base / quote', `${formatTerm(market.instrument.base)} / ${formatTerm(market.instrument.quote)}`],
    ['Tick size', formatTerm(market.instrument.tick_size)],
    ['Lot size', formatTerm(market.instrument.lot_size)],
    ['Min notional', formatTerm(market.instrument.min_notional)],
    [`From (${zoneName})`, formatInstant(start, offset)],
    [`To (${zoneName})`, live ? `now · ${formatInstant(end, offset)}` : formatInstant(end, offset)],
    ['Span', formatSpan(end - start)],
  ];
  return (
    <aside className="panel detail-panel catalog-detail" aria-label={`${market.source} ${market.market}`}>
      <header className="panel-header catalog-detail-header">
        <span className="catalog-detail-title">
          {market.source} · <span className="mono">{market.market}</span>
        </span>
        <button type="button" className={`star${favourite ? ' starred' : ''}`} aria-pressed={favourite} onClick={onToggleFavourite} title={favourite ? 'Remove from favourites (f)' : 'Add to favourites (f)'}>
          {favourite ? '★' : '☆'}
          <span className="visually-hidden">{favourite ? 'Remove from favourites' : 'Add to favourites'}</span>
        </button>
      </header>
      <div className="catalog-detail-open">
        <button type="button" className="button primary" onClick={() => onOpen(market)}>
          Open in {opensIn}
        </button>
        <span className="muted">
          <kbd>Enter</kbd> or double-click
        </span>
      </div>
      <div className="catalog-access">
        <span className={`access access-${market.access.status}`}>{market.access.status}</span>
        <span>{accessSentence(market)}</span>
      </div>
      <FactList facts={facts} />
    </aside>
  );
}

import type { ViewId } from '../../../shared/settings.ts';
import { EmptyState } from './EmptyState.tsx';
import { useCatalog } from '../hooks/catalog-queries.ts';
import { viewForMarket } from '../navigation/view-for-market.ts';
import { useUiStore } from '../stores/ui-store.ts';
import './market-choice.css';

/** Props of the market choice shown when a view has no market yet. */
export interface MarketChoiceProps {
  view: ViewId;
  icon: string;
  /** What the view shows ("intent lifecycles"). */
  what: string;
}

/** A view with no market yet: the catalog's markets of the view's kind, one click away. */
export function MarketChoice({ view, icon, what }: MarketChoiceProps) {
  const catalog = useCatalog();
  const setParams = useUiStore((state) => state.setParams);
  const markets = (catalog.data?.markets ?? []).filter((market) => viewForMarket(market) === view);
  return (
    <EmptyState icon={icon} title="Choose a market">
      <p>
        Open a market from the catalog to see its {what}
        {markets.length > 0 ? ', or pick one here:' : '.'}
      </p>
      {markets.length > 0 && (
        <div className="market-choice">
          {markets.map((market) => (
            <button key={`${market.source}/${market.market}`} type="button" className="button" onClick={() => setParams(view, { source: market.source, market: market.market })}>
              {market.source} / {market.market}
            </button>
          ))}
        </div>
      )}
    </EmptyState>
  );
}

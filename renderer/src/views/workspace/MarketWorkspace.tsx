import { EmptyState } from '../../components/EmptyState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { useUiStore, useViewParams } from '../../stores/ui-store.ts';
import { Workspace } from './Workspace.tsx';
import './workspace.css';

/**
 * The Market view: one market's candles, trades and funding, from the view's parameters (source,
 * market, instrument, interval, range). Without a market it says how to open one.
 */
export function MarketWorkspace() {
  const params = useViewParams('workspace');
  const showView = useUiStore((state) => state.showView);
  if (params.source === undefined || params.market === undefined) {
    return (
      <ViewFrame title="Market" subtitle="No market open">
        <EmptyState icon="◫" title="No market open">
          <p>
            Open a perpetual or spot market from the Catalog (<kbd>g</kbd> <kbd>c</kbd>) to chart its candles, trades and funding.
          </p>
          <p className="empty-action">
            <button type="button" className="button primary" onClick={() => showView('catalog')}>
              Show the catalog
            </button>
          </p>
        </EmptyState>
      </ViewFrame>
    );
  }
  return <Workspace key={`${params.source}\u0000${params.market}\u0000${params.instrument ?? ''}`} source={params.source} market={params.market} instrument={params.instrument} params={params} />;
}

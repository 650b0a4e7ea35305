import type { IntentRows } from '../../../../shared/contract/market-schemas.ts';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useMarketLoad } from '../../hooks/market-queries.ts';
import { RangeToolbar } from '../../components/range/RangeToolbar.tsx';
import { useViewParams } from '../../stores/ui-store.ts';
import { IntentLifecycles } from './IntentLifecycles.tsx';
import { LoadGate } from '../../components/LoadGate.tsx';
import { MarketChoice } from '../../components/MarketChoice.tsx';
import { useLatestHourRange } from '../../hooks/use-latest-hour-range.ts';
import './intents-view.css';

/** The Intents view: a market's intent observations grouped into lifecycles, filtered by status, each opening into its timeline. */
export function IntentsView() {
  const params = useViewParams('intents');
  const zone = useTimeZone();
  const catalog = useCatalog();
  const range = useLatestHourRange('intents', '/intents');
  const { source, market } = params;
  const { bounds } = range.request;
  const load = useMarketLoad<IntentRows>(
    ['intents', source, market, bounds?.start ?? null, bounds?.end ?? null, bounds === null ? range.anchor : null],
    (api, requestId) => api.market.intents({ source: source ?? '', market: market ?? '', ...(bounds ?? {}), requestId }),
    source !== undefined && market !== undefined && range.accessKnown && range.request.refusal === null,
  );
  const simulated = catalog.data?.simulated === true ? ' · simulated data' : '';
  const subtitle = source === undefined || market === undefined ? `Intent and RFQ lifecycles${simulated}` : `${source} / ${market}${simulated}`;
  return (
    <ViewFrame
      title="Intents"
      subtitle={subtitle}
      actions={
        source !== undefined && market !== undefined && (
          <RangeToolbar range={range} zone={zone} />
        )
      }
    >
      {source === undefined || market === undefined ? (
        <MarketChoice view="intents" icon="⇄" what="intent lifecycles" />
      ) : (
        <LoadGate what="intent observations" keyWhat="Intent observations before the last hour" failure="The intents could not be loaded" range={range} load={load}>
          {(data) => <IntentLifecycles rows={data} range={range.range} onNarrow={range.changeRange} />}
        </LoadGate>
      )}
    </ViewFrame>
  );
}

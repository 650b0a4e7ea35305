import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { QuoteRows } from '../../../../shared/contract/market-schemas.ts';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useMarketLoad } from '../../hooks/market-queries.ts';
import { RangeToolbar } from '../../components/range/RangeToolbar.tsx';
import { useViewParams } from '../../stores/ui-store.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { MarketChoice } from '../../components/MarketChoice.tsx';
import { useLatestHourRange } from '../../hooks/use-latest-hour-range.ts';
import { QuoteExplorer } from './QuoteExplorer.tsx';
import { QuotesNotLive } from './QuotesNotLive.tsx';
import './quotes-view.css';

/** A 404 from `/quotes`: the route is documented as not yet live, so it reads as "not yet available", not as a failure. */
function explainQuotesError(error: ContractError, retry: () => void, retrying: boolean) {
  return error.kind === 'not-found' ? <QuotesNotLive message={error.message} onRetry={retry} retrying={retrying} /> : null;
}

/** The Quotes view: a DEX market's quote observations, one ladder at a time, and the impact of a size over time. */
export function QuotesView() {
  const params = useViewParams('quotes');
  const zone = useTimeZone();
  const catalog = useCatalog();
  const range = useLatestHourRange('quotes', '/quotes');
  const { source, market } = params;
  const { bounds } = range.request;
  const load = useMarketLoad<QuoteRows>(
    ['quotes', source, market, bounds?.start ?? null, bounds?.end ?? null, bounds === null ? range.anchor : null],
    (api, requestId) => api.market.quotes({ source: source ?? '', market: market ?? '', ...(bounds ?? {}), requestId }),
    source !== undefined && market !== undefined && range.accessKnown && range.request.refusal === null,
  );
  const simulated = catalog.data?.simulated === true ? ' · simulated data' : '';
  const subtitle = source === undefined || market === undefined ? `DEX quote ladders and price impact${simulated}` : `${source} / ${market}${simulated}`;
  const retry = (): void => void load.query.refetch();
  return (
    <ViewFrame
      title="Quotes"
      subtitle={subtitle}
      actions={
        source !== undefined && market !== undefined && (
          <RangeToolbar range={range} zone={zone} />
        )
      }
    >
      {source === undefined || market === undefined ? (
        <MarketChoice view="quotes" icon="≋" what="quote ladders" />
      ) : (
        <LoadGate
          what="quote points"
          keyWhat="Quotes before the last hour"
          failure="The quotes could not be loaded"
          range={range}
          load={load}
          explain={(error) => explainQuotesError(error, retry, load.query.isFetching)}
        >
          {(data) => <QuoteExplorer rows={data} range={range.range} onNarrow={range.changeRange} />}
        </LoadGate>
      )}
    </ViewFrame>
  );
}

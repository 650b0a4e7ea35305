import { useMemo, useState } from 'react';
import { anonymousRefusal } from '../../../../shared/access-windows.ts';
import type { ChainQuote, OptionChain } from '../../../../shared/options/chain.ts';
import { smileOf } from '../../../../shared/options/smile.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { KeyRequiredPanel } from '../../components/KeyRequiredPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { formatTimestamp } from '../../format/market-values.ts';
import { useCatalog, useCatalogMarket } from '../../hooks/catalog-queries.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useHasKeyAccess } from '../../hooks/market-queries.ts';
import { useNow } from '../../hooks/use-now.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';
import { viewForMarket } from '../../navigation/view-for-market.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { ChainTable } from './ChainTable.tsx';
import { ExpiryChips } from './ExpiryChips.tsx';
import { InstrumentDetail } from './InstrumentDetail.tsx';
import { InstrumentSearch } from './InstrumentSearch.tsx';
import { chainUnits, formatExpiryDate } from './option-format.ts';
import { spanInWords } from '../../format/span-words.ts';
import { expiryColors, SmileChart, type SmileSeries } from './SmileChart.tsx';
import { useOptionChain } from './use-option-chain.ts';
import { withinAnonymousHour } from './anonymous-hour.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import './options-view.css';
import { useAnchoredRange } from '../../hooks/use-anchored-range.ts';

/** The chain's default range: the latest ticker of each contract over the last ten minutes. */
const defaultSpan = '10m';
/** Spans offered: a chain over more than a day is a history question, not a chain. */
const offeredSpans = ['10m', '1h', '6h', '24h'] as const;

/** The span to offer when the range holds no tickers: the next wider one, the default for fixed bounds, or null at the widest. */
function widerSpan(range: ResolvedRange): string | null {
  if (!range.relative) return defaultSpan;
  const index = offeredSpans.findIndex((span) => span === range.span);
  return index >= 0 ? (offeredSpans[index + 1] ?? null) : null;
}

/** The patch that narrows the range: the next shorter span, or the later half of fixed bounds. */
function narrowerRange(range: ResolvedRange): Pick<ViewParamsPatch, 'span' | 'start' | 'end'> {
  const index = offeredSpans.findIndex((span) => span === range.span);
  if (range.relative && index > 0) return { span: offeredSpans[index - 1], start: undefined, end: undefined };
  if (range.relative) return { span: defaultSpan, start: undefined, end: undefined };
  return { start: range.end - Math.floor((range.end - range.start) / 2), end: range.end, span: undefined };
}

function findQuote(chain: OptionChain | null, instrument: string | undefined): ChainQuote | null {
  if (chain === null || instrument === undefined) return null;
  for (const expiry of chain.expiries) {
    for (const slot of expiry.strikes) {
      if (slot.call?.row.instrument === instrument) return slot.call;
      if (slot.put?.row.instrument === instrument) return slot.put;
    }
  }
  return null;
}

/** The catalog's options markets (underlyings). */
function useUnderlyings() {
  const catalog = useCatalog();
  return { catalog, underlyings: (catalog.data?.markets ?? []).filter((market) => viewForMarket(market) === 'options') };
}

/** Switches the chain to another underlying of the catalog. */
function UnderlyingSelect({ source, market, onPick }: { source: string; market: string; onPick: (source: string, market: string) => void }) {
  const { underlyings } = useUnderlyings();
  const current = `${source}/${market}`;
  const listed = underlyings.some((entry) => `${entry.source}/${entry.market}` === current);
  return (
    <select
      aria-label="Underlying"
      value={current}
      onChange={(event) => {
        const [pickedSource = '', pickedMarket = ''] = event.target.value.split('/');
        onPick(pickedSource, pickedMarket);
      }}
    >
      {!listed && <option value={current}>{`${source} · ${market}`}</option>}
      {underlyings.map((entry) => (
        <option key={`${entry.source}/${entry.market}`} value={`${entry.source}/${entry.market}`}>
          {`${entry.source} · ${entry.market}`}
        </option>
      ))}
    </select>
  );
}

/** The option underlyings of the catalog, offered when no market is chosen. */
function UnderlyingPicker({ onPick }: { onPick: (source: string, market: string) => void }) {
  const { catalog, underlyings } = useUnderlyings();
  return (
    <EmptyState icon="⊞" title="Choose an options underlying">
      <p>Open an options market from the catalog, or pick one here.</p>
      <div className="button-row underlying-picks">
        {catalog.isPending && <span className="muted">Loading the catalog…</span>}
        {underlyings.map((market) => (
          <button key={`${market.source}/${market.market}`} type="button" className="button" onClick={() => onPick(market.source, market.market)}>
            {market.source} · {market.market}
          </button>
        ))}
        {catalog.data !== undefined && underlyings.length === 0 && <span className="muted">The catalog lists no options market.</span>}
      </div>
    </EmptyState>
  );
}

/**
 * The Options view: the chain of one expiry (calls | strike | puts with bid, mark, ask, IV and
 * greeks; Black–Scholes fills only greeks the venue left null, marked as computed), the IV smile
 * of several expiries overlaid, and an instrument search over `/catalog/instruments`.
 * Keys: `[` `]` previous/next expiry, `/` search.
 */
export function OptionChainView() {
  const params = useViewParams('options');
  const setParams = useUiStore((state) => state.setParams);
  const zone = useTimeZone();
  const hasKey = useHasKeyAccess();
  const clock = useNow(30_000);
  const anchored = useAnchoredRange('options', defaultSpan);
  const { anchor, range: chosenRange, changeRange } = anchored;
  const anonymousHour = withinAnonymousHour(chosenRange, anchor);
  const range = hasKey ? chosenRange : anonymousHour.range;
  const { source, market } = params;
  const refusal = hasKey ? null : anonymousRefusal('latest-hour', '/options-ticker', { start: range.start, end: range.end }, anchor);
  const { load, chain, catalog } = useOptionChain(source, market, range, refusal === null);
  // Which expiries the smile shows, for the underlying it was chosen on (all of them until then).
  const [shownSmiles, setShownSmiles] = useState<{ underlying: string; expiries: ReadonlySet<number> } | null>(null);
  const underlying = `${source ?? ''}/${market ?? ''}`;

  const update = (patch: ViewParamsPatch): void => setParams('options', patch);
  const pickUnderlying = (pickedSource: string, pickedMarket: string): void => update({ source: pickedSource, market: pickedMarket, expiry: undefined, instrument: undefined });

  const expiries = chain?.expiries ?? [];
  const selected = expiries.find((entry) => entry.expiry === params.expiry) ?? expiries[0] ?? null;
  const selectedIndex = selected === null ? -1 : expiries.indexOf(selected);
  const stepExpiry = (delta: number): void => {
    const next = expiries[selectedIndex + delta];
    if (next !== undefined) update({ expiry: next.expiry });
  };
  useViewKeyMap({ '[': () => stepExpiry(-1), ']': () => stepExpiry(1) });

  const series = useMemo<SmileSeries[]>(
    () =>
      (chain?.expiries ?? []).map((entry, index) => ({
        expiry: entry.expiry,
        label: formatExpiryDate(entry.expiry, zone),
        color: expiryColors[index % expiryColors.length] ?? '#888',
        points: smileOf(entry),
        reference: entry.reference?.price ?? null,
        referenceLabel: entry.reference?.field.replace('_price', '') ?? '',
      })),
    [chain, zone],
  );
  const shown = shownSmiles?.underlying === underlying ? shownSmiles.expiries : new Set(series.map((entry) => entry.expiry));
  const toggleSmile = (expiry: number): void => {
    const next = new Set(shown);
    if (next.has(expiry)) next.delete(expiry);
    else next.add(expiry);
    setShownSmiles({ underlying, expiries: next });
  };

  const data = load.query.data;
  const simulated = useCatalog().data?.simulated === true;
  const coverage = useCatalogMarket(source, market);
  const firstQuote = selected?.strikes.map((slot) => slot.call ?? slot.put).find((quote) => quote !== null);
  const premium = firstQuote?.row.premium_currency ?? null;
  // Greeks are in the underlying price's currency: the catalog's quote currency of the underlying (USD on Deribit).
  const units = chainUnits(premium, coverage?.instrument.quote ?? null);
  const subtitle =
    source === undefined || market === undefined
      ? 'Option chain, greeks and IV smile'
      : `${source} · ${market}${data === undefined ? '' : ` · ${data.rows.length.toLocaleString('en-US')} contracts with tickers`}${premium === null ? '' : ` · premiums in ${premium}`}${simulated ? ' · simulated' : ''}`;

  const actions =
    source === undefined || market === undefined ? null : (
      <span className="options-actions">
        <UnderlyingSelect source={source} market={market} onPick={pickUnderlying} />
        <RangePicker range={range} zone={zone} onChange={changeRange} spans={offeredSpans} />
        <button type="button" className="button compact" title="Load the chain again, up to now" onClick={anchored.refresh}>
          ↻
        </button>
      </span>
    );

  let content;
  if (source === undefined || market === undefined) {
    content = <UnderlyingPicker onPick={pickUnderlying} />;
  } else if (refusal !== null) {
    content = (
      <KeyRequiredPanel
        what={`Option tickers of ${source} ${market} from ${formatTimestamp(range.start, zone, 'min')}`}
        reason={refusal}
        onUseAnonymousWindow={() => changeRange({ span: defaultSpan, start: undefined, end: undefined })}
        anonymousWindowLabel="Show the last 10 minutes"
      />
    );
  } else if (load.query.isError) {
    content = (
      <ErrorPanel
        context="The option chain could not be loaded."
        error={load.query.error}
        failedAt={load.query.errorUpdatedAt}
        onRetry={() => void load.query.refetch()}
        retrying={load.query.isFetching}
        onNarrowRange={() => changeRange(narrowerRange(range))}
      />
    );
  } else if (data === undefined || chain === null) {
    content = load.query.fetchStatus === 'idle' ? <LoadingState what="the chain: waiting for the data source" /> : <LoadingState what="option tickers" rows={load.progress} />;
  } else if (data.rows.length === 0 || selected === null) {
    const wider = widerSpan(range);
    content = (
      <EmptyState icon="⊞" title={`No tickers for ${market} ${range.relative ? `in the last ${spanInWords(range.span)}` : 'in this range'}`}>
        <p>{chain.unplaced.length > 0 ? `${chain.unplaced.length} tickers came without an expiry, strike or side the chain could place.` : 'The venue published no option ticker in this range; widen the range.'}</p>
        {coverage !== undefined && (
          <p>
            The catalog covers {source} {market} from {formatTimestamp(Date.parse(coverage.start), zone, 'min')} to {formatTimestamp(Date.parse(coverage.end), zone, 'min')}.
          </p>
        )}
        {wider !== null && (
          <div className="button-row underlying-picks">
            <button type="button" className="button primary" onClick={() => changeRange({ span: wider, start: undefined, end: undefined })}>
              {range.relative ? `Widen to ${wider}` : `Show the last ${spanInWords(wider)}`}
            </button>
          </div>
        )}
      </EmptyState>
    );
  } else {
    const chosenQuote = findQuote(chain, params.instrument);
    content = (
      <>
        <ExpiryChips expiries={expiries} selected={selected.expiry} zone={zone} now={clock} onSelect={(expiry) => update({ expiry })} />
        {params.expiry !== undefined && params.expiry !== selected.expiry && (
          <p className="options-note" role="status">
            No tickers for the expiry {formatExpiryDate(params.expiry, zone)} in this range; showing {formatExpiryDate(selected.expiry, zone)}.
          </p>
        )}
        {!hasKey && anonymousHour.moved && (
          <p className="options-note quiet" role="status">
            No API key: the range starts at {formatTimestamp(range.start, zone, 's')}, a minute inside the service’s anonymous last hour, so the request is not refused on its edge.
          </p>
        )}
        {data.truncated && (
          <p className="options-note" role="status">
            Only the first {data.cap.toLocaleString('en-US')} tickers of the range were read: the chain may miss later quotes. Narrow the range.
          </p>
        )}
        <section className="panel chain-panel" aria-label="Option chain">
          <ChainTable expiry={selected} chosen={params.instrument} zone={zone} units={units} onChoose={(instrument) => update({ instrument, expiry: selected.expiry })} />
          <p className="chain-legend">
            <span className="legend-computed">
              0.12<sup>c</sup>
            </span>{' '}
            Black–Scholes, where the venue published none · <span className="legend-itm">shaded</span> in the money · <span className="legend-atm">strike</span> nearest the{' '}
            {selected.reference?.field.replace('_price', '') ?? 'reference'} price · {units.legend} · hover for sizes and bid/ask IV
            {chain.unplaced.length > 0 ? ` · ${chain.unplaced.length} tickers could not be placed` : ''}
          </p>
        </section>
        <div className="options-lower">
          <section className="panel smile-panel" aria-label="IV smile">
            <header className="panel-header">IV smile · mark IV by strike (out-of-the-money side)</header>
            <SmileChart series={series} shown={shown} selected={selected.expiry} onToggle={toggleSmile} />
          </section>
          <section className="panel search-panel" aria-label="Instrument search">
            <header className="panel-header">Instruments</header>
            <InstrumentSearch
              key={underlying}
              source={source}
              market={market}
              expiries={expiries.map((entry) => entry.expiry)}
              zone={zone}
              chosen={params.instrument}
              onChoose={(entry) => update({ instrument: entry.instrument, expiry: entry.expiry_timestamp })}
            />
            {params.instrument !== undefined && <InstrumentDetail instrument={params.instrument} entry={catalog.get(params.instrument)} quote={chosenQuote} zone={zone} now={clock} units={units} />}
          </section>
        </div>
      </>
    );
  }

  return (
    <ViewFrame title="Options" subtitle={subtitle} actions={actions}>
      {content}
    </ViewFrame>
  );
}

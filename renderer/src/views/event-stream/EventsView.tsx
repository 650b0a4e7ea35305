import { useMemo, useState } from 'react';
import { rowKinds, type RowKind } from '../../../../shared/rows/row-kinds.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { KeyRequiredPanel } from '../../components/KeyRequiredPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { RangePicker } from '../../components/range/RangePicker.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';
import { formatTimestamp } from '../../format/market-values.ts';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { useHasKeyAccess, useMarketLoad } from '../../hooks/market-queries.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { spanInWords } from '../options/option-format.ts';
import { useDebounced } from '../options/use-debounced.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import { EventDetail } from './EventDetail.tsx';
import { EventList } from './EventList.tsx';
import { countByType, eventTypeLabels, toggleType, typesParam } from './event-types.ts';
import './events-view.css';
import { useAnchoredRange } from '../../hooks/use-anchored-range.ts';

/** The stream's default range: ten minutes ending now. */
const defaultSpan = '10m';
/** Spans offered: the stream is dense, and one call returns at most 20,000 events. */
const offeredSpans = ['10m', '1h', '6h', '24h'] as const;
const allTypes: ReadonlySet<RowKind> = new Set(rowKinds);

/** The patch that narrows the range: the next shorter span, or the earlier half of fixed bounds (what the cap kept). */
function narrowerRange(range: ResolvedRange): Pick<ViewParamsPatch, 'span' | 'start' | 'end'> {
  const index = offeredSpans.findIndex((span) => span === range.span);
  const length = range.end - range.start;
  if (range.relative && index > 0) return { span: offeredSpans[index - 1], start: undefined, end: undefined };
  return { start: range.start, end: range.start + Math.max(1000, Math.floor(length / 2)), span: undefined };
}

function sameDay(a: number, b: number, zone: 'utc' | 'local'): boolean {
  return formatTimestamp(a, zone, 'min').slice(0, 10) === formatTimestamp(b, zone, 'min').slice(0, 10);
}

/** Source and market filters, from the catalog. */
function PlaceFilter({ source, market, onChange }: { source: string | undefined; market: string | undefined; onChange: (patch: Pick<ViewParamsPatch, 'source' | 'market'>) => void }) {
  const markets = useCatalog().data?.markets ?? [];
  const sources = [...new Set(markets.map((entry) => entry.source))].sort();
  const marketNames = [...new Set(markets.filter((entry) => source === undefined || entry.source === source).map((entry) => entry.market))].sort();
  return (
    <span className="place-filter">
      <select aria-label="Source" value={source ?? ''} onChange={(event) => onChange({ source: event.target.value === '' ? undefined : event.target.value, market: undefined })}>
        <option value="">All sources</option>
        {sources.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
      <select aria-label="Market" value={market ?? ''} onChange={(event) => onChange({ market: event.target.value === '' ? undefined : event.target.value })}>
        <option value="">All markets</option>
        {marketNames.map((name) => (
          <option key={name}>{name}</option>
        ))}
      </select>
    </span>
  );
}

/**
 * The Events view: the mixed `/events` stream over a range, optionally of one source or market,
 * filtered by type (keys `1`…`7`, sent to the service), in one dense virtualized list with each
 * type rendered its own way; `j` `k` or a click select an event and show its full row. The stream
 * needs an API key on every request: without one, the view explains it before sending anything.
 */
export function EventsView() {
  const params = useViewParams('events');
  const setParams = useUiStore((state) => state.setParams);
  const zone = useTimeZone();
  const hasKey = useHasKeyAccess();
  const simulated = useCatalog().data?.simulated === true;
  const anchored = useAnchoredRange('events', defaultSpan);
  const { range } = anchored;
  // The type filter is not a ViewParams field: it lives here, for this visit.
  const [types, setTypes] = useState<ReadonlySet<RowKind>>(allTypes);
  // Quick toggles (1…7 pressed in a row) settle into one request.
  const settledTypes = useDebounced(types, 350);
  const sentTypes = typesParam(settledTypes);
  const { source, market } = params;

  const load = useMarketLoad(
    ['events', range.start, range.end, sentTypes?.join(',') ?? 'all', source, market],
    (api, requestId) =>
      api.market.events({
        start: range.start,
        end: range.end,
        ...(sentTypes === undefined ? {} : { types: sentTypes }),
        ...(source === undefined ? {} : { source }),
        ...(market === undefined ? {} : { market }),
        requestId,
      }),
    hasKey && types.size > 0 && settledTypes.size > 0,
  );
  const data = load.query.data;
  const items = data?.items ?? [];
  const counts = countByType(items);
  // The selected event is the view's `focus` (its event_id), so a deep link can name it.
  const focus = params.focus;
  const current = useMemo(() => {
    const index = focus === undefined ? -1 : (data?.items ?? []).findIndex((item) => item.data.event_id === focus);
    return index < 0 ? null : index;
  }, [data, focus]);
  const select = (index: number | null): void => setParams('events', { focus: index === null ? undefined : items[index]?.data.event_id });

  const changeRange = (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>): void => anchored.changeRange({ ...patch, focus: undefined });
  const flipType = (kind: RowKind): void => {
    setTypes((now) => toggleType(now, kind));
  };
  const move = (delta: number): void => {
    if (items.length === 0) return;
    select(current === null ? 0 : Math.min(items.length - 1, Math.max(0, current + delta)));
  };
  useViewKeyMap({
    ...Object.fromEntries(rowKinds.map((kind, index) => [String(index + 1), () => flipType(kind)])),
    j: () => move(1),
    k: () => move(-1),
  });

  const subtitle = [source, market, data === undefined ? 'The mixed stream' : `${items.length.toLocaleString('en-US')} events`, simulated ? 'simulated' : undefined].filter((part) => part !== undefined).join(' · ');
  const actions = (
    <span className="events-actions">
      <PlaceFilter
        source={source}
        market={market}
        onChange={(patch) => {
          setParams('events', { ...patch, focus: undefined });
        }}
      />
      <RangePicker range={range} zone={zone} onChange={changeRange} spans={offeredSpans} />
      <button type="button" className="button compact" title="Load the range again, up to now" onClick={anchored.refresh}>
        ↻
      </button>
    </span>
  );

  const chips = (
    <div className="chip-row type-chips" role="group" aria-label="Event types (keys 1 to 7)">
      {rowKinds.map((kind, index) => {
        const on = types.has(kind);
        return (
          <button key={kind} type="button" aria-pressed={on} className={on ? 'chip type-chip active' : 'chip type-chip'} onClick={() => flipType(kind)} title={`${on ? 'Hide' : 'Show'} ${eventTypeLabels[kind].toLowerCase()} (key ${index + 1})`}>
            <kbd>{index + 1}</kbd>
            <span className={`type-dot type-${kind}`} aria-hidden="true" />
            {eventTypeLabels[kind]}
            {on && data !== undefined && <span className="type-count">{counts[kind].toLocaleString('en-US')}</span>}
          </button>
        );
      })}
    </div>
  );

  let content;
  if (!hasKey) {
    content = (
      <KeyRequiredPanel
        what={`Events from ${formatTimestamp(range.start, zone, 'min')} to ${formatTimestamp(range.end, zone, 'min')}`}
        reason="The mixed event stream needs an API key on every request: /events has no anonymous window. The typed views (Market, Options, Intents, Quotes) serve their latest window without one."
      />
    );
  } else if (types.size === 0) {
    content = (
      <EmptyState icon="☰" title="No event type chosen">
        <p>Switch a type on above (keys 1 to 7) to load the stream.</p>
      </EmptyState>
    );
  } else if (load.query.isError) {
    content = (
      <ErrorPanel
        context="The event stream could not be loaded."
        error={load.query.error}
        failedAt={load.query.errorUpdatedAt}
        onRetry={() => void load.query.refetch()}
        retrying={load.query.isFetching}
        onNarrowRange={() => changeRange(narrowerRange(range))}
      />
    );
  } else if (data === undefined) {
    content = load.query.fetchStatus === 'idle' ? <LoadingState what="events: waiting for the data source" /> : <LoadingState what="events" rows={load.progress} />;
  } else if (items.length === 0) {
    const wider = range.relative ? (offeredSpans[offeredSpans.findIndex((span) => span === range.span) + 1] ?? null) : defaultSpan;
    content = (
      <EmptyState icon="☰" title={range.relative ? `No events in the last ${spanInWords(range.span)}` : 'No events in this range'}>
        <p>Nothing of the chosen types{source === undefined ? '' : ` from ${source}`}{market === undefined ? '' : ` on ${market}`} was collected in this range. Widen the range or switch more types on.</p>
        {wider !== null && (
          <div className="button-row events-empty-actions">
            <button type="button" className="button primary" onClick={() => changeRange({ span: wider, start: undefined, end: undefined })}>
              {range.relative ? `Widen to ${wider}` : `Show the last ${spanInWords(wider)}`}
            </button>
          </div>
        )}
      </EmptyState>
    );
  } else {
    const chosen = current === null ? undefined : items[current];
    content = (
      <>
        {data.truncated && (
          <p className="events-note" role="status">
            First {data.cap.toLocaleString('en-US')} events only, up to {formatTimestamp(items[items.length - 1]?.data.collector_timestamp ?? range.end, zone)}; narrow the range or the types to see the rest.
            <button type="button" className="button compact" onClick={() => changeRange(narrowerRange(range))}>
              Narrow the range
            </button>
          </p>
        )}
        <div className="events-split">
          <EventList items={items} selected={current} onSelect={select} zone={zone} withDate={!sameDay(range.start, range.end, zone)} />
          {chosen === undefined || current === null ? (
            <aside className="panel event-detail event-detail-empty">
              <p>Select an event (click, or <kbd>j</kbd> <kbd>k</kbd>) to see its full row.</p>
            </aside>
          ) : (
            <EventDetail item={chosen} index={current} total={items.length} zone={zone} />
          )}
        </div>
      </>
    );
  }

  return (
    <ViewFrame title="Events" subtitle={subtitle} actions={actions}>
      <div className="events-layout">
        {chips}
        {content}
      </div>
    </ViewFrame>
  );
}

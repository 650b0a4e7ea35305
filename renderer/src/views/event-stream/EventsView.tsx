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
import { useHasKeyAccess } from '../../hooks/market-queries.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { spanInWords } from '../../format/span-words.ts';
import { useViewKeyMap } from '../../hooks/use-view-keys.ts';
import { EventDetail } from './EventDetail.tsx';
import { EventList } from './EventList.tsx';
import { countByType, eventTypeLabels, toggleType, typesParam } from './event-types.ts';
import { useEventStream } from './use-event-stream.ts';
import './events-view.css';
import { useAnchoredRange } from '../../hooks/use-anchored-range.ts';

/** The stream's default range: ten minutes ending now. */
const defaultSpan = '10m';
/** Spans offered: the stream is dense, and one load keeps at most 20,000 events. */
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
 * The Events view: the mixed `/events` stream over a range, optionally of one source or market, in
 * one dense virtualized list with each type rendered its own way. Pages are drawn as they arrive;
 * the type chips (keys `1`…`7`) filter what is loaded, at once, without asking again; a load the
 * cap cut short says so and offers to narrow the range or to load only the types shown. `j` `k` or
 * a click select an event and show its full row. The stream needs an API key on every request:
 * without one, the view explains it before sending anything.
 */
export function EventsView() {
  const params = useViewParams('events');
  const setParams = useUiStore((state) => state.setParams);
  const zone = useTimeZone();
  const hasKey = useHasKeyAccess();
  const simulated = useCatalog().data?.simulated === true;
  const anchored = useAnchoredRange('events', defaultSpan);
  const { range } = anchored;
  // The type filter is not a ViewParams field: it lives here, for this visit. It filters the loaded
  // events; `sentTypes` (undefined: every type) is what the service is asked for, narrowed only on demand.
  const [types, setTypes] = useState<ReadonlySet<RowKind>>(allTypes);
  const [sentTypes, setSentTypes] = useState<readonly RowKind[] | undefined>(undefined);
  const { source, market } = params;

  const stream = useEventStream({ start: range.start, end: range.end, source, market, types: sentTypes }, hasKey);
  const { query, end } = stream;
  const loaded = stream.items;
  const counts = useMemo(() => countByType(loaded), [loaded]);
  const items = useMemo(() => (types.size === rowKinds.length ? loaded : loaded.filter((item) => types.has(item.type))), [loaded, types]);
  // The selected event is the view's `focus` (its event_id), so a deep link can name it.
  const focus = params.focus;
  const current = useMemo(() => {
    const index = focus === undefined ? -1 : items.findIndex((item) => item.data.event_id === focus);
    return index < 0 ? null : index;
  }, [items, focus]);
  const select = (index: number | null): void => setParams('events', { focus: index === null ? undefined : items[index]?.data.event_id });
  // Types the service was asked for but that are hidden, and types shown that the service was not asked for.
  const narrowTypes = typesParam(types);

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

  const shown = items.length === loaded.length ? `${loaded.length.toLocaleString('en-US')} events` : `${items.length.toLocaleString('en-US')} of ${loaded.length.toLocaleString('en-US')} events`;
  const subtitle = [source, market, loaded.length === 0 && end === undefined ? 'The mixed stream' : shown, simulated ? 'simulated' : undefined].filter((part) => part !== undefined).join(' · ');
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
          <button key={kind} type="button" aria-pressed={on} className={on ? 'chip type-chip active' : 'chip type-chip'} onClick={() => flipType(kind)} title={`${on ? 'Hide' : 'Show'} ${eventTypeLabels[kind].toLowerCase()} (key ${index + 1}): filters what is loaded`}>
            <kbd>{index + 1}</kbd>
            <span className={`type-dot type-${kind}`} aria-hidden="true" />
            {eventTypeLabels[kind]}
            {(loaded.length > 0 || end !== undefined) && <span className="type-count">{counts[kind].toLocaleString('en-US')}</span>}
          </button>
        );
      })}
    </div>
  );

  const sentAll = sentTypes === undefined;
  const loadOnlyShown = (): void => {
    setSentTypes(narrowTypes);
    select(null);
  };
  let content;
  if (!hasKey) {
    content = (
      <KeyRequiredPanel
        what={`Events from ${formatTimestamp(range.start, zone, 'min')} to ${formatTimestamp(range.end, zone, 'min')}`}
        reason="The mixed event stream needs an API key on every request: /events has no anonymous window. The typed views (Market, Options, Intents, Quotes) serve their latest window without one."
      />
    );
  } else if (query.isError && loaded.length === 0) {
    content = (
      <ErrorPanel
        context="The event stream could not be loaded."
        error={query.error}
        failedAt={query.errorUpdatedAt}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        onNarrowRange={() => changeRange(narrowerRange(range))}
      />
    );
  } else if (loaded.length === 0 && end === undefined) {
    content = query.fetchStatus === 'idle' && !query.isError ? <LoadingState what="events: waiting for the data source" /> : <LoadingState what="events" />;
  } else if (loaded.length === 0) {
    const wider = range.relative ? (offeredSpans[offeredSpans.findIndex((span) => span === range.span) + 1] ?? null) : defaultSpan;
    content = (
      <EmptyState icon="☰" title={range.relative ? `No events in the last ${spanInWords(range.span)}` : 'No events in this range'}>
        <p>Nothing{sentAll ? '' : ' of the types asked for'}{source === undefined ? '' : ` from ${source}`}{market === undefined ? '' : ` on ${market}`} was collected in this range. Widen the range{sentAll ? '' : ' or ask for every type'}.</p>
        <div className="button-row events-empty-actions">
          {wider !== null && (
            <button type="button" className="button primary" onClick={() => changeRange({ span: wider, start: undefined, end: undefined })}>
              {range.relative ? `Widen to ${wider}` : `Show the last ${spanInWords(wider)}`}
            </button>
          )}
          {!sentAll && (
            <button type="button" className="button" onClick={() => setSentTypes(undefined)}>
              Ask for every type
            </button>
          )}
        </div>
      </EmptyState>
    );
  } else {
    const chosen = current === null ? undefined : items[current];
    const lastTime = loaded[loaded.length - 1]?.data.collector_timestamp ?? range.end;
    content = (
      <>
        {stream.streaming && (
          <p className="events-note events-streaming" role="status">
            Loading: {loaded.length.toLocaleString('en-US')} events so far, up to {formatTimestamp(lastTime, zone)}. The list grows as pages arrive.
          </p>
        )}
        {query.isError && (
          <p className="events-note" role="alert">
            The stream stopped after {loaded.length.toLocaleString('en-US')} events: {query.error.message}
            <button type="button" className="button compact" onClick={() => void query.refetch()}>
              Retry
            </button>
          </p>
        )}
        {end?.truncated === true && (
          <p className="events-note" role="status">
            <span>
              First {end.cap.toLocaleString('en-US')} events only, up to {formatTimestamp(lastTime, zone)}
              {sentAll ? '' : ` (of ${sentTypes.map((kind) => eventTypeLabels[kind].toLowerCase()).join(', ')})`}: one load keeps at most {end.cap.toLocaleString('en-US')}. Narrow the range{narrowTypes !== undefined && sentAll ? ', or load only the types shown,' : ''} to see the rest.
            </span>
            <span className="button-row">
              {narrowTypes !== undefined && narrowTypes.length > 0 && (sentAll || narrowTypes.length < sentTypes.length) && (
                <button type="button" className="button compact" onClick={loadOnlyShown}>
                  Load only {narrowTypes.length === 1 ? eventTypeLabels[narrowTypes[0] ?? 'trade'].toLowerCase() : `the ${narrowTypes.length} types shown`}
                </button>
              )}
              <button type="button" className="button compact" onClick={() => changeRange(narrowerRange(range))}>
                Narrow the range
              </button>
            </span>
          </p>
        )}
        {!sentAll && end?.truncated !== true && (
          <p className="events-note events-note-quiet" role="status">
            Loaded only {sentTypes.map((kind) => eventTypeLabels[kind].toLowerCase()).join(', ')}.
            <button type="button" className="button compact" onClick={() => setSentTypes(undefined)}>
              Load every type
            </button>
          </p>
        )}
        {items.length === 0 ? (
          <EmptyState icon="☰" title="None of the loaded events is of the types shown">
            <p>
              {loaded.length.toLocaleString('en-US')} events are loaded; switch a type on above (keys 1 to 7) to see them.
            </p>
          </EmptyState>
        ) : (
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
        )}
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

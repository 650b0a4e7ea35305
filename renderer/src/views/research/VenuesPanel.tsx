import { useMemo, useState } from 'react';
import type { ResearchVenues } from '../../../../shared/contract/research-schemas.ts';
import { anonymousRefusal } from '../../../../shared/access-windows.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { LagBars } from './LagBars.tsx';
import { PanelBody, ReadNotes } from './PanelBody.tsx';
import { formatBps, formatCount, stepLabel } from './research-format.ts';
import type { ResearchScope } from './research-scope.ts';
import { SeriesChart, type ChartLine } from './SeriesChart.tsx';
import { useResearchLoad } from './use-research-load.ts';
import { venuesOfAsset, type VenueMarket } from './venue-choices.ts';

const palette = [chartColours.accent, chartColours.warn, chartColours.violet, chartColours.bid, chartColours.ask, chartColours.muted];

function mean(values: readonly (number | null)[]): number | null {
  let sum = 0;
  let n = 0;
  for (const value of values) {
    if (value === null) continue;
    sum += value;
    n++;
  }
  return n === 0 ? null : sum / n;
}

function VenueCharts({ result, scope }: { result: ResearchVenues; scope: ResearchScope }) {
  const lines = useMemo(
    (): ChartLine[] =>
      result.names.flatMap((name, v) => [
        { title: name, values: result.mid[v] ?? [], pane: 0, colour: palette[v] ?? chartColours.muted, decimals: scope.priceDecimals },
        { title: name, values: result.basisBps[v] ?? [], pane: 1, colour: palette[v] ?? chartColours.muted, decimals: 2 },
        { title: name, values: result.spreadBps[v] ?? [], pane: 2, colour: palette[v] ?? chartColours.muted, decimals: 2 },
      ]),
    [result, scope.priceDecimals],
  );
  const reference = result.names[result.reference] ?? '';
  return <SeriesChart time={result.time} lines={lines} paneNames={['Mid', `Basis vs ${reference}, bps`, 'Spread, bps']} zone={scope.zone} testId="venues-chart" />;
}

/** The lag of a venue's highest correlation and that correlation; null without any. */
function peakLag(result: ResearchVenues, v: number): { lagMs: number; correlation: number } | null {
  const correlation = result.leadLag.correlation[v] ?? [];
  let best = -1;
  for (let k = 0; k < correlation.length; k++) if ((correlation[k] ?? -Infinity) > (correlation[best] ?? -Infinity)) best = k;
  const value = correlation[best] ?? null;
  return value === null ? null : { lagMs: result.leadLag.lagMs[best] ?? 0, correlation: value };
}

function peakText(result: ResearchVenues, v: number): string {
  const peak = peakLag(result, v);
  return peak === null ? 'No lag has enough pairs' : `Highest correlation ${peak.correlation.toFixed(4)} at ${peak.lagMs} ms`;
}

function VenuesBody({ result, scope }: { result: ResearchVenues; scope: ResearchScope }) {
  const reference = result.names[result.reference] ?? '';
  return (
    <div className="research-panel-grid venues" data-testid="venues-panel" data-venues={result.names.length} data-points={result.time.length}>
      <section className="panel research-card grow">
        <header className="research-card-header">
          <h3>Mids, basis and spreads every {stepLabel(result.stepMs)}</h3>
          <span className="muted">each venue's book as it stood at each grid time</span>
          <ExportButtons
            resultId={result.resultId}
            tables={[
              { table: 'venues', label: 'Venues on the grid' },
              { table: 'lead-lag', label: 'Lead–lag' },
            ]}
          />
        </header>
        <div className="research-card-body chart-body">
          <VenueCharts result={result} scope={scope} />
        </div>
      </section>
      <section className="panel research-card side">
        <header className="research-card-header">
          <h3>Lead–lag vs {reference}</h3>
          <span className="muted">corr. of {stepLabel(result.leadLag.stepMs)} mid log returns; a peak at +lag: {reference} moves first</span>
        </header>
        <div className="research-card-body lag-body">
          <LagBars lagMs={result.leadLag.lagMs} series={result.names.map((name, v) => ({ name, colour: palette[v] ?? chartColours.muted, correlation: result.leadLag.correlation[v] ?? [] }))} />
        </div>
        <table className="research-table compact" data-testid="venues-table">
          <thead>
            <tr>
              <th>Venue</th>
              <th className="num" title="Book events read">Events</th>
              <th className="num" title="Mean basis against the reference, bps">Basis</th>
              <th className="num" title="Mean spread, bps">Spread</th>
              <th className="num" title="The lag of the highest correlation">Peak lag</th>
            </tr>
          </thead>
          <tbody>
            {result.names.map((name, v) => (
              <tr key={name}>
                <td>
                  <span style={{ color: palette[v] }}>●</span> {name}
                  {v === result.reference ? <span className="muted"> ★</span> : null}
                </td>
                <td className="num">{formatCount(result.reads[v]?.bookEvents ?? 0)}</td>
                <td className="num">{formatBps(mean(result.basisBps[v] ?? []))}</td>
                <td className="num">{formatBps(mean(result.spreadBps[v] ?? []))}</td>
                <td className="num" title={peakText(result, v)}>
                  {v === result.reference ? '—' : `${peakLag(result, v)?.lagMs ?? '—'} ms`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {result.reads.map((read) => (
          <ReadNotes key={`${read.source ?? ''}/${read.market ?? ''}`} read={{ ...read, notes: read.notes.map((note) => `${read.source ?? ''}/${read.market ?? ''}: ${note}`) }} />
        ))}
      </section>
    </div>
  );
}

/** Props of the venues panel. */
export interface VenuesPanelProps {
  scope: ResearchScope;
  /** The chosen market, null for files. */
  market: VenueMarket | null;
  range: { start: number; end: number };
}

/**
 * One asset across venues, matched by normalized symbol in the catalog: mids overlaid, basis in
 * bps against a reference venue, each venue's spread, and the lead–lag cross-correlation of mid
 * returns at lags −2 s..+2 s. Venues are chips (toggle; the first chosen is the reference, `r`
 * on a chip's focus makes it the reference).
 */
export function VenuesPanel({ scope, market, range }: VenuesPanelProps) {
  const catalog = useCatalog();
  const candidates = useMemo(() => (market === null ? [] : venuesOfAsset(catalog.data?.markets ?? [], market)), [catalog.data, market]);
  const [picked, setPicked] = useState<readonly string[] | null>(null);
  const keyOf = (venue: VenueMarket): string => `${venue.source}/${venue.market}`;
  const chosen = picked ?? candidates.slice(0, 3).map(keyOf);
  const venues = candidates.filter((venue) => chosen.includes(keyOf(venue))).sort((a, b) => chosen.indexOf(keyOf(a)) - chosen.indexOf(keyOf(b)));
  const keyRefusal = scope.hasKey === false ? anonymousRefusal('latest-hour', '/l2-orderbooks', range, scope.now) : null;
  const enabled = market !== null && venues.length >= 2 && keyRefusal === null && scope.hasKey !== undefined;
  const load = useResearchLoad(['venues', venues.map(keyOf).join(','), range.start, range.end], (api, requestId) => api.research.venues({ requestId, venues, start: range.start, end: range.end, reference: 0 }), enabled);
  if (market === null) {
    return (
      <EmptyState icon="⇉" title="Venues compare markets of the data source">
        <p>Snapshot files hold one market each; close the files and choose a market to see it beside the same asset on other venues.</p>
      </EmptyState>
    );
  }
  const toggle = (key: string): void => setPicked(chosen.includes(key) ? chosen.filter((held) => held !== key) : [...chosen, key].slice(0, 6));
  const makeReference = (key: string): void => setPicked([key, ...chosen.filter((held) => held !== key)]);
  return (
    <div className="research-panel-stack">
      <div className="research-controls" role="group" aria-label="Venues">
        <span className="research-field-label">Venues of {candidates.length > 0 ? 'the same asset' : 'this asset'}</span>
        <span className="chip-row compact">
          {candidates.map((venue) => {
            const key = keyOf(venue);
            const on = chosen.includes(key);
            return (
              <button
                key={key}
                type="button"
                className={`chip${on ? ' active' : ''}`}
                aria-pressed={on}
                onClick={() => toggle(key)}
                onKeyDown={(event) => {
                  if (event.key === 'r' && on) {
                    event.preventDefault();
                    makeReference(key);
                  }
                }}
                title={on ? 'Click to leave it out; r makes it the reference' : 'Click to compare it'}
                data-testid="venue-chip"
              >
                {chosen[0] === key ? '★ ' : ''}
                {key}
              </button>
            );
          })}
        </span>
        <span className="muted">★ reference (r on a chosen venue) · up to 6</span>
      </div>
      {venues.length < 2 ? (
        <EmptyState icon="⇉" title="Choose at least two venues">
          <p>{candidates.length < 2 ? `The catalog has no other book market of this asset than ${keyOf(market)}.` : 'Turn on another venue above to compare it with the reference.'}</p>
        </EmptyState>
      ) : (
        <PanelBody
          gate={{ keyRefusal, what: `Venues of ${scope.label}`, onUseAnonymousWindow: scope.lastHour }}
          load={load}
          loading="each venue's books"
          onNarrowRange={scope.narrowRange}
          emptyReason={(result) =>
            result.reads.every((read) => read.bookEvents === 0) ? { title: 'No order book in this range', body: <p>None of these venues has a book event between these times. Choose another range.</p> } : null
          }
        >
          {(result) => <VenuesBody result={result} scope={scope} />}
        </PanelBody>
      )}
    </div>
  );
}

import { useMemo, useState } from 'react';
import type { ResearchDepth } from '../../../../shared/contract/research-schemas.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { NumberField } from './NumberField.tsx';
import { PanelBody, ReadNotes } from './PanelBody.tsx';
import { compactNotional, formatCount, stepLabel } from './research-format.ts';
import { keyRefusalOf, type ResearchScope } from './research-scope.ts';
import { SeriesChart, type ChartLine } from './SeriesChart.tsx';
import { useResearchLoad } from './use-research-load.ts';

/** Median of the non-null values; null without any. */
function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? (known[middle] ?? null) : ((known[middle - 1] ?? 0) + (known[middle] ?? 0)) / 2;
}

function nulls(values: readonly (number | null)[]): number {
  return values.reduce((n: number, value) => (value === null ? n + 1 : n), 0);
}

function DepthCharts({ result, scope }: { result: ResearchDepth; scope: ResearchScope }) {
  const lines = useMemo(
    (): ChartLine[] => [
      { title: 'spread', values: result.spreadBps, pane: 0, colour: chartColours.accent, decimals: 2 },
      { title: 'imbalance', values: result.imbalance, pane: 1, colour: chartColours.violet, decimals: 3 },
      { title: 'buy', values: result.buyCostBps, pane: 2, colour: chartColours.bid, decimals: 2 },
      { title: 'sell', values: result.sellCostBps, pane: 2, colour: chartColours.ask, decimals: 2 },
    ],
    [result],
  );
  const paneNames = [
    'Spread, bps of the mid',
    `Bid/ask imbalance within ±${result.bandPct} % of the mid: (bid − ask) / (bid + ask)`,
    `Cost to trade ${compactNotional(result.notional)} (quote): buy walks the asks, sell the bids, bps from the mid — a gap where the book cannot fill it`,
  ];
  return <SeriesChart time={result.time} lines={lines} paneNames={paneNames} zone={scope.zone} testId="depth-chart" />;
}

/**
 * Depth metrics over time, sampled on the replay clock: spread in bps, imbalance within ±X % of
 * the mid and the cost to trade a chosen notional on each side. X and the notional are fields;
 * a sample where a side cannot fill the notional is null (a gap), never 0.
 */
export function DepthPanel({ scope }: { scope: ResearchScope }) {
  const [bandPct, setBandPct] = useState(1);
  const [notional, setNotional] = useState(10_000);
  const needs = { books: true, trades: false };
  const keyRefusal = keyRefusalOf(scope, needs, scope.now);
  const target = scope.target;
  const load = useResearchLoad(
    ['depth', scope.key, bandPct, notional],
    (api, requestId) => (target === null ? Promise.reject(new Error('nothing chosen')) : api.research.depth({ requestId, target, bandPct, notional })),
    target !== null && keyRefusal === null && scope.hasKey !== undefined,
  );
  return (
    <div className="research-panel-stack">
      <div className="research-controls" role="group" aria-label="Depth metrics">
        <NumberField label="Imbalance within ±" value={bandPct} suffix="%" valid={(v) => v > 0 && v <= 50} problem="A percentage above 0, at most 50" onCommit={(v) => v !== null && setBandPct(v)} testId="depth-band" />
        <NumberField label="Cost to trade" value={notional} suffix="quote" valid={(v) => v > 0 && v <= 1e12} problem="A notional above 0 (e.g. 250k, 1M)" onCommit={(v) => v !== null && setNotional(v)} testId="depth-notional" />
      </div>
      <PanelBody
        gate={{ keyRefusal, what: `Depth metrics of ${scope.label}`, onUseAnonymousWindow: scope.lastHour }}
        load={load}
        loading="the books"
        onNarrowRange={scope.narrowRange}
        emptyReason={(result) =>
          result.time.length === 0
            ? { title: 'No order book in this range', body: <p>{scope.label} has no book event between these times. Choose a longer range or another market.</p> }
            : null
        }
      >
        {(result) => (
          <section className="panel research-card grow" data-testid="depth-panel" data-samples={result.time.length} data-band-pct={result.bandPct} data-notional={result.notional}>
            <header className="research-card-header">
              <h3>Depth metrics every {stepLabel(result.stepMs)}</h3>
              <span className="muted">
                {formatCount(result.time.length)} samples from {formatCount(result.read.bookEvents)} book events · median spread {median(result.spreadBps)?.toFixed(2) ?? '—'} bps · median imbalance{' '}
                {median(result.imbalance)?.toFixed(3) ?? '—'} · cannot fill: buy {formatCount(nulls(result.buyCostBps))}, sell {formatCount(nulls(result.sellCostBps))} samples
              </span>
              <ExportButtons resultId={result.resultId} tables={[{ table: 'depth', label: 'Depth metrics' }]} />
            </header>
            <div className="research-card-body chart-body">
              <DepthCharts result={result} scope={scope} />
            </div>
            <ReadNotes read={result.read} />
          </section>
        )}
      </PanelBody>
    </div>
  );
}

import { useMemo } from 'react';
import type { ResearchLatency } from '../../../../shared/contract/research-schemas.ts';
import { formatNumber, formatTimestamp } from '../../format/market-values.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { PanelBody, ReadNotes } from './PanelBody.tsx';
import { formatCount, stepLabel } from './research-format.ts';
import { keyRefusalOf, type ResearchScope } from './research-scope.ts';
import { SeriesChart, type ChartLine } from './SeriesChart.tsx';
import { useResearchLoad } from './use-research-load.ts';

function Figure({ label, value, unit = 'ms', testId }: { label: string; value: number | null; unit?: string; testId?: string }) {
  return (
    <div className="research-figure" data-testid={testId}>
      <span className="research-figure-label">{label}</span>
      <span className="research-figure-value">
        {value === null ? '—' : formatNumber(value, Number.isInteger(value) ? 0 : 1)}
        {value !== null && unit !== '' ? <span className="muted"> {unit}</span> : null}
      </span>
    </div>
  );
}

function LatencyBody({ result, scope }: { result: ResearchLatency; scope: ResearchScope }) {
  const { summary, intervals } = result;
  const lines = useMemo(
    (): ChartLine[] => [
      { title: 'p50', values: intervals.p50, pane: 0, colour: chartColours.accent, decimals: 1 },
      { title: 'p99', values: intervals.p99, pane: 0, colour: chartColours.warn, decimals: 1 },
      { title: 'max', values: intervals.max, pane: 0, colour: chartColours.ask, dashed: true, decimals: 1 },
      { title: 'known', values: intervals.known, pane: 1, colour: chartColours.bidVolume, kind: 'histogram' },
      { title: 'unknown', values: intervals.unknown, pane: 2, colour: 'rgba(127, 138, 153, 0.6)', kind: 'histogram' },
    ],
    [intervals],
  );
  return (
    <div className="research-panel-grid latency" data-testid="latency-panel" data-known={summary.known} data-unknown={summary.unknown} data-intervals={intervals.openTime.length}>
      <section className="panel research-card">
        <header className="research-card-header">
          <h3>Collector time − exchange time</h3>
          <span className="muted">over {formatCount(summary.known + summary.unknown)} book events and trades</span>
          <ExportButtons
            resultId={result.resultId}
            tables={[
              { table: 'latency', label: `Per ${stepLabel(result.intervalMs)}` },
              { table: 'latency-events', label: 'Every event' },
            ]}
          />
        </header>
        <div className="research-figures">
          <Figure label="p50" value={summary.p50} testId="latency-p50" />
          <Figure label="p99" value={summary.p99} />
          <Figure label="min" value={summary.min} />
          <Figure label="max" value={summary.max} />
          <Figure label="mean" value={summary.mean} />
          <Figure label="known" value={summary.known} unit="" />
          <Figure label="unknown (no exchange time)" value={summary.unknown} unit="" testId="latency-unknown" />
          <Figure label="negative" value={summary.negative} unit="" />
          <Figure label={`outliers (beyond ${summary.lowFence === null ? '—' : formatNumber(summary.lowFence, 1)} … ${summary.highFence === null ? '—' : formatNumber(summary.highFence, 1)} ms)`} value={summary.outliers} unit="" />
        </div>
      </section>
      <section className="panel research-card grow">
        <header className="research-card-header">
          <h3>Over time, per {stepLabel(result.intervalMs)}</h3>
          <span className="muted">an interval whose events all lack an exchange time has no latency (a gap), and counts under unknown</span>
        </header>
        <div className="research-card-body chart-body">
          <SeriesChart
            time={intervals.openTime}
            lines={lines}
            paneNames={['Latency p50 · p99 · max (dashed), ms', 'Events with an exchange time', 'Events without one (unknown)']}
            zone={scope.zone}
            testId="latency-chart"
          />
        </div>
      </section>
      <section className="panel research-card outliers">
        <header className="research-card-header">
          <h3>Outliers, farthest from the median</h3>
          <span className="muted">Tukey's far fences (Q1 − 3·IQR, Q3 + 3·IQR)</span>
        </header>
        <div className="research-card-body table-scroll">
          {result.outliers.time.length === 0 ? (
            <p className="muted research-pad">{summary.known === 0 ? 'No event has an exchange time: there is no latency to judge.' : 'No latency lies beyond the fences.'}</p>
          ) : (
            <table className="research-table" data-testid="latency-outliers">
              <thead>
                <tr>
                  <th>Collector time</th>
                  <th>Event</th>
                  <th className="num">Latency, ms</th>
                </tr>
              </thead>
              <tbody>
                {result.outliers.time.map((time, i) => (
                  <tr key={`${time}:${i}`}>
                    <td>{formatTimestamp(time, scope.zone)}</td>
                    <td>{result.outliers.kind[i]}</td>
                    <td className="num">{formatNumber(result.outliers.latencyMs[i], 1)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </section>
      <ReadNotes read={result.read} />
    </div>
  );
}

/**
 * Latency: collector time minus exchange time of every book event and trade (p50, p99, outliers,
 * and over time). Events without an exchange time are counted as unknown, apart, never as 0.
 */
export function LatencyPanel({ scope }: { scope: ResearchScope }) {
  const needs = { books: true, trades: true };
  const keyRefusal = keyRefusalOf(scope, needs, scope.now);
  const target = scope.target;
  const load = useResearchLoad(['latency', scope.key], (api, requestId) => (target === null ? Promise.reject(new Error('nothing chosen')) : api.research.latency({ requestId, target })), target !== null && keyRefusal === null && scope.hasKey !== undefined);
  return (
    <PanelBody
      gate={{ keyRefusal, what: `Latency of ${scope.label}`, onUseAnonymousWindow: scope.lastHour }}
      load={load}
      loading="the books and trades"
      onNarrowRange={scope.narrowRange}
      emptyReason={(result) =>
        result.summary.known + result.summary.unknown === 0 ? { title: 'No events in this range', body: <p>{scope.label} has no book event or trade between these times. Choose a longer range.</p> } : null
      }
    >
      {(result) => <LatencyBody result={result} scope={scope} />}
    </PanelBody>
  );
}

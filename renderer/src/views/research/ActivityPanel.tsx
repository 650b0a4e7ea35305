import { useMemo, useState } from 'react';
import type { ResearchActivity } from '../../../../shared/contract/research-schemas.ts';
import { activityBarKinds } from '../../../../shared/contract/research-schemas.ts';
import { formatNumber } from '../../format/market-values.ts';
import { chartColours } from '../../components/chart/chart-theme.ts';
import { ActivityCandles } from './ActivityCandles.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { NumberField } from './NumberField.tsx';
import { PanelBody, ReadNotes } from './PanelBody.tsx';
import { compactNotional, formatCount, stepLabel } from './research-format.ts';
import { keyRefusalOf, type ResearchScope } from './research-scope.ts';
import { SeriesChart, type ChartLine } from './SeriesChart.tsx';
import { useResearchLoad } from './use-research-load.ts';
import { VolumeProfileChart } from './VolumeProfileChart.tsx';

type BarKind = (typeof activityBarKinds)[number];

const kindWords: Record<BarKind, string> = { tick: 'Tick', volume: 'Volume', dollar: 'Dollar' };

function sizeWords(kind: BarKind, size: number): string {
  return kind === 'tick' ? `${formatCount(size)} trades` : kind === 'volume' ? `${compactNotional(size)} base` : `${compactNotional(size)} notional`;
}

function ActivityBody({ result, scope }: { result: ResearchActivity; scope: ResearchScope }) {
  const { bars, cvd, profile } = result;
  const cvdLines = useMemo(
    (): ChartLine[] => [
      { title: 'CVD', values: cvd.cvd, pane: 0, colour: chartColours.accent, decimals: 4 },
      { title: 'delta', values: cvd.delta, pane: 1, colour: chartColours.violet, kind: 'histogram', decimals: 4 },
    ],
    [cvd],
  );
  return (
    <div className="research-panel-grid activity" data-testid="activity-panel" data-bars={bars.openTime.length} data-cvd={cvd.openTime.length} data-buckets={profile.price.length}>
      <section className="panel research-card grow">
        <header className="research-card-header">
          <h3>
            {kindWords[bars.kind]} bars of {sizeWords(bars.kind, bars.size)}
          </h3>
          <span className="muted">
            {formatCount(bars.openTime.length)} bars from {formatCount(result.read.trades)} trades · drawn by bar number (they close on activity, not time)
          </span>
          <ExportButtons
            resultId={result.resultId}
            tables={[
              { table: 'bars', label: 'Bars' },
              { table: 'cvd', label: 'CVD' },
              { table: 'profile', label: 'Volume profile' },
              { table: 'footprint', label: 'Footprint (1m cells)' },
            ]}
          />
        </header>
        <div className="research-card-body bars-body">
          <ActivityCandles bars={bars} priceDecimals={scope.priceDecimals} />
        </div>
        <div className="research-card-body cvd-body">
          <SeriesChart time={cvd.openTime} lines={cvdLines} paneNames={[`CVD per ${stepLabel(cvd.intervalMs)}: Σ buy − sell volume (unknown side apart)`, 'Delta per interval']} zone={scope.zone} testId="cvd-chart" />
        </div>
      </section>
      <section className="panel research-card side">
        <header className="research-card-header">
          <h3>Session volume profile</h3>
          <span className="muted">
            POC {formatNumber(profile.pocPrice, scope.priceDecimals)} · value area {formatNumber(profile.valueAreaLow, scope.priceDecimals)} – {formatNumber(profile.valueAreaHigh, scope.priceDecimals)} (
            {profile.totalVolume > 0 ? ((profile.valueAreaVolume / profile.totalVolume) * 100).toFixed(1) : '—'} % of {formatNumber(profile.totalVolume, 4)}) · step {profile.priceStep}
          </span>
        </header>
        <div className="research-card-body profile-body">
          <VolumeProfileChart profile={profile} priceDecimals={scope.priceDecimals} />
        </div>
      </section>
      <ReadNotes read={result.read} />
    </div>
  );
}

/**
 * Activity bars (tick, volume or dollar: a bar closes once its trades, base volume or notional
 * reach the size), the CVD per interval, and the session volume profile with its POC and 70 %
 * value area. The size and the price step are automatic until set.
 */
export function ActivityPanel({ scope }: { scope: ResearchScope }) {
  const [kind, setKind] = useState<BarKind>('tick');
  const [size, setSize] = useState<number | null>(null);
  const [priceStep, setPriceStep] = useState<number | null>(null);
  const needs = { books: false, trades: true };
  const keyRefusal = keyRefusalOf(scope, needs, scope.now);
  const target = scope.target;
  const load = useResearchLoad(
    ['activity', scope.key, kind, size, priceStep],
    (api, requestId) =>
      target === null
        ? Promise.reject(new Error('nothing chosen'))
        : api.research.activity({ requestId, target, barKind: kind, ...(size === null ? {} : { barSize: size }), ...(priceStep === null ? {} : { priceStep }) }),
    target !== null && keyRefusal === null && scope.hasKey !== undefined,
  );
  const shown = load.query.data;
  return (
    <div className="research-panel-stack">
      <div className="research-controls" role="group" aria-label="Activity bars">
        <span className="chip-row compact" role="radiogroup" aria-label="Bars by">
          {activityBarKinds.map((choice) => (
            <button
              key={choice}
              type="button"
              role="radio"
              aria-checked={kind === choice}
              className={`chip${kind === choice ? ' active' : ''}`}
              onClick={() => {
                setKind(choice);
                setSize(null);
              }}
            >
              {kindWords[choice]}
            </button>
          ))}
        </span>
        <NumberField
          key={kind}
          label="Bar size"
          value={size}
          placeholder={shown === undefined ? 'auto' : `auto (${shown.bars.kind === kind ? sizeWords(kind, shown.bars.size) : '…'})`}
          allowEmpty
          valid={(v) => v > 0 && (kind !== 'tick' || Number.isInteger(v))}
          problem={kind === 'tick' ? 'A whole number of trades' : 'A number above 0 (e.g. 5, 250k)'}
          onCommit={setSize}
          testId="activity-size"
        />
        <NumberField
          label="Profile step"
          value={priceStep}
          placeholder={shown === undefined ? 'auto' : `auto (${shown.profile.priceStep})`}
          allowEmpty
          valid={(v) => v > 0}
          problem="A price step above 0"
          onCommit={setPriceStep}
          testId="profile-step"
        />
      </div>
      <PanelBody
        gate={{ keyRefusal, what: `Activity bars of ${scope.label}`, onUseAnonymousWindow: scope.lastHour }}
        load={load}
        loading="the trades"
        onNarrowRange={scope.narrowRange}
        emptyReason={(result) => (result.read.trades === 0 ? { title: 'No trades in this range', body: <p>{scope.label} has no trade between these times. Choose a longer range or a busier market.</p> } : null)}
      >
        {(result) => <ActivityBody result={result} scope={scope} />}
      </PanelBody>
    </div>
  );
}

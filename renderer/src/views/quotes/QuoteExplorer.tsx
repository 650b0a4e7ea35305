import { useMemo, useState } from 'react';
import type { QuoteRows } from '../../../../shared/contract/market-schemas.ts';
import type { ExactRatio } from '../../../../shared/quotes/exact-ratio.ts';
import { impactOverTime } from '../../../../shared/quotes/impact-over-time.ts';
import { ladderOf, sizeSideOf, type LadderPoint } from '../../../../shared/quotes/quote-ladder.ts';
import { groupQuoteObservations, pairKeyOf, wholeObservations } from '../../../../shared/quotes/quote-observations.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { formatTimestamp, formatUnits, type TimeZoneChoice } from '../../format/market-values.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { rangeCrossesDays } from '../../format/row-times.ts';
import { clickThenRelease, useViewKeys } from '../../hooks/use-view-keys.ts';
import { ImpactChart } from './ImpactChart.tsx';
import { LadderTable } from './LadderTable.tsx';
import { ObservationFacts } from './ObservationFacts.tsx';
import { ObservationList } from './ObservationList.tsx';
import { observationTokens, pairName, tokenName } from './quote-tokens.ts';

/** Props of the quote explorer. */
export interface QuoteExplorerProps {
  rows: QuoteRows;
  range: ResolvedRange;
  onNarrow: (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>) => void;
}

function rangeWords(range: ResolvedRange, zone: TimeZoneChoice): string {
  if (range.relative) return range.span === '1h' ? 'in the last hour' : `in the last ${range.span ?? 'span'}`;
  return `between ${formatTimestamp(range.start, zone, 's')} and ${formatTimestamp(range.end, zone, 's')}`;
}


/** The size chosen for the impact chart, per pair: the one picked when the ladder has it, else the middle rung. */
function sizeFor(ladder: readonly LadderPoint[], picked: bigint | null): bigint | null {
  const sizes = ladder.map((point) => point.size).filter((size): size is bigint => size !== null);
  if (picked !== null && sizes.includes(picked)) return picked;
  return sizes[Math.floor(sizes.length / 2)] ?? null;
}

/**
 * The quote observations of the range: a pair filter, the observation list (`j`/`k` and `[`/`]`
 * step), the focused observation's facts and ladder, and the impact of a chosen size over time.
 */
export function QuoteExplorer({ rows, range, onNarrow }: QuoteExplorerProps) {
  const zone = useTimeZone();
  const { focus } = useViewParams('quotes');
  const setParams = useUiStore((state) => state.setParams);
  const observations = useMemo(() => wholeObservations(groupQuoteObservations(rows.rows), rows.truncated).sort((a, b) => a.collectorTime - b.collectorTime), [rows.rows, rows.truncated]);
  const ladders = useMemo(() => new Map(observations.map((observation) => [observation.observationId, ladderOf(observation.points)])), [observations]);
  const topImpacts = useMemo(() => new Map<string, ExactRatio | null>([...ladders].map(([id, ladder]) => [id, ladder.at(-1)?.impactBps ?? null])), [ladders]);
  const pairs = useMemo(() => {
    const byKey = new Map<string, { key: string; label: string; count: number }>();
    for (const observation of observations) {
      const key = pairKeyOf(observation);
      const known = byKey.get(key);
      if (known === undefined) byKey.set(key, { key, label: pairName(observation), count: 1 });
      else known.count += 1;
    }
    return [...byKey.values()];
  }, [observations]);
  const [pairFilter, setPairFilter] = useState<string | null>(null);
  const visible = useMemo(() => (pairFilter === null ? observations : observations.filter((observation) => pairKeyOf(observation) === pairFilter)), [observations, pairFilter]);
  const focused = visible.find((observation) => observation.observationId === focus) ?? visible.at(-1);
  const ladder = focused === undefined ? [] : (ladders.get(focused.observationId) ?? []);
  const [picked, setPicked] = useState<{ pair: string; size: bigint } | null>(null);
  const pairKey = focused === undefined ? null : pairKeyOf(focused);
  const size = sizeFor(ladder, picked !== null && picked.pair === pairKey ? picked.size : null);
  const samples = useMemo(() => (pairKey === null || size === null ? [] : impactOverTime(observations, pairKey, size)), [observations, pairKey, size]);
  const withDate = rangeCrossesDays(range.start, range.end, zone);

  const focusOn = (observationId: string): void => setParams('quotes', { focus: observationId });
  useViewKeys((key) => {
    if (!['j', 'k', '[', ']'].includes(key) || visible.length === 0) return false;
    const index = focused === undefined ? visible.length - 1 : visible.indexOf(focused);
    const next = visible[Math.min(visible.length - 1, Math.max(0, index + (key === 'j' || key === ']' ? 1 : -1)))];
    if (next !== undefined) focusOn(next.observationId);
    return true;
  });

  if (observations.length === 0) {
    return (
      <EmptyState icon="≋" title={`No quotes ${rangeWords(range, zone)}`}>
        <p>This market published no quote ladders in the range. Choose another range, or 1h for the latest hour.</p>
      </EmptyState>
    );
  }
  const sizeSide = focused === undefined ? 'input' : sizeSideOf(focused.amountKind);
  const sizeDecimals = focused === undefined ? 0 : sizeSide === 'input' ? focused.inputDecimals : focused.outputDecimals;
  return (
    <div className="quotes-layout">
      <div className="quotes-bar">
        <div className="chip-row" role="group" aria-label="Filter by pair">
          <button type="button" className={pairFilter === null ? 'chip active' : 'chip'} aria-pressed={pairFilter === null} onClick={clickThenRelease(() => setPairFilter(null))}>
            All pairs <span className="chip-count">{observations.length}</span>
          </button>
          {pairs.map((pair) => (
            <button key={pair.key} type="button" className={pairFilter === pair.key ? 'chip active mono' : 'chip mono'} aria-pressed={pairFilter === pair.key} onClick={clickThenRelease(() => setPairFilter(pair.key))} title={pair.key}>
              {pair.label} <span className="chip-count">{pair.count}</span>
            </button>
          ))}
        </div>
        <span className="quotes-figures mono">
          {visible.length} observations · {visible.reduce((sum, observation) => sum + observation.points.length, 0)} points
        </span>
        <span className="quotes-keys muted">
          <kbd>j</kbd> <kbd>k</kbd> / <kbd>[</kbd> <kbd>]</kbd> step
        </span>
      </div>
      {rows.truncated && (
        <p className="catalog-warning">
          Showing the first {rows.cap.toLocaleString('en-US')} quote points of the range; later observations are missing (and the last one, cut short, is left out).{' '}
          <button type="button" className="link-button" onClick={() => onNarrow({ start: range.start, end: range.start + Math.floor((range.end - range.start) / 2), span: undefined })}>
            Narrow the range
          </button>
        </p>
      )}
      <div className="quotes-split">
        <ObservationList observations={visible} topImpacts={topImpacts} focusId={focused?.observationId ?? null} zone={zone} withDate={withDate} onFocus={focusOn} />
        {focused === undefined ? (
          <EmptyState icon="≋" title="No observation of this pair">
            <p>Choose another pair.</p>
          </EmptyState>
        ) : (
          <div className="quote-detail">
            <section className="panel quote-section" aria-label="Observation">
              <header className="panel-header">
                Observation · block {focused.blockNumber.toLocaleString('en-US')} · {focused.points.length} points
              </header>
              <ObservationFacts observation={focused} zone={zone} />
            </section>
            <section className="panel quote-section" aria-label="Ladder">
              <header className="panel-header">Ladder</header>
              <LadderTable observation={focused} ladder={ladder} chosenSize={size} onChooseSize={(chosen) => pairKey !== null && setPicked({ pair: pairKey, size: chosen })} />
            </section>
            <section className="panel quote-section" aria-label="Impact over time">
              <header className="panel-header impact-header">
                <span>Impact over time at</span>
                <span className="chip-row compact" role="radiogroup" aria-label="Size">
                  {ladder.map((point) =>
                    point.size === null ? null : (
                      <button
                        key={point.row.event_id}
                        type="button"
                        role="radio"
                        aria-checked={point.size === size}
                        className={point.size === size ? 'chip active mono' : 'chip mono'}
                        onClick={clickThenRelease(() => pairKey !== null && point.size !== null && setPicked({ pair: pairKey, size: point.size }))}
                      >
                        {formatUnits(point.size, sizeDecimals)}
                      </button>
                    ),
                  )}
                </span>
                <span className="muted impact-size-unit">{`${tokenName(observationTokens(focused)[sizeSide])} ${sizeSide === 'input' ? 'in' : 'out'}`}</span>
              </header>
              <ImpactChart samples={samples} focusId={focused.observationId} zone={zone} start={range.start} end={range.end} onPick={focusOn} />
            </section>
          </div>
        )}
      </div>
    </div>
  );
}

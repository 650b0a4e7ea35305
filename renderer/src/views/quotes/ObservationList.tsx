import { useMemo, useRef } from 'react';
import type { QuoteObservation } from '../../../../shared/quotes/quote-observations.ts';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { formatRowTime } from '../../format/row-times.ts';
import { useRowWindow } from '../../hooks/use-row-window.ts';
import { impactText } from './ladder-display.ts';
import { pairName } from './quote-tokens.ts';
import type { ExactRatio } from '../../../../shared/quotes/exact-ratio.ts';

/** Props of the observation list. */
export interface ObservationListProps {
  observations: readonly QuoteObservation[];
  /** The impact at the largest size of each observation, by observation id. */
  topImpacts: ReadonlyMap<string, ExactRatio | null>;
  focusId: string | null;
  zone: TimeZoneChoice;
  withDate: boolean;
  onFocus: (observationId: string) => void;
}

const rowHeight = 26;


/** The observations of the range, oldest first, windowed: time, block, pair, points and the impact at the top size. */
export function ObservationList({ observations, topImpacts, focusId, zone, withDate, onFocus }: ObservationListProps) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const heights = useMemo(() => observations.map(() => rowHeight), [observations]);
  const focusIndex = focusId === null ? -1 : observations.findIndex((observation) => observation.observationId === focusId);
  const rows = useRowWindow(scrollerRef, heights, focusIndex);
  return (
    <div className={`observation-list panel${withDate ? ' with-date' : ''}`} aria-label="Quote observations">
      <div className="observation-row observation-head" aria-hidden="true">
        <span>Time</span>
        <span className="num">Block</span>
        <span>Pair</span>
        <span className="num">Pts</span>
        <span className="num" title="Impact at the largest size, bps">
          Top bps
        </span>
      </div>
      <div className="observation-scroller" ref={scrollerRef} role="listbox" aria-label="Observations" aria-activedescendant={focusId === null ? undefined : `obs-${focusIndex}`}>
        <div style={{ height: rows.totalHeight, position: 'relative' }}>
          {observations.slice(rows.start, rows.end).map((observation, offset) => {
            const index = rows.start + offset;
            const focused = observation.observationId === focusId;
            return (
              <div
                key={observation.observationId}
                id={`obs-${index}`}
                role="option"
                aria-selected={focused}
                data-testid="quote-observation"
                className={`observation-row${focused ? ' focused' : ''}`}
                style={{ position: 'absolute', top: rows.layout.offsets[index] ?? 0, left: 0, width: '100%', height: rowHeight }}
                onClick={() => onFocus(observation.observationId)}
                title={observation.observationId}
              >
                <span className="mono">{formatRowTime(observation.collectorTime, zone, withDate)}</span>
                <span className="num mono">{observation.blockNumber}</span>
                <span className="mono pair" title={`${observation.inputAssetId} → ${observation.outputAssetId}`}>
                  {pairName(observation)}
                </span>
                <span className="num mono muted">{observation.points.length}</span>
                <span className="num mono">{impactText(topImpacts.get(observation.observationId) ?? null)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

import { useMemo, useRef } from 'react';
import type { IntentLifecycle } from '../../../../shared/intents/intent-lifecycles.ts';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { formatDuration, formatRowTime } from '../../format/row-times.ts';
import { lifecycleHeight, lifecycleRowHeight } from './lifecycle-height.ts';
import { LifecycleTimeline } from './LifecycleTimeline.tsx';
import { StatusChip } from './StatusChip.tsx';
import { SideCells } from './SideCells.tsx';
import { statuslessLabel } from './step-label.ts';
import { useRowWindow } from '../../hooks/use-row-window.ts';

/** Props of the lifecycle list. */
export interface LifecycleListProps {
  lifecycles: readonly IntentLifecycle[];
  focusId: string | null;
  expanded: ReadonlySet<string>;
  zone: TimeZoneChoice;
  withDate: boolean;
  onFocus: (id: string) => void;
  onToggle: (id: string) => void;
}

/** Lifecycles as a windowed list, newest first; a lifecycle opens into its timeline. */
export function LifecycleList({ lifecycles, focusId, expanded, zone, withDate, onFocus, onToggle }: LifecycleListProps) {
  const heights = useMemo(() => lifecycles.map((lifecycle) => lifecycleHeight(lifecycle.steps.length, expanded.has(lifecycle.id))), [lifecycles, expanded]);
  const focusIndex = focusId === null ? -1 : lifecycles.findIndex((lifecycle) => lifecycle.id === focusId);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const rowWindow = useRowWindow(scrollerRef, heights, focusIndex);
  return (
    <div className={`lifecycle-list panel${withDate ? ' with-date' : ''}`} role="list" aria-label="Intent lifecycles">
      <div className="lifecycle-row lifecycle-head" aria-hidden="true">
        <span />
        <span>First seen</span>
        <span>Status path</span>
        <span className="num" title="Time from the first observation to settle">
          To settle
        </span>
        <span className="num" title="Amount in, in whole tokens (hover: exact, and smallest units)">
          In
        </span>
        <span className="num" title="Amount out, in whole tokens (hover: exact, and smallest units)">
          Out
        </span>
        <span className="num" title="The price the amounts imply, quoted in the dollar side">
          Implied price
        </span>
        <span className="num">Obs</span>
      </div>
      <div className="lifecycle-scroller" ref={scrollerRef}>
        <div style={{ height: rowWindow.totalHeight, position: 'relative' }}>
          {lifecycles.slice(rowWindow.start, rowWindow.end).map((lifecycle, offset) => {
            const index = rowWindow.start + offset;
            const open = expanded.has(lifecycle.id);
            const focused = lifecycle.id === focusId;
            return (
              <div
                key={lifecycle.id}
                role="listitem"
                aria-current={focused ? 'true' : undefined}
                aria-expanded={open}
                data-testid="intent-lifecycle"
                className={`lifecycle${focused ? ' focused' : ''}${open ? ' open' : ''}`}
                style={{ position: 'absolute', top: rowWindow.layout.offsets[index] ?? 0, left: 0, width: '100%', height: heights[index] ?? lifecycleRowHeight }}
              >
                <div
                  className="lifecycle-row"
                  onClick={() => {
                    onFocus(lifecycle.id);
                    onToggle(lifecycle.id);
                  }}
                >
                  <span className="chevron" aria-hidden="true">
                    {open ? '▾' : '▸'}
                  </span>
                  <span className="mono">{formatRowTime(lifecycle.firstSeen, zone, withDate)}</span>
                  <span className="status-path">
                    {lifecycle.steps.map((step, index) => (
                      <span key={index} className="status-step">
                        {index > 0 && <span className="path-arrow">→</span>}
                        <StatusChip status={step.status} fallback={statuslessLabel(step)} count={step.count} />
                      </span>
                    ))}
                  </span>
                  <span className="num mono">{formatDuration(lifecycle.submitToSettleMs)}</span>
                  <SideCells input={lifecycle.input} output={lifecycle.output} />
                  <span className="num mono muted">{lifecycle.observations.length}</span>
                </div>
                {open && <LifecycleTimeline lifecycle={lifecycle} zone={zone} withDate={withDate} />}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

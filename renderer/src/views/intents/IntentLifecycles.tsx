import { useMemo, useState } from 'react';
import type { IntentRows } from '../../../../shared/contract/market-schemas.ts';
import { findLifecycle, groupIntentLifecycles } from '../../../../shared/intents/intent-lifecycles.ts';
import { intentStatusFamily } from '../../../../shared/intents/intent-status.ts';
import { lifecycleSummary } from '../../../../shared/intents/lifecycle-stats.ts';
import { countByStatus, filterByStatus, noStatus } from '../../../../shared/intents/status-filter.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useTimeZone } from '../../hooks/contract-queries.ts';
import { formatTimestamp } from '../../format/market-values.ts';
import type { ResolvedRange } from '../../navigation/time-range.ts';
import { useUiStore, useViewParams, type ViewParamsPatch } from '../../stores/ui-store.ts';
import { rangeCrossesDays } from '../../format/row-times.ts';
import { lifecycleFigures } from './lifecycle-figures.ts';
import { LifecycleList } from './LifecycleList.tsx';
import { clickThenRelease, useViewKeys } from '../../hooks/use-view-keys.ts';

/** Props of the lifecycles panel. */
export interface IntentLifecyclesProps {
  rows: IntentRows;
  range: ResolvedRange;
  onNarrow: (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>) => void;
}

/** Where the range is described in sentences ("in the last hour"). */
function rangeWords(range: ResolvedRange, zone: 'utc' | 'local'): string {
  if (range.relative) return range.span === '1h' ? 'in the last hour' : `in the last ${range.span ?? 'span'}`;
  return `between ${formatTimestamp(range.start, zone, 's')} and ${formatTimestamp(range.end, zone, 's')}`;
}

/**
 * The lifecycles of the loaded observations: status filter chips with counts, settle figures,
 * and the list (`j`/`k` move the focus, Enter opens or closes the focused lifecycle).
 */
export function IntentLifecycles({ rows, range, onNarrow }: IntentLifecyclesProps) {
  const zone = useTimeZone();
  const { focus } = useViewParams('intents');
  const setParams = useUiStore((state) => state.setParams);
  const lifecycles = useMemo(() => groupIntentLifecycles(rows.rows), [rows.rows]);
  const counts = useMemo(() => countByStatus(lifecycles), [lifecycles]);
  const [statuses, setStatuses] = useState<ReadonlySet<string>>(new Set());
  const visible = useMemo(() => filterByStatus(lifecycles, statuses), [lifecycles, statuses]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => {
    const focused = findLifecycle(lifecycles, focus);
    return new Set(focused === undefined ? [] : [focused.id]);
  });
  const focused = findLifecycle(visible, focus) ?? visible[0];
  const summary = lifecycleSummary(visible);
  const withDate = rangeCrossesDays(range.start, range.end, zone);

  const focusOn = (id: string): void => setParams('intents', { focus: id });
  const toggle = (id: string): void =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleStatus = (status: string): void =>
    setStatuses((current) => {
      const next = new Set(current);
      if (!next.delete(status)) next.add(status);
      return next;
    });

  useViewKeys((key) => {
    if (visible.length === 0) return false;
    const index = focused === undefined ? -1 : visible.indexOf(focused);
    if (key === 'j' || key === 'k') {
      const next = visible[Math.min(visible.length - 1, Math.max(0, index + (key === 'j' ? 1 : -1)))];
      if (next !== undefined) focusOn(next.id);
      return true;
    }
    if (key === 'Enter' && focused !== undefined) {
      if (focused.id !== focus) focusOn(focused.id);
      toggle(focused.id);
      return true;
    }
    return false;
  });

  if (lifecycles.length === 0) {
    return (
      <EmptyState icon="⇄" title={`No intent observations ${rangeWords(range, zone)}`}>
        <p>This market published no intents in the range. Choose another range, or 1h for the latest hour.</p>
      </EmptyState>
    );
  }
  return (
    <div className="intents-layout">
      <div className="intents-bar">
        <div className="chip-row status-filter" role="group" aria-label="Filter by current status">
          <button type="button" className={statuses.size === 0 ? 'chip active' : 'chip'} aria-pressed={statuses.size === 0} onClick={clickThenRelease(() => setStatuses(new Set()))}>
            All <span className="chip-count">{lifecycles.length}</span>
          </button>
          {counts.map(({ status, count }) => (
            <button
              key={status}
              type="button"
              className={`chip status-filter-${status === noStatus ? 'other' : intentStatusFamily(status)}${statuses.has(status) ? ' active' : ''}`}
              aria-pressed={statuses.has(status)}
              onClick={clickThenRelease(() => toggleStatus(status))}
            >
              {status === noStatus ? 'no status' : status.replace(/_/g, ' ')} <span className="chip-count">{count}</span>
            </button>
          ))}
        </div>
        <span className="intents-figures mono" data-testid="intents-figures">
          {lifecycleFigures(summary)}
        </span>
        <span className="intents-keys muted">
          <kbd>j</kbd> <kbd>k</kbd> move · <kbd>Enter</kbd> open
        </span>
      </div>
      {rows.truncated && (
        <p className="catalog-warning">
          Showing the first {rows.cap.toLocaleString('en-US')} observations of the range; lifecycles near its end may be incomplete.{' '}
          <button type="button" className="link-button" onClick={() => onNarrow({ start: range.start, end: range.start + Math.floor((range.end - range.start) / 2), span: undefined })}>
            Narrow the range
          </button>
        </p>
      )}
      {visible.length === 0 ? (
        <EmptyState icon="⇄" title="No lifecycle in these statuses">
          <p>Choose other statuses, or All.</p>
        </EmptyState>
      ) : (
        <LifecycleList lifecycles={visible} focusId={focused?.id ?? null} expanded={expanded} zone={zone} withDate={withDate} onFocus={focusOn} onToggle={toggle} />
      )}
    </div>
  );
}

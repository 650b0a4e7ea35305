import { useEffect, useRef, type MouseEvent } from 'react';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { clickThenRelease } from '../../hooks/use-view-keys.ts';
import type { CalendarCell, CalendarDay, CellState } from './calendar-model.ts';
import { addHours, cellId, hoursBetween, hoursOfDay, toggleHours, type CellRef, type Selection } from './selection.ts';
import { formatProgressBytes, hourLabel } from './transfer-format.ts';
import { hourMs } from '../../../../shared/time/time-units.ts';

/** Words for a cell's state, shown in its tooltip and the legend. */
export const cellStateLabels: Record<CellState, string> = {
  none: 'no file',
  remote: 'available to download',
  'needs-key': 'needs an API key',
  queued: 'queued',
  paused: 'paused',
  downloading: 'downloading',
  failed: 'failed',
  local: 'in the library',
  unknown: 'not listed yet (listing cut short)',
  future: 'not recorded yet',
};

/** The states the legend explains, in the order a file moves through them. */
export const legendStates: readonly CellState[] = ['remote', 'needs-key', 'queued', 'downloading', 'local', 'failed', 'none'];

const hours = [...Array(24).keys()];

/** The element id of an hour's cell, for the grid's active descendant (the keyboard cursor). */
function cellDomId(date: string, hour: number): string {
  return `calendar-${date}-${hour}`;
}

function cellTitle(cell: CalendarCell, zone: TimeZoneChoice): string {
  const start = Date.parse(`${cell.date}T00:00:00.000Z`) + cell.hour * hourMs;
  const local = zone === 'local' ? ` (${new Date(start).toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })} local)` : '';
  const parts = [`${hourLabel(cell.date, cell.hour)}${local}`, cellStateLabels[cell.state]];
  const item = cell.item;
  if (item !== null && (cell.state === 'downloading' || cell.state === 'paused')) parts.push(formatProgressBytes(item.bytes, item.totalBytes));
  if (item?.failure != null) parts.push(`${item.failure.message} ${item.failure.resolution}`);
  return parts.join(' · ');
}

/** Props of the availability calendar. */
export interface AvailabilityCalendarProps {
  days: readonly CalendarDay[];
  selection: Selection;
  cursor: CellRef;
  anchor: CellRef | null;
  zone: TimeZoneChoice;
  onSelection: (selection: Selection) => void;
  onCursor: (cursor: CellRef) => void;
  onAnchor: (anchor: CellRef | null) => void;
}

/**
 * Days as rows, the 24 UTC hours as columns; each cell says whether the hour has a file and where
 * it is (remote, in the queue with its progress, in the library, failed). Click toggles an hour,
 * shift-click adds the hours from the last one clicked, a drag adds the hours it passes over, a
 * click on a day's label toggles the whole day. The keyboard cursor is outlined.
 */
export function AvailabilityCalendar({ days, selection, cursor, anchor, zone, onSelection, onCursor, onAnchor }: AvailabilityCalendarProps) {
  const drag = useRef<{ from: CellRef; base: Selection; moved: boolean } | null>(null);
  useEffect(() => {
    const end = (): void => {
      drag.current = null;
    };
    window.addEventListener('mouseup', end);
    return () => window.removeEventListener('mouseup', end);
  }, []);

  const onCellDown = (event: MouseEvent, at: CellRef): void => {
    if (event.button !== 0) return;
    event.preventDefault();
    onCursor(at);
    if (event.shiftKey && anchor !== null) {
      onSelection(addHours(selection, hoursBetween(days, anchor, at)));
      return;
    }
    drag.current = { from: at, base: selection, moved: false };
  };
  const onCellEnter = (at: CellRef): void => {
    const active = drag.current;
    if (active === null) return;
    active.moved = true;
    onCursor(at);
    onSelection(addHours(active.base, hoursBetween(days, active.from, at)));
  };
  const onCellUp = (at: CellRef, cell: CalendarCell): void => {
    const active = drag.current;
    drag.current = null;
    if (active === null) return;
    onAnchor(at);
    if (!active.moved && cell.key !== null) onSelection(toggleHours(selection, [cellId(cell.date, cell.hour)]));
  };

  return (
    <div
      className="calendar"
      role="grid"
      tabIndex={0}
      aria-label="Availability by UTC hour"
      aria-multiselectable="true"
      aria-rowcount={days.length + 1}
      aria-activedescendant={days[cursor.day] === undefined ? undefined : cellDomId(days[cursor.day]?.date ?? '', cursor.hour)}
      data-testid="availability-calendar"
    >
      <div className="calendar-row calendar-head" role="row">
        <span className="calendar-corner" role="columnheader">
          UTC
        </span>
        {hours.map((hour) => (
          <span key={hour} className="calendar-hour" role="columnheader">
            {String(hour).padStart(2, '0')}
          </span>
        ))}
        <span className="calendar-count" role="columnheader" title="Hours in the library / hours with a file">
          local
        </span>
      </div>
      {days.map((day, dayIndex) => {
        const dayIds = hoursOfDay(days, dayIndex);
        const chosen = dayIds.filter((id) => selection.has(id)).length;
        return (
          <div key={day.date} className="calendar-row" role="row">
            <button
              type="button"
              role="rowheader"
              className={chosen > 0 && chosen === dayIds.length ? 'calendar-day whole' : 'calendar-day'}
              // A pointer click lets go of the focus, so Enter next downloads instead of toggling the day again.
              onClick={clickThenRelease(() => {
                onSelection(toggleHours(selection, dayIds));
                onCursor({ day: dayIndex, hour: cursor.hour });
              })}
              title={`Select every file of ${day.date} (a)`}
              disabled={dayIds.length === 0}
            >
              {day.date}
            </button>
            {day.cells.map((cell) => {
              const at = { day: dayIndex, hour: cell.hour };
              const selected = selection.has(cellId(cell.date, cell.hour));
              const here = cursor.day === dayIndex && cursor.hour === cell.hour;
              return (
                <span
                  key={cell.hour}
                  id={cellDomId(cell.date, cell.hour)}
                  role="gridcell"
                  aria-selected={selected}
                  aria-label={cellTitle(cell, zone)}
                  title={cellTitle(cell, zone)}
                  data-state={cell.state}
                  data-hour={`${cell.date}T${String(cell.hour).padStart(2, '0')}`}
                  className={`cell cell-${cell.state}${selected ? ' selected' : ''}${here ? ' cursor' : ''}`}
                  onMouseDown={(event) => onCellDown(event, at)}
                  onMouseEnter={() => onCellEnter(at)}
                  onMouseUp={() => onCellUp(at, cell)}
                >
                  {cell.state === 'downloading' && <span className="cell-fill" style={{ width: `${Math.round((cell.progress ?? 0.08) * 100)}%` }} />}
                </span>
              );
            })}
            <span className="calendar-count mono" title={`${day.local} of ${day.files} hours with a file are in the library`}>
              {day.files === 0 ? '—' : `${day.local}/${day.files}`}
            </span>
          </div>
        );
      })}
    </div>
  );
}

/** The legend: one swatch per state. */
export function CalendarLegend() {
  return (
    <span className="calendar-legend" aria-label="Legend">
      {legendStates.map((state) => (
        <span key={state} className="cal-legend-item">
          <span className={`cell cal-swatch cell-${state}`} aria-hidden="true">
            {state === 'downloading' && <span className="cell-fill" style={{ width: '50%' }} />}
          </span>
          {cellStateLabels[state]}
        </span>
      ))}
    </span>
  );
}

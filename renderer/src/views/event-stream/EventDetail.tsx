import type { EventItem } from '../../../../shared/rows/event-item.ts';
import { formatTimestamp, notPublished, type TimeZoneChoice } from '../../format/market-values.ts';
import { eventFields, l2Levels } from './event-fields.ts';
import { eventTypeLabels } from './event-types.ts';

/** Props of the selected event's detail. */
export interface EventDetailProps {
  item: EventItem;
  /** Its place in the list, 0-based. */
  index: number;
  total: number;
  zone: TimeZoneChoice;
}

function level(value: number | null): string {
  return value === null ? notPublished : String(value);
}

/** One event's full row as a field list (nulls as "—", times in the user's zone); an L2 row's levels as a table. */
export function EventDetail({ item, index, total, zone }: EventDetailProps) {
  const levels = item.type === 'l2_update' ? l2Levels(item.data) : [];
  return (
    <aside className="panel event-detail" aria-label="Selected event">
      <header className="panel-header event-detail-header">
        <span className={`event-type type-${item.type}`} title={eventTypeLabels[item.type]}>
          {item.type}
        </span>
        <span className="mono">{formatTimestamp(item.data.collector_timestamp, zone)}</span>
        <span className="event-detail-position">
          {(index + 1).toLocaleString('en-US')} / {total.toLocaleString('en-US')} · <kbd>j</kbd> <kbd>k</kbd>
        </span>
      </header>
      <dl className="facts event-fields">
        {eventFields(item, zone).map(([name, value]) => (
          <div key={name} className="fact">
            <dt>{name}</dt>
            <dd className={value === notPublished ? 'faint' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {item.type === 'l2_update' && (
        <table className="data-table level-table" aria-label="Levels this row names">
          <thead>
            <tr>
              <th className="num">slot</th>
              <th className="num">bid size</th>
              <th className="num">bid</th>
              <th className="num">ask</th>
              <th className="num">ask size</th>
            </tr>
          </thead>
          <tbody>
            {levels.map((entry) => (
              <tr key={entry.slot}>
                <td className="num faint">{String(entry.slot).padStart(2, '0')}</td>
                <td className={entry.bidSz === 0 ? 'num removed' : 'num'}>{level(entry.bidSz)}</td>
                <td className="num bid">{level(entry.bidPx)}</td>
                <td className="num ask">{level(entry.askPx)}</td>
                <td className={entry.askSz === 0 ? 'num removed' : 'num'}>{level(entry.askSz)}</td>
              </tr>
            ))}
            {levels.length === 0 && (
              <tr>
                <td colSpan={5} className="faint">
                  This row names no level.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
    </aside>
  );
}

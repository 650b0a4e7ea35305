import { useEffect, useRef } from 'react';
import type { FileRow } from '../../../../shared/contract/file-view-schemas.ts';
import { formatTimeOfDay, formatTimestamp, timeZoneLabel, type TimeZoneChoice } from '../../format/market-values.ts';
import { useRowVirtualizer } from '../../hooks/use-row-virtualizer.ts';

/** Props of the record table. */
export interface RecordTableProps {
  /** Rows in the table (matches so far). */
  length: number;
  rowAt: (position: number) => FileRow | undefined;
  selected: number | null;
  onSelect: (position: number) => void;
  onOpen: (position: number) => void;
  zone: TimeZoneChoice;
  /** Tells which rows are on screen, so their window can be asked for. */
  onVisible: (first: number, last: number) => void;
  /** Show dates in the time columns (the file crosses a day in the user's zone); else times of day, with the day in the header. */
  withDate: boolean;
}

const rowHeight = 22;

/**
 * The file's records in one virtualized table: line, collector time and exchange time to the ms in
 * the user's zone (a null exchange time is "unknown"), type, instrument and a compact summary.
 * Rows not yet arrived show as placeholders while their window is on its way.
 */
export function RecordTable({ length, rowAt, selected, onSelect, onOpen, zone, onVisible, withDate }: RecordTableProps) {
  'use no memo';
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useRowVirtualizer({ count: length, getScrollElement: () => scroller.current, estimateSize: () => rowHeight, overscan: 20 });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => onVisible(first, last), [first, last, onVisible]);
  useEffect(() => {
    if (selected !== null) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, virtualizer]);
  const painted = rowAt(first) !== undefined;
  useEffect(() => {
    // For the benchmark: the first rows of a file on screen (after the next paint).
    if (painted && performance.getEntriesByName('mde:file-first-rows', 'mark').length === 0) {
      requestAnimationFrame(() => requestAnimationFrame(() => performance.mark('mde:file-first-rows')));
    }
  }, [painted]);
  const firstTime = rowAt(first)?.collectorTimestamp ?? null;
  const zoneLabel = timeZoneLabel(zone, firstTime ?? 0);
  const day = withDate || firstTime === null ? '' : ` on ${formatTimestamp(firstTime, zone, 'min').slice(0, 10)}`;
  const time = (ms: number): string => (withDate ? formatTimestamp(ms, zone) : formatTimeOfDay(ms, zone));
  return (
    <div className={withDate ? 'record-table with-date' : 'record-table'} role="grid" aria-label="Records" aria-rowcount={length}>
      <div className="record-row record-head" role="row">
        <span role="columnheader">Line</span>
        <span role="columnheader" title={`Collector time${day}, to the millisecond, ${zoneLabel}`}>
          Collector · {zoneLabel}
        </span>
        <span role="columnheader" title={`Venue time${day}, to the millisecond, ${zoneLabel}; unknown when the venue gave none`}>
          Exchange · {zoneLabel}
        </span>
        <span role="columnheader">Type</span>
        <span role="columnheader">Instrument</span>
        <span role="columnheader">Summary</span>
      </div>
      <div ref={scroller} className="record-scroll">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((virtual) => {
            const row = rowAt(virtual.index);
            const isSelected = virtual.index === selected;
            return (
              <div
                key={virtual.key}
                role="row"
                aria-rowindex={virtual.index + 1}
                aria-selected={isSelected}
                className={`record-row${isSelected ? ' selected' : ''}${row === undefined ? ' pending' : ''}`}
                style={{ transform: `translateY(${virtual.start}px)` }}
                onClick={() => onSelect(virtual.index)}
                onDoubleClick={() => onOpen(virtual.index)}
              >
                {row === undefined ? (
                  <span className="record-pending">…</span>
                ) : (
                  <>
                    <span className="record-line">{row.line.toLocaleString('en-US')}</span>
                    <span className="record-time">{time(row.collectorTimestamp)}</span>
                    <span className={row.exchangeTimestamp === null ? 'record-time unknown' : 'record-time'}>{row.exchangeTimestamp === null ? 'unknown' : time(row.exchangeTimestamp)}</span>
                    <span className={`record-type rtype-${row.type}`}>{row.type}</span>
                    <span className="record-instrument" title={row.instrument ?? undefined}>
                      {row.instrument ?? '—'}
                    </span>
                    <span className="record-summary" title={row.summary}>
                      {row.summary}
                    </span>
                  </>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

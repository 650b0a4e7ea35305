import type { BookEvent } from './book-event.ts';
import { l2Slots, type L2Row, type L2SlotFields } from '../rows/l2-row.ts';

function slotLevels(row: L2Row, price: keyof L2SlotFields, size: keyof L2SlotFields): Float64Array {
  let count = 0;
  for (const slot of l2Slots) if (row[slot[price]] !== null && row[slot[size]] !== null) count++;
  const levels = new Float64Array(count * 2);
  let j = 0;
  for (const slot of l2Slots) {
    const p = row[slot[price]];
    const q = row[slot[size]];
    // A slot is a level only when both values are present: null means "no information".
    if (p === null || q === null) continue;
    levels[j++] = p;
    levels[j++] = q;
  }
  return levels;
}

function eventFromRow(row: L2Row, rowIndex: number, completeBook: boolean): BookEvent {
  return {
    source: row.source,
    market: row.market,
    instrument: row.instrument,
    collectorTimestamp: row.collector_timestamp,
    exchangeTimestamp: row.exchange_timestamp,
    isSnapshot: row.source_event_is_snapshot,
    completeBook,
    bids: slotLevels(row, 'bidPx', 'bidSz'),
    asks: slotLevels(row, 'askPx', 'askSz'),
    row: rowIndex,
    eventId: row.event_id,
  };
}

/**
 * A source event from an `/l2-updates` or `/historical/orderbook-l2` row: a snapshot when
 * `source_event_is_snapshot`, otherwise a sparse delta. Slots with a null price or size carry no
 * information and are skipped. `rowIndex` is the row's place in its stream, for error messages.
 */
export function bookEventFromL2Row(row: L2Row, rowIndex: number): BookEvent {
  return eventFromRow(row, rowIndex, false);
}

/**
 * An `/l2-orderbooks` row, which already holds a complete top-25 book: it replaces the book,
 * and `isSnapshot` keeps the row's `source_event_is_snapshot`.
 */
export function bookEventFromBookRow(row: L2Row, rowIndex: number): BookEvent {
  return eventFromRow(row, rowIndex, true);
}

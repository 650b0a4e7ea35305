import { l2Slots, type L2Row } from '../../../../shared/rows/l2-row.ts';
import type { EventItem } from '../../../../shared/rows/event-item.ts';
import { formatTimestamp, notPublished, type TimeZoneChoice } from '../../format/market-values.ts';

/** One field of a row as the detail lists it: its name and its value as text. */
export type EventField = readonly [name: string, value: string];

/** One level of an L2 row, for the detail's level table. */
export interface L2Level {
  slot: number;
  bidPx: number | null;
  bidSz: number | null;
  askPx: number | null;
  askSz: number | null;
}

/** Fields holding Unix-ms times, shown with their time in the user's zone too. */
const timeFields = new Set(['collector_timestamp', 'exchange_timestamp', 'expiry_timestamp', 'funding_timestamp', 'open_timestamp', 'close_timestamp', 'expires_at', 'settled_at']);
const levelField = /^(bid|ask)_(px|sz)_\d\d$/;

function valueText(name: string, value: unknown, zone: TimeZoneChoice): string {
  if (value === null || value === undefined) return notPublished;
  if (typeof value === 'number' && timeFields.has(name)) return `${formatTimestamp(value, zone)} (${String(value)})`;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Every field of an event's row in the row's own order, null as an em dash, times with their
 * date in the user's zone; the 100 level fields of an L2 row are left to `l2Levels`.
 */
export function eventFields(item: EventItem, zone: TimeZoneChoice): EventField[] {
  return Object.entries(item.data)
    .filter(([name]) => item.type !== 'l2_update' || !levelField.test(name))
    .map(([name, value]): EventField => [name, valueText(name, value, zone)]);
}

/** The slots of an L2 row that name a level on either side, best slot first. */
export function l2Levels(row: L2Row): L2Level[] {
  return l2Slots
    .map((slot, index): L2Level => ({ slot: index, bidPx: row[slot.bidPx], bidSz: row[slot.bidSz], askPx: row[slot.askPx], askSz: row[slot.askSz] }))
    .filter((level) => level.bidPx !== null || level.askPx !== null);
}

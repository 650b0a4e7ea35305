import type { BookEvent } from '../../shared/book/book-event.ts';
import type { BookKey } from '../../shared/book/book-key.ts';
import { frameFlags, frameViews, type FrameChunk } from '../../shared/book/book-frames.ts';
import { referenceBookName, type ReferenceHour, type ReferenceLevel, type ReferenceObservation, type ReferenceUpdate } from './reference-l2-books.ts';

// Adapters between what the code under test takes or gives (engine events, flat spec 2.3 rows,
// frame chunks) and the reference model's plain shapes. They only move numbers around; every
// rule lives in the model.

/** Levels per side in a flat spec 2.3 row. */
export const flatRowSlots = 25;

const slotName = (side: 'bid' | 'ask', kind: 'px' | 'sz', slot: number): string => `${side}_${kind}_${String(slot).padStart(2, '0')}`;

function pairs(flat: ArrayLike<number>): ReferenceLevel[] {
  const out: ReferenceLevel[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i] ?? Number.NaN, flat[i + 1] ?? Number.NaN]);
  return out;
}

/** The model's update for an engine event (a complete book from `/l2-orderbooks` counts as a snapshot). */
export function referenceUpdateOf(event: BookEvent): ReferenceUpdate {
  return {
    source: event.source,
    market: event.market,
    instrument: event.instrument,
    time: event.collectorTimestamp,
    snapshot: event.isSnapshot || event.completeBook === true,
    bids: pairs(event.bids),
    asks: pairs(event.asks),
  };
}

/** The model's hour for the events a test wrote into one hour file. */
export function referenceHourOf(hourStart: number, events: readonly BookEvent[]): ReferenceHour {
  return { hourStart, updates: events.map(referenceUpdateOf) };
}

/** A row's fields by name: rows are interfaces (no index signature), so copy them into a plain record. */
function fieldsOf(row: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row));
}

function numberOrNull(row: Record<string, unknown>, field: string): number | null {
  const value = row[field];
  if (value === null) return null;
  if (typeof value !== 'number') throw new Error(`${field} is ${JSON.stringify(value)}, not a number or null`);
  return value;
}

/**
 * The levels of one side of a flat row, best first. Fails on a hole (a level after an empty
 * slot), on half a level, and on any level past `depth`.
 */
function flatRowSide(row: Record<string, unknown>, side: 'bid' | 'ask', depth: number): ReferenceLevel[] {
  const levels: ReferenceLevel[] = [];
  let ended = false;
  for (let slot = 0; slot < flatRowSlots; slot++) {
    const price = numberOrNull(row, slotName(side, 'px', slot));
    const size = numberOrNull(row, slotName(side, 'sz', slot));
    if ((price === null) !== (size === null)) throw new Error(`${side} slot ${slot} has only one of price and size`);
    if (price === null || size === null) {
      ended = true;
      continue;
    }
    if (ended) throw new Error(`${side} slot ${slot} follows an empty slot`);
    if (slot >= depth) throw new Error(`${side} slot ${slot} is filled past depth ${depth}`);
    levels.push([price, size]);
  }
  return levels;
}

/** A flat row (an `mde book` line or an `/l2-orderbooks` row) as the model's observation. */
export function observationOfFlatRow(flatRow: object, depth = flatRowSlots): ReferenceObservation {
  const row = fieldsOf(flatRow);
  const instrument = row.instrument;
  return {
    book: referenceBookName({ source: String(row.source), market: String(row.market), instrument: typeof instrument === 'string' ? instrument : null }),
    time: Number(row.collector_timestamp),
    snapshot: row.source_event_is_snapshot === true,
    bids: flatRowSide(row, 'bid', depth),
    asks: flatRowSide(row, 'ask', depth),
  };
}

/** A flat `/l2-updates` row as the update it carries: the levels it lists, snapshot or delta. */
export function referenceUpdateOfFlatRow(flatRow: object): ReferenceUpdate {
  const row = fieldsOf(flatRow);
  const instrument = row.instrument;
  const side = (name: 'bid' | 'ask'): ReferenceLevel[] => {
    const levels: ReferenceLevel[] = [];
    for (let slot = 0; slot < flatRowSlots; slot++) {
      const price = numberOrNull(row, slotName(name, 'px', slot));
      const size = numberOrNull(row, slotName(name, 'sz', slot));
      if (price !== null && size !== null) levels.push([price, size]);
    }
    return levels;
  };
  return {
    source: String(row.source),
    market: String(row.market),
    instrument: typeof instrument === 'string' ? instrument : null,
    time: Number(row.collector_timestamp),
    snapshot: row.source_event_is_snapshot === true,
    bids: side('bid'),
    asks: side('ask'),
  };
}

function frameSide(prices: Float64Array, sizes: Float64Array, at: number, depth: number, side: string): ReferenceLevel[] {
  const levels: ReferenceLevel[] = [];
  for (let i = 0; i < depth; i++) {
    const price = prices[at + i] ?? Number.NaN;
    const size = sizes[at + i] ?? Number.NaN;
    if (Number.isNaN(price) !== Number.isNaN(size)) throw new Error(`${side} level ${i} has only one of price and size`);
    if (Number.isNaN(price)) {
      for (let j = i + 1; j < depth; j++) if (!Number.isNaN(prices[at + j] ?? Number.NaN)) throw new Error(`${side} level ${j} follows an empty slot`);
      break;
    }
    levels.push([price, size]);
  }
  return levels;
}

/** Every frame of chunks (each tagged with its book), in order, as the model's observations. */
export function observationsOfFrames(frames: readonly { book: BookKey; chunk: FrameChunk }[]): ReferenceObservation[] {
  const out: ReferenceObservation[] = [];
  for (const { book, chunk } of frames) {
    const views = frameViews(chunk);
    for (let f = 0; f < chunk.count; f++) {
      const at = f * chunk.depth;
      out.push({
        book: referenceBookName(book),
        time: views.timestamps[f] ?? Number.NaN,
        snapshot: ((views.flags[f] ?? 0) & frameFlags.sourceSnapshot) !== 0,
        bids: frameSide(views.bidPrices, views.bidSizes, at, chunk.depth, 'bid'),
        asks: frameSide(views.askPrices, views.askSizes, at, chunk.depth, 'ask'),
      });
    }
  }
  return out;
}

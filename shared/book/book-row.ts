import type { BookSide } from './book-side.ts';
import { l2SlotCount, l2Slots, type L2BookFields, type L2LevelField, type L2Row, type TypedRowEnvelope } from '../rows/l2-row.ts';
import type { OrderBook } from './order-book.ts';

// Level field names in spec order, and an all-null row in that order. Copying the template
// keeps one object shape for every row, several times faster than adding 100 keys one by one.
const sideFields = (kind: 'bidPx' | 'bidSz' | 'askPx' | 'askSz'): readonly L2LevelField[] => l2Slots.map((slot) => slot[kind]);
const bidPx = sideFields('bidPx');
const bidSz = sideFields('bidSz');
const askPx = sideFields('askPx');
const askSz = sideFields('askSz');
const levelFields: readonly L2LevelField[] = [...bidPx, ...bidSz, ...askPx, ...askSz];

/** Whether `value` is the all-null template: not a snapshot, every level field null. */
function isEmptyTemplate(value: unknown): value is L2BookFields {
  return typeof value === 'object' && value !== null && Reflect.get(value, 'source_event_is_snapshot') === false && levelFields.every((field) => Reflect.get(value, field) === null);
}

/**
 * The template, made by Object.fromEntries: copies of it are rows that take their numbers and
 * serialize fast. A template made by a spread or by Object.assign gives rows several times slower
 * (measured by `npm run bench -- book`: flat 2.3 rows a second).
 */
function emptyTemplate(): L2BookFields {
  const template: unknown = Object.fromEntries([['source_event_is_snapshot', false], ...levelFields.map((name) => [name, null])]);
  if (!isEmptyTemplate(template)) throw new Error('the empty L2 template is incomplete');
  return template;
}
const emptyFields = emptyTemplate();

function writeSide(fields: L2BookFields, side: BookSide, depth: number, prices: readonly L2LevelField[], sizes: readonly L2LevelField[]): void {
  const filled = Math.min(depth, side.depth);
  for (let i = 0; i < filled; i++) {
    const price = prices[i];
    const size = sizes[i];
    if (price === undefined || size === undefined) break;
    fields[price] = side.priceAt(i);
    fields[size] = side.sizeAt(i);
  }
}

function checkDepth(depth: number): void {
  if (!Number.isInteger(depth) || depth < 1 || depth > l2SlotCount) {
    throw new RangeError(`A flat L2 row holds 1 to ${l2SlotCount} levels per side, not ${depth}.`);
  }
}

function fillLevels<T extends L2BookFields>(fields: T, book: OrderBook, isSnapshot: boolean, depth: number): T {
  fields.source_event_is_snapshot = isSnapshot;
  writeSide(fields, book.bids, depth, bidPx, bidSz);
  writeSide(fields, book.asks, depth, askPx, askSz);
  return fields;
}

/**
 * The book's top `depth` levels (1 to 25, default 25) as the level part of a spec 2.3 row:
 * `source_event_is_snapshot`, then `bid_px_00…24`, `bid_sz_…`, `ask_px_…`, `ask_sz_…`, with
 * null in every slot past the last level (or past `depth`). This is what `/l2-orderbooks` returns.
 */
export function l2BookFields(book: OrderBook, isSnapshot = book.lastEventWasSnapshot, depth = l2SlotCount): L2BookFields {
  checkDepth(depth);
  return fillLevels({ ...emptyFields }, book, isSnapshot, depth);
}

/** A complete `/l2-orderbooks` row: the producing event's 2.1 envelope plus the book's levels. */
export function l2RowFromBook(envelope: TypedRowEnvelope, book: OrderBook, isSnapshot = book.lastEventWasSnapshot, depth = l2SlotCount): L2Row {
  checkDepth(depth);
  const row: L2Row = {
    event_id: envelope.event_id,
    source: envelope.source,
    market: envelope.market,
    instrument: envelope.instrument,
    collector_timestamp: envelope.collector_timestamp,
    exchange_timestamp: envelope.exchange_timestamp,
    source_capture_id: envelope.source_capture_id,
    schema_version: envelope.schema_version,
    ...emptyFields,
  };
  return fillLevels(row, book, isSnapshot, depth);
}

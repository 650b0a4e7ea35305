import type { BookRowTextWriter } from './book-row-text.ts';
import type { BookSide } from './book-side.ts';
import { l2SlotCount, l2Slots, type TypedRowEnvelope } from '../rows/l2-row.ts';
import type { OrderBook } from './order-book.ts';

const prefixes = {
  bidPx: l2Slots.map((slot) => `,"${slot.bidPx}":`),
  bidSz: l2Slots.map((slot) => `,"${slot.bidSz}":`),
  askPx: l2Slots.map((slot) => `,"${slot.askPx}":`),
  askSz: l2Slots.map((slot) => `,"${slot.askSz}":`),
};

function sideJson(side: BookSide, pricePrefixes: readonly string[], sizePrefixes: readonly string[]): string {
  const filled = Math.min(l2SlotCount, side.depth);
  let prices = '';
  let sizes = '';
  for (let i = 0; i < l2SlotCount; i++) {
    const inBook = i < filled;
    prices += `${pricePrefixes[i] ?? ''}${inBook ? String(side.priceAt(i)) : 'null'}`;
    sizes += `${sizePrefixes[i] ?? ''}${inBook ? String(side.sizeAt(i)) : 'null'}`;
  }
  return prices + sizes;
}

/**
 * The JSON text of the spec 2.3 row `l2RowFromBook` would build, written straight from the book:
 * a page of a thousand books serializes without a thousand 108-key objects in between. Numbers
 * are written exactly as `JSON.stringify` writes them. With a `levels` writer (one per replay), a
 * book's level texts are kept between rows and only the slots an event changed are re-formatted.
 */
export function l2RowJson(envelope: TypedRowEnvelope, book: OrderBook, isSnapshot = book.lastEventWasSnapshot, levels?: BookRowTextWriter): string {
  return (
    `{"event_id":${JSON.stringify(envelope.event_id)},"source":${JSON.stringify(envelope.source)},"market":${JSON.stringify(envelope.market)},` +
    `"instrument":${envelope.instrument === null ? 'null' : JSON.stringify(envelope.instrument)},"collector_timestamp":${envelope.collector_timestamp},` +
    `"exchange_timestamp":${envelope.exchange_timestamp ?? 'null'},"source_capture_id":${JSON.stringify(envelope.source_capture_id)},` +
    `"schema_version":${envelope.schema_version},"source_event_is_snapshot":${isSnapshot}` +
    (levels === undefined ? sideJson(book.bids, prefixes.bidPx, prefixes.bidSz) + sideJson(book.asks, prefixes.askPx, prefixes.askSz) : `,${levels.levels(book)}`) +
    '}'
  );
}

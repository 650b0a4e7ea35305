import { jsonNumberText } from '../json-number-text.ts';
import type { BookSide } from './book-side.ts';
import { l2SlotCount, l2Slots } from '../rows/l2-row.ts';
import type { OrderBook } from './order-book.ts';

// `mde book` prints one flat row per applied event: 100 level numbers, of which an event changes a
// few. Formatting them all for every row took most of the command's time. This writer keeps each
// book's slot texts and re-formats only the slots whose number changed; the line it returns is
// byte for byte what JSON.stringify gives for the row object (see `bookLine` in electron/cli).

/** The four level groups of a row, in field order: bid prices, bid sizes, ask prices, ask sizes. */
const groupFields = (['bidPx', 'bidSz', 'askPx', 'askSz'] as const).map((kind) => l2Slots.map((slot) => `"${slot[kind]}":`));

/** One book's last row, kept as text per slot and per group. */
interface BookRowText {
  /** `,"source":…,"market":…,"instrument":…,"source_event_is_snapshot":` */
  head: string;
  /** The number in each of the 100 slots (NaN for null), in group order. */
  values: Float64Array;
  slotTexts: string[];
  groupTexts: string[];
}

/** Writes flat top-`depth` book rows as JSON text, re-formatting only the slots that changed. */
export class BookRowTextWriter {
  readonly #depth: number;
  readonly #books = new Map<string, BookRowText>();

  constructor(depth: number = l2SlotCount) {
    if (!Number.isInteger(depth) || depth < 1 || depth > l2SlotCount) {
      throw new RangeError(`A flat L2 row holds 1 to ${l2SlotCount} levels per side, not ${depth}.`);
    }
    this.#depth = depth;
  }

  /**
   * The row `{collector_timestamp, source, market, instrument, source_event_is_snapshot,
   * bid_px_00 … ask_sz_24}` of `book` as JSON text (no line end).
   */
  line(book: OrderBook, collectorTimestamp: number, isSnapshot: boolean): string {
    return `{"collector_timestamp":${jsonNumberText(collectorTimestamp)}${this.#textOf(book).head}${isSnapshot ? 'true' : 'false'},${this.levels(book)}}`;
  }

  /** `"bid_px_00":…,…,"ask_sz_24":…`: the level members of `book`'s row, prices then sizes per side. */
  levels(book: OrderBook): string {
    const text = this.#textOf(book);
    this.#group(text, 0, book.bids, true);
    this.#group(text, 1, book.bids, false);
    this.#group(text, 2, book.asks, true);
    this.#group(text, 3, book.asks, false);
    const [bidPx, bidSz, askPx, askSz] = text.groupTexts;
    return `${bidPx},${bidSz},${askPx},${askSz}`;
  }

  #textOf(book: OrderBook): BookRowText {
    let text = this.#books.get(book.id);
    if (text === undefined) {
      const { source, market, instrument } = book.key;
      text = {
        head: `,"source":${JSON.stringify(source)},"market":${JSON.stringify(market)},"instrument":${JSON.stringify(instrument)},"source_event_is_snapshot":`,
        // -Infinity is no price or size, so every slot is formatted the first time.
        values: new Float64Array(4 * l2SlotCount).fill(Number.NEGATIVE_INFINITY),
        slotTexts: new Array<string>(4 * l2SlotCount).fill(''),
        groupTexts: ['', '', '', ''],
      };
      this.#books.set(book.id, text);
    }
    return text;
  }

  #group(text: BookRowText, group: number, side: BookSide, prices: boolean): void {
    const fields = groupFields[group] ?? [];
    const filled = Math.min(this.#depth, side.depth);
    const base = group * l2SlotCount;
    let changed = false;
    for (let i = 0; i < l2SlotCount; i++) {
      const value = i < filled ? (prices ? side.priceAt(i) : side.sizeAt(i)) : Number.NaN;
      const old = text.values[base + i] ?? Number.NaN;
      if (value === old || (value !== value && old !== old)) continue;
      text.values[base + i] = value;
      text.slotTexts[base + i] = `${fields[i] ?? ''}${jsonNumberText(value)}`;
      changed = true;
    }
    if (changed) text.groupTexts[group] = text.slotTexts.slice(base, base + l2SlotCount).join(',');
  }
}

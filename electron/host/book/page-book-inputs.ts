import { bookEventFromBookRow, bookEventFromL2Row } from '../../../shared/book/l2-row-events.ts';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import type { BookInput } from './book-input.ts';
import type { L2RowKind } from './book-worker-protocol.ts';
import { hourMs, hourStartOf } from '../../../shared/time/time-units.ts';

/** What a reader knows of one (source, market): its capture session so far, and the books it has had rows of. */
interface MarketStream {
  source: string;
  market: string;
  session: string;
  instruments: Set<string | null>;
}

/**
 * Turns pages of flat L2 rows (`/l2-updates` or `/l2-orderbooks`, in the order the service serves
 * them) into book inputs, with the two rules a reader of rows applies:
 * - an hour with no rows between two rows is a gap, as an hour with no file is: every book is
 *   cleared (`page-gap`). Rows of one stream come in arrival order, so a row may be stamped in the
 *   hour before the previous row's; only a jump past the next hour is a gap;
 * - a row whose `source_capture_id` differs from the previous row's of its (source, market) starts
 *   a new capture session: that market's books are cleared (`session-restart`) and resume at their
 *   next snapshot, as the service's own replay does.
 * Pure: feed it each page in order.
 */
export class PageBookInputs {
  readonly #convert: (row: L2Row, rowIndex: number) => BookInput;
  #rowIndex = 0;
  #latestHour: number | null = null;
  readonly #streams = new Map<string, MarketStream>();
  /** The stream of the last row: consecutive rows of one market skip the lookup. */
  #last: MarketStream | null = null;

  constructor(kind: L2RowKind) {
    this.#convert = kind === 'l2-updates' ? bookEventFromL2Row : bookEventFromBookRow;
  }

  /** The inputs of the next page's rows, resets first where a rule calls for one. */
  inputsOf(rows: readonly L2Row[]): BookInput[] {
    const inputs: BookInput[] = [];
    for (const row of rows) {
      const time = row.collector_timestamp;
      const hour = hourStartOf(time);
      const latest = this.#latestHour;
      const gap = latest !== null && hour > latest + hourMs;
      if (latest === null || hour > latest) this.#latestHour = hour;
      if (gap) inputs.push({ reset: true, collectorTimestamp: hour, cause: 'page-gap' });
      const stream = this.#streamOf(row);
      if (stream.session !== row.source_capture_id) {
        // A gap has cleared every book already: one reset marks both.
        if (!gap) {
          for (const instrument of stream.instruments) {
            inputs.push({ reset: true, collectorTimestamp: time, cause: 'session-restart', key: { source: stream.source, market: stream.market, instrument } });
          }
        }
        stream.session = row.source_capture_id;
      }
      stream.instruments.add(row.instrument);
      inputs.push(this.#convert(row, this.#rowIndex++));
    }
    return inputs;
  }

  #streamOf(row: L2Row): MarketStream {
    const last = this.#last;
    if (last !== null && last.source === row.source && last.market === row.market) return last;
    const key = `${row.source}\u0000${row.market}`;
    let stream = this.#streams.get(key);
    if (stream === undefined) {
      stream = { source: row.source, market: row.market, session: row.source_capture_id, instruments: new Set() };
      this.#streams.set(key, stream);
    }
    this.#last = stream;
    return stream;
  }
}

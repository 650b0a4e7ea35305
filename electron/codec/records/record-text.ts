import { jsonNumberText } from '../../../shared/json-number-text.ts';
import type { FlatLevels, OrderbookRecord, SnapshotRecord, TradeRecord } from '../../../shared/snapshot/records.ts';
import { decodedRecordJson, losslessRecordJson, type DecodedSource } from './record-json.ts';

// `mde decode` prints each record as `JSON.stringify(decodedRecordJson(record))`, or, when the
// row it came from is at hand (a line the general path parsed), `losslessRecordJson`. For the hot
// types (order-book rows and trades, nearly all of an L2 file) read by the fast path this writes
// the same text straight from the record, with no intermediate objects.

/** A string as JSON; the last few texts are kept, since source and market repeat on every line. */
class JsonStrings {
  #last = new Map<string, string>();

  text(value: string | null): string {
    if (value === null) return 'null';
    let text = this.#last.get(value);
    if (text === undefined) {
      if (this.#last.size >= 64) this.#last.clear();
      text = JSON.stringify(value);
      this.#last.set(value, text);
    }
    return text;
  }
}

/** Number texts seen recently: level prices and sizes repeat from row to row. */
class NumberTexts {
  #texts = new Map<number, string>();

  text(value: number): string {
    let text = this.#texts.get(value);
    if (text === undefined) {
      if (this.#texts.size >= 1 << 16) this.#texts.clear();
      text = jsonNumberText(value);
      this.#texts.set(value, text);
    }
    return text;
  }
}

function levelsText(levels: FlatLevels, numbers: NumberTexts): string {
  let text = '[';
  for (let i = 0; i + 1 < levels.length; i += 2) {
    text += `${i === 0 ? '' : ','}[${numbers.text(levels[i] ?? 0)},${numbers.text(levels[i + 1] ?? 0)}]`;
  }
  return `${text}]`;
}

function nullableNumber(value: number | null): string {
  return value === null ? 'null' : jsonNumberText(value);
}

/** Writes records as the JSON lines `mde decode` prints, byte for byte as JSON.stringify would. */
export class DecodedRecordText {
  readonly #strings = new JsonStrings();
  readonly #numbers = new NumberTexts();

  /** One record's line, without the line end; lossless when the row it was decoded from is given. */
  line(record: SnapshotRecord, source?: DecodedSource): string {
    if (source !== undefined) return JSON.stringify(losslessRecordJson(record, source));
    if (record.type === 'orderbook') return this.#envelope(record, this.#orderbookData(record));
    if (record.type === 'trade') return this.#envelope(record, this.#tradeData(record));
    return JSON.stringify(decodedRecordJson(record));
  }

  #envelope(record: OrderbookRecord | TradeRecord, data: string): string {
    const strings = this.#strings;
    return (
      `{"type":"${record.type}","collector_timestamp":${jsonNumberText(record.collectorTimestamp)},` +
      `"collector_sequence":${nullableNumber(record.collectorSequence)},"exchange_timestamp":${nullableNumber(record.exchangeTimestamp)},` +
      `"exchange_sequence":${JSON.stringify(record.exchangeSequence)},` +
      `"source":${strings.text(record.source)},"market":${strings.text(record.market)},"instrument":${strings.text(record.instrument)},"data":${data}}`
    );
  }

  #orderbookData(record: OrderbookRecord): string {
    return `{"is_snapshot":${record.isSnapshot ? 'true' : 'false'},"bids":${levelsText(record.bids, this.#numbers)},"asks":${levelsText(record.asks, this.#numbers)}}`;
  }

  #tradeData(record: TradeRecord): string {
    const strings = this.#strings;
    return (
      `{"price":${jsonNumberText(record.price)},"quantity":${jsonNumberText(record.quantity)},"side":${strings.text(record.side)},` +
      `"order_id":${JSON.stringify(record.orderId)},"maker":${strings.text(record.maker)},"taker":${strings.text(record.taker)},` +
      `"liquidation":${record.liquidation === null ? 'null' : record.liquidation ? 'true' : 'false'}}`
    );
  }
}

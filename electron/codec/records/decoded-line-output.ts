import type { SnapshotHeader, SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { tradeDataKeys, type ScannedRow } from './fast-v2-line.ts';
import type { DecodedSource } from './record-json.ts';
import { DecodedRecordText } from './record-text.ts';

// `mde decode` prints each record as `JSON.stringify(decodedRecordJson(record))`. A fast-path row
// whose parts are already in that form (see ScannedRow.copyable) is written by copying its byte
// ranges in the printed key order, with no record, no string and no UTF-8 encoding in between.
// Any other record goes through DecodedRecordText, as before.

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
const openers = { orderbook: ascii('{"type":"orderbook","collector_timestamp":'), trade: ascii('{"type":"trade","collector_timestamp":') };
const sequenceKey = ascii(',"collector_sequence":');
const exchangeTimestampKey = ascii(',"exchange_timestamp":');
const exchangeSequenceKey = ascii(',"exchange_sequence":');
const sourceKey = ascii(',"source":');
const marketKey = ascii(',"market":');
const instrumentKey = ascii(',"instrument":');
const dataKey = ascii(',"data":');
const nullText = ascii('null');
const lineEnd = ascii('}\n');
const tradeKeyTexts = tradeDataKeys.map((key, index) => ascii(`${index === 0 ? '{' : ','}"${key}":`));
const closeBrace = ascii('}');
/** The constant bytes of a copied line, all keys and punctuation together, with room to spare. */
const constantBytes = 512;

const initialCapacity = 512 * 1024;

/** The header's source and market as JSON text, for rows that leave them out. */
interface HeaderTexts {
  header: SnapshotHeader;
  source: Buffer;
  market: Buffer;
}

/** Collects `mde decode`'s JSON lines as UTF-8 bytes, in the order they are appended. */
export class DecodedLineOutput {
  #buffer = Buffer.allocUnsafe(initialCapacity);
  #length = 0;
  readonly #records = new DecodedRecordText();
  #headerTexts: HeaderTexts | null = null;

  /** Bytes appended and not yet taken. */
  get length(): number {
    return this.#length;
  }

  /**
   * Appends the line of the row `scan` just read from `bytes`, copied from its parts; false, with
   * nothing appended, when the parts are not already the printed text (append its record instead).
   */
  row(bytes: Buffer, row: ScannedRow, header: SnapshotHeader): boolean {
    if (!row.copyable) return false;
    const texts = this.#textsOf(header);
    const ranges = row.dataRanges;
    const rangeEnd = row.dataRangeLength;
    // Every copied part is a distinct piece of the line.
    this.#reserve(constantBytes + texts.source.length + texts.market.length + row.lineEnd - row.lineStart);
    this.#put(openers[row.type]);
    this.#copy(bytes, row.collectorTimestampStart, row.collectorTimestampEnd);
    this.#put(sequenceKey);
    this.#copy(bytes, row.collectorSequenceStart, row.collectorSequenceEnd);
    this.#put(exchangeTimestampKey);
    if (row.exchangeTimestampStart < 0) this.#put(nullText);
    else this.#copy(bytes, row.exchangeTimestampStart, row.exchangeTimestampEnd);
    this.#put(exchangeSequenceKey);
    if (row.exchangeSequenceStart < 0) this.#put(nullText);
    else this.#copy(bytes, row.exchangeSequenceStart, row.exchangeSequenceEnd);
    this.#put(sourceKey);
    if (row.sourceStart < 0) this.#put(texts.source);
    else this.#copy(bytes, row.sourceStart, row.sourceEnd);
    this.#put(marketKey);
    if (row.marketStart < 0) this.#put(texts.market);
    else this.#copy(bytes, row.marketStart, row.marketEnd);
    this.#put(instrumentKey);
    if (row.instrumentStart < 0) this.#put(nullText);
    else this.#copy(bytes, row.instrumentStart, row.instrumentEnd);
    this.#put(dataKey);
    if (row.type === 'orderbook') {
      for (let i = 0; i < rangeEnd; i += 2) this.#copy(bytes, ranges[i] ?? 0, ranges[i + 1] ?? 0);
    } else {
      // A trade's keys in the printed order, whatever order the file wrote them in; absent ones are null.
      const values = row.tradeValues;
      for (let key = 0; key < tradeKeyTexts.length; key++) {
        this.#put(tradeKeyTexts[key] ?? closeBrace);
        const start = values[2 * key] ?? -1;
        if (start < 0) this.#put(nullText);
        else this.#copy(bytes, start, values[2 * key + 1] ?? start);
      }
      this.#put(closeBrace);
    }
    this.#put(lineEnd);
    return true;
  }

  /**
   * Appends a record's line. With the row it was decoded from (`source`, parsed), the line also
   * keeps every field the row had that the record does not, and says what was normalized.
   */
  record(record: SnapshotRecord, source?: DecodedSource): void {
    const text = this.#records.line(record, source);
    this.#reserve(text.length * 3 + 1);
    this.#length += this.#buffer.write(text, this.#length, 'utf8');
    this.#buffer[this.#length++] = 0x0a;
  }

  /** The bytes appended so far, handed over for good (a fresh buffer takes the next lines); null when there are none. */
  take(): Buffer | null {
    if (this.#length === 0) return null;
    const taken = this.#buffer.subarray(0, this.#length);
    // Back to the usual size: a buffer grown for one long line is not kept for every chunk after.
    this.#buffer = Buffer.allocUnsafe(initialCapacity);
    this.#length = 0;
    return taken;
  }

  #textsOf(header: SnapshotHeader): HeaderTexts {
    let texts = this.#headerTexts;
    if (texts?.header !== header) {
      texts = { header, source: Buffer.from(JSON.stringify(header.source)), market: Buffer.from(JSON.stringify(header.market)) };
      this.#headerTexts = texts;
    }
    return texts;
  }

  #reserve(bytes: number): void {
    if (this.#length + bytes <= this.#buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.#buffer.length * 2, this.#length + bytes));
    this.#buffer.copy(grown, 0, 0, this.#length);
    this.#buffer = grown;
  }

  #put(constant: Buffer): void {
    this.#copy(constant, 0, constant.length);
  }

  /** Copies `from[start, end)`; short pieces byte by byte, which beats a native call for them. */
  #copy(from: Buffer, start: number, end: number): void {
    const buffer = this.#buffer;
    let at = this.#length;
    if (end - start > 48) {
      from.copy(buffer, at, start, end);
      this.#length = at + end - start;
      return;
    }
    // `i` stays inside `from`, so the `?? 0` never applies; it only tells the type checker so.
    for (let i = start; i < end; i++) buffer[at++] = from[i] ?? 0;
    this.#length = at;
  }
}

import type { OrderbookRecord, SnapshotHeader, TradeRecord } from '../../../shared/snapshot/records.ts';
import { isRecordTime } from './record-time.ts';

// Byte values the scanner looks for.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

const pow10 = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** Decimal digits of a positive whole number below 1e22. */
function digitCount(value: number): number {
  let digits = 1;
  while (value >= (pow10[digits] ?? Number.POSITIVE_INFINITY)) digits++;
  return digits;
}
const maxExactMantissa = Number.MAX_SAFE_INTEGER;

/**
 * Signals "not a line the fast path takes": the general path decides instead. One instance made
 * up front, so a bail costs no stack capture.
 */
class FastPathBail extends Error {
  override readonly name = 'FastPathBail';
}
const bail = new FastPathBail('not on the fast path');

const ascii = (text: string): Uint8Array => Uint8Array.from(text, (c) => c.charCodeAt(0));

const envelopeKeys = [
  'collector_timestamp',
  'collector_sequence',
  'exchange_timestamp',
  'exchange_sequence',
  'source',
  'market',
  'instrument',
  'type',
  'data',
].map(ascii);
const bookKeys = ['is_snapshot', 'bids', 'asks'].map(ascii);
/** The keys of a trade's `data`, in the order `mde decode` prints them. */
export const tradeDataKeys = ['price', 'quantity', 'side', 'order_id', 'maker', 'taker', 'liquidation'] as const;
const tradeKeys = tradeDataKeys.map(ascii);
/** `"key":` as bytes, for the common case of keys in the collector's order. */
const keyTokens = (keys: readonly Uint8Array[]): Uint8Array[] =>
  keys.map((key) => Uint8Array.from([QUOTE, ...key, QUOTE, COLON]));
const envelopeTokens = keyTokens(envelopeKeys);
const bookTokens = keyTokens(bookKeys);
const tradeTokens = keyTokens(tradeKeys);
const noLevels = new Float64Array(0);
const literals = { true: ascii('true'), false: ascii('false'), null: ascii('null') };
const typeNames = { orderbook: ascii('orderbook'), trade: ascii('trade') };
const sideNames = { buy: ascii('buy'), sell: ascii('sell') };

/** Remembers the last string decoded for a field, so repeated values (source, market) are reused. */
class RepeatedString {
  private bytes = new Uint8Array(0);
  private text = '';

  get(buffer: Buffer, start: number, end: number): string {
    const length = end - start;
    if (length === this.bytes.length) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (buffer[start + i] !== this.bytes[i]) {
          same = false;
          break;
        }
      }
      if (same) return this.text;
    }
    this.bytes = Uint8Array.prototype.slice.call(buffer, start, end);
    this.text = buffer.toString('latin1', start, end);
    return this.text;
  }
}

/**
 * What `scan` found in the last row it read: its type and time, and where each part the decoded
 * text needs lies in the line's bytes (-1: absent), so that `mde decode` can copy them as they are.
 * One instance per parser, overwritten by every scan.
 */
export class ScannedRow {
  type: 'orderbook' | 'trade' = 'orderbook';
  collectorTimestamp = 0;
  /** The line: `bytes[lineStart, lineEnd)`. */
  lineStart = 0;
  lineEnd = 0;
  /**
   * Whether every part below is already the text JSON.stringify writes for the decoded record:
   * the envelope's numbers are plain integers and `data` is canonical (see `FastV2LineParser`).
   */
  copyable = false;
  collectorTimestampStart = -1;
  collectorTimestampEnd = -1;
  collectorSequenceStart = -1;
  collectorSequenceEnd = -1;
  /** -1 when the exchange timestamp is null or absent. */
  exchangeTimestampStart = -1;
  exchangeTimestampEnd = -1;
  /** The quoted string, quotes included; -1 when null or absent. */
  exchangeSequenceStart = -1;
  exchangeSequenceEnd = -1;
  /** The quoted string, quotes included; -1 when absent (the header's source applies). */
  sourceStart = -1;
  sourceEnd = -1;
  /** The quoted string, quotes included; -1 when absent (the header's market applies). */
  marketStart = -1;
  marketEnd = -1;
  /** The quoted string, quotes included; -1 when null or absent. */
  instrumentStart = -1;
  instrumentEnd = -1;
  /**
   * An order book's `data` as byte ranges `[from, to)` to copy one after another: the trailing
   * fraction zeros left out fall between them.
   */
  dataRanges = new Int32Array(64);
  /** How many numbers of `dataRanges` are in use (two per range). */
  dataRangeLength = 0;
  /**
   * A trade's values as `[start, end)` pairs, in the order of `tradeDataKeys`; -1 for a key the
   * row leaves out (printed as null). Numbers end before their trailing fraction zeros.
   */
  readonly tradeValues = new Int32Array(2 * tradeDataKeys.length);
}

/**
 * The byte-level fast path for the hot v2 rows (`orderbook` and `trade`): it scans the line once
 * and parses numbers straight into Float64Array levels, with no JSON.parse and no per-level
 * arrays. It accepts only a strict subset of JSON it fully understands (known keys once each,
 * ASCII strings without escapes, plain numbers) and returns null for anything else, so the
 * general path (JSON.parse + v2Record) decides every unusual, and every malformed, line.
 */
export class FastV2LineParser {
  private b: Buffer = Buffer.alloc(0);
  private p = 0;
  private end = 0;
  private stringStart = 0;
  private stringEnd = 0;
  private scratch = new Float64Array(256);
  private readonly source = new RepeatedString();
  private readonly market = new RepeatedString();
  private readonly instrument = new RepeatedString();
  private readonly typeName = new RepeatedString();
  /** Whether this pass checks that `data` is written exactly as JSON.stringify would write it. */
  private textWanted = false;
  /** False while `scan` reads a row: everything is checked, nothing is built. */
  private building = true;
  /** Whether the number just read is a plain integer (no sign, fraction or exponent): its text is String()'s. */
  private numberPlain = false;
  /** Where the number just read ends once its trailing fraction zeros are left out. */
  private numberTextEnd = 0;
  /** The parts of the row being read. */
  private readonly scanned = new ScannedRow();
  /** Where the scan stopped: after `lineType`, just past the type's value (the rest of the line follows). */
  get position(): number {
    return this.p;
  }
  /** `collector_timestamp` of the envelope `lineType` last read (NaN when it was not a number before `type`). */
  envelopeTime = Number.NaN;
  /** `collector_sequence` of the envelope `lineType` last read (NaN when it was not a number before `type`). */
  envelopeSequence = Number.NaN;
  /** Whether everything read since it was last set is written exactly as JSON.stringify would write it. */
  private canonical = true;
  /** Whether the order book just read had every key, in the order `mde decode` prints them. */
  private complete = false;
  /** Where the next range of an order book's `data` text starts (numbers are copied without their trailing fraction zeros). */
  private dataCopyFrom = 0;

  /**
   * The `type` of the line `bytes[start, end)` read from its envelope alone, without touching
   * `data`; null when the envelope is not plain enough to tell (the general path decides). A line
   * that names its type twice is read by the first.
   */
  lineType(bytes: Buffer, start: number, end: number): string | null {
    this.b = bytes;
    this.p = start;
    this.end = end;
    this.envelopeTime = Number.NaN;
    this.envelopeSequence = Number.NaN;
    try {
      this.expect(OPEN_BRACE);
      let seen = 0;
      let key = -1;
      for (;;) {
        key = this.key(envelopeKeys, envelopeTokens, key + 1);
        if ((seen & (1 << key)) !== 0 || key === 8) throw bail;
        seen |= 1 << key;
        if (key === 7) {
          this.string();
          return this.typeName.get(this.b, this.stringStart, this.stringEnd);
        }
        if (this.nullOr()) {
          // a null value
        } else if (this.b[this.p] === QUOTE) this.string();
        else {
          const value = this.number();
          if (key === 0) this.envelopeTime = value;
          else if (key === 1) this.envelopeSequence = value;
        }
        if (this.separator(CLOSE_BRACE)) throw bail;
      }
    } catch (error) {
      if (error === bail) return null;
      throw error;
    }
  }

  /** Parses `bytes[start, end)`; null means "use the general path". */
  parse(bytes: Buffer, start: number, end: number, line: number, header: SnapshotHeader): OrderbookRecord | TradeRecord | null {
    this.b = bytes;
    this.p = start;
    this.end = end;
    this.building = true;
    this.textWanted = false;
    try {
      return this.row(line, header);
    } catch (error) {
      if (error === bail) return null;
      throw error;
    }
  }

  /**
   * Reads `bytes[start, end)` exactly as `parse` does (the same rows are taken, with the same
   * checks) but builds no record: the result tells the row's type, time and where its parts lie.
   * With `wantText`, it also tells whether those parts are the decoded record's JSON text. Null
   * means "use the general path". The result is overwritten by the next scan.
   */
  scan(bytes: Buffer, start: number, end: number, header: SnapshotHeader, wantText: boolean): ScannedRow | null {
    this.b = bytes;
    this.p = start;
    this.end = end;
    this.building = false;
    this.textWanted = wantText;
    try {
      this.row(0, header);
      this.scanned.lineStart = start;
      this.scanned.lineEnd = end;
      return this.scanned;
    } catch (error) {
      if (error === bail) return null;
      throw error;
    }
  }

  /** Reads a row; builds its record unless scanning (then the result is null and `scanned` tells what was read). */
  private row(line: number, header: SnapshotHeader): OrderbookRecord | TradeRecord | null {
    let collectorTimestamp = NaN;
    let collectorSequence = -1;
    let exchangeTimestamp: number | null = null;
    let exchangeSequence: string | null = null;
    let source = header.source;
    let market = header.market;
    let instrument: string | null = null;
    let type = 0; // 1 orderbook, 2 trade
    let record: OrderbookRecord | TradeRecord | null = null;
    let sawData = false;
    let plainEnvelope = true;
    const building = this.building;
    const scanned = this.scanned;
    scanned.exchangeTimestampStart = -1;
    scanned.exchangeSequenceStart = -1;
    scanned.sourceStart = -1;
    scanned.marketStart = -1;
    scanned.instrumentStart = -1;
    let seen = 0;
    this.expect(OPEN_BRACE);
    let key = -1;
    for (;;) {
      key = this.key(envelopeKeys, envelopeTokens, key + 1);
      const bit = 1 << key;
      if ((seen & bit) !== 0) throw bail;
      seen |= bit;
      const at = this.p;
      switch (key) {
        case 0:
          collectorTimestamp = this.number();
          // Out-of-range times are malformed: the general path names the field.
          if (!isRecordTime(collectorTimestamp)) throw bail;
          plainEnvelope &&= this.numberPlain;
          scanned.collectorTimestampStart = at;
          scanned.collectorTimestampEnd = this.p;
          break;
        case 1:
          collectorSequence = this.number();
          if (!Number.isSafeInteger(collectorSequence) || collectorSequence < 0) throw bail;
          plainEnvelope &&= this.numberPlain;
          scanned.collectorSequenceStart = at;
          scanned.collectorSequenceEnd = this.p;
          break;
        case 2:
          if (this.nullOr()) exchangeTimestamp = null;
          else {
            exchangeTimestamp = this.number();
            if (!isRecordTime(exchangeTimestamp)) throw bail;
            plainEnvelope &&= this.numberPlain;
            scanned.exchangeTimestampStart = at;
            scanned.exchangeTimestampEnd = this.p;
          }
          break;
        case 3:
          if (this.nullOr()) exchangeSequence = null;
          else {
            if (building) exchangeSequence = this.plainString();
            else this.string();
            scanned.exchangeSequenceStart = at;
            scanned.exchangeSequenceEnd = this.p;
          }
          break;
        case 4:
          this.string();
          if (building) source = this.source.get(this.b, this.stringStart, this.stringEnd);
          scanned.sourceStart = at;
          scanned.sourceEnd = this.p;
          break;
        case 5:
          this.string();
          if (building) market = this.market.get(this.b, this.stringStart, this.stringEnd);
          scanned.marketStart = at;
          scanned.marketEnd = this.p;
          break;
        case 6:
          if (this.nullOr()) instrument = null;
          else {
            this.string();
            if (building) instrument = this.instrument.get(this.b, this.stringStart, this.stringEnd);
            scanned.instrumentStart = at;
            scanned.instrumentEnd = this.p;
          }
          break;
        case 7:
          this.string();
          type = this.stringIs(typeNames.orderbook) ? 1 : this.stringIs(typeNames.trade) ? 2 : 0;
          if (type === 0) throw bail;
          break;
        default: {
          // data: the type must already be known to parse it in one pass.
          if (type === 0) throw bail;
          this.canonical = true;
          if (type === 1) {
            this.complete = false;
            scanned.dataRangeLength = 0;
            this.dataCopyFrom = at;
            record = this.book();
            if (this.textWanted) this.addDataRange(this.dataCopyFrom, this.p);
          } else {
            this.complete = true;
            record = this.trade();
          }
          sawData = true;
        }
      }
      if (this.separator(CLOSE_BRACE)) break;
    }
    this.skipSpace();
    if (this.p !== this.end || !sawData || (seen & 3) !== 3) throw bail;
    if (record === null) {
      scanned.type = type === 1 ? 'orderbook' : 'trade';
      scanned.collectorTimestamp = collectorTimestamp;
      scanned.copyable = this.textWanted && plainEnvelope && this.canonical && this.complete;
      return null;
    }
    record.collectorTimestamp = collectorTimestamp;
    record.collectorSequence = collectorSequence;
    record.exchangeTimestamp = exchangeTimestamp;
    record.exchangeSequence = exchangeSequence;
    record.source = source;
    record.market = market;
    record.instrument = instrument;
    record.line = line;
    return record;
  }

  /** Adds `[from, to)` to the ranges the `data` text is copied from. */
  private addDataRange(from: number, to: number): void {
    const scanned = this.scanned;
    if (scanned.dataRangeLength + 2 > scanned.dataRanges.length) {
      const grown = new Int32Array(scanned.dataRanges.length * 2);
      grown.set(scanned.dataRanges);
      scanned.dataRanges = grown;
    }
    scanned.dataRanges[scanned.dataRangeLength++] = from;
    scanned.dataRanges[scanned.dataRangeLength++] = to;
  }

  /**
   * Whether the number just read (ending at `this.p`) is written as String() writes its value, the
   * form JSON.stringify uses: no exponent, no -0, at most 15 significant digits (then it is the
   * shortest text that reads back to the same double), and not below 1e-6, where String() turns
   * to exponent form. Trailing fraction zeros (`0.8080`, `43000.0`) are allowed: `numberTextEnd`
   * leaves them out. Anything else marks the text as not reusable.
   */
  private checkShortestForm(noExponent: boolean, negative: boolean, zeroInteger: boolean, mantissa: number, decimals: number, dot: number): void {
    const shortest =
      noExponent && mantissa < 1e15 && (mantissa === 0 ? !negative : !zeroInteger || decimals - digitCount(mantissa) <= 5);
    if (!shortest) {
      this.canonical = false;
      return;
    }
    const b = this.b;
    const end = this.p;
    if (decimals === 0 || b[end - 1] !== ZERO) return;
    let cut = end;
    while (cut > dot + 1 && b[cut - 1] === ZERO) cut--;
    if (cut === dot + 1) cut = dot;
    this.numberTextEnd = cut;
  }

  /** After a level's number: a number with trailing fraction zeros ends a copy range before them. */
  private cutDataRange(): void {
    const end = this.p;
    if (this.numberTextEnd === end) return;
    this.addDataRange(this.dataCopyFrom, this.numberTextEnd);
    this.dataCopyFrom = end;
  }

  /** The `data` of an order-book row; null when scanning. */
  private book(): OrderbookRecord | null {
    let isSnapshot: boolean | null = null;
    let bids: Float64Array | null = null;
    let asks: Float64Array | null = null;
    this.expect(OPEN_BRACE);
    if (!this.emptyObject()) {
      let seen = 0;
      let key = -1;
      for (;;) {
        const expected = key + 1;
        key = this.key(bookKeys, bookTokens, expected);
        if ((seen & (1 << key)) !== 0) throw bail;
        seen |= 1 << key;
        if (key !== expected) this.canonical = false;
        if (key === 0) isSnapshot = this.boolean();
        else if (key === 1) bids = this.levels();
        else asks = this.levels();
        if (this.separator(CLOSE_BRACE)) break;
      }
    }
    if (isSnapshot === null) throw bail;
    this.complete = bids !== null && asks !== null;
    if (!this.building) return null;
    return {
      collectorTimestamp: 0,
      collectorSequence: 0,
      exchangeTimestamp: null,
      exchangeSequence: null,
      source: '',
      market: '',
      instrument: null,
      line: 0,
      type: 'orderbook',
      isSnapshot,
      bids: bids ?? noLevels,
      asks: asks ?? noLevels,
    };
  }

  /** The `data` of a trade row; null when scanning. */
  private trade(): TradeRecord | null {
    let price = NaN;
    let quantity = NaN;
    let side: 'buy' | 'sell' | null = null;
    let orderId: string | null = null;
    let maker: string | null = null;
    let taker: string | null = null;
    let liquidation: boolean | null = null;
    let seen = 0;
    // Each value's text is kept where it lies, so the keys may come in any order.
    const values = this.scanned.tradeValues;
    values.fill(-1);
    this.expect(OPEN_BRACE);
    if (this.emptyObject()) throw bail;
    let key = -1;
    for (;;) {
      key = this.key(tradeKeys, tradeTokens, key + 1);
      if ((seen & (1 << key)) !== 0) throw bail;
      seen |= 1 << key;
      const at = this.p;
      switch (key) {
        case 0:
          price = this.number();
          break;
        case 1:
          quantity = this.number();
          break;
        case 2:
          if (this.nullOr()) side = null;
          else {
            this.string();
            side = this.stringIs(sideNames.buy) ? 'buy' : this.stringIs(sideNames.sell) ? 'sell' : null;
            if (side === null) throw bail;
          }
          break;
        case 3:
          orderId = this.nullOr() ? null : this.plainString();
          break;
        case 4:
          maker = this.nullOr() ? null : this.plainString();
          break;
        case 5:
          taker = this.nullOr() ? null : this.plainString();
          break;
        default:
          liquidation = this.nullOr() ? null : this.boolean();
      }
      values[2 * key] = at;
      values[2 * key + 1] = key <= 1 ? this.numberTextEnd : this.p;
      if (this.separator(CLOSE_BRACE)) break;
    }
    if ((seen & 3) !== 3) throw bail;
    if (!this.building) return null;
    return {
      collectorTimestamp: 0,
      collectorSequence: 0,
      exchangeTimestamp: null,
      exchangeSequence: null,
      source: '',
      market: '',
      instrument: null,
      line: 0,
      type: 'trade',
      price,
      quantity,
      side,
      orderId,
      maker,
      taker,
      liquidation,
    };
  }

  /** `[[p, q], ...]` straight into a Float64Array; checked but not kept while scanning. */
  private levels(): Float64Array {
    const building = this.building;
    this.expect(OPEN_BRACKET);
    if ((this.b[this.p] ?? 0x21) <= 0x20) this.skipSpace();
    if (this.p < this.end && this.b[this.p] === CLOSE_BRACKET) {
      this.p++;
      // Zero-length arrays cannot be written to, so one can serve every empty side.
      return noLevels;
    }
    let n = 0;
    for (;;) {
      this.expect(OPEN_BRACKET);
      if ((this.b[this.p] ?? 0x21) <= 0x20) this.skipSpace();
      const price = this.number();
      if (this.textWanted) this.cutDataRange();
      this.expect(COMMA);
      if ((this.b[this.p] ?? 0x21) <= 0x20) this.skipSpace();
      const size = this.number();
      if (this.textWanted) this.cutDataRange();
      this.expect(CLOSE_BRACKET);
      if (building) {
        if (n + 2 > this.scratch.length) {
          const grown = new Float64Array(this.scratch.length * 2);
          grown.set(this.scratch);
          this.scratch = grown;
        }
        this.scratch[n++] = price;
        this.scratch[n++] = size;
      }
      if (this.separator(CLOSE_BRACKET)) break;
    }
    if (!building) return noLevels;
    const levels = new Float64Array(n);
    for (let i = 0; i < n; i++) levels[i] = this.scratch[i] ?? 0;
    return levels;
  }

  /**
   * Reads `"key":` and returns its index in `keys`; unknown keys bail. Tries the key expected next
   * in the collector's order first: one byte compare per byte instead of a scan and a lookup.
   */
  private key(keys: readonly Uint8Array[], tokens: readonly Uint8Array[], expected: number): number {
    const token = tokens[expected];
    if (token !== undefined) {
      const b = this.b;
      const p = this.p;
      const length = token.length;
      if (p + length <= this.end) {
        let i = 0;
        while (i < length && b[p + i] === token[i]) i++;
        if (i === length) {
          this.p = p + length;
          if ((b[this.p] ?? 0x21) <= 0x20) this.skipSpace();
          return expected;
        }
      }
    }
    this.skipSpace();
    this.string();
    const length = this.stringEnd - this.stringStart;
    for (let k = 0; k < keys.length; k++) {
      const candidate = keys[k];
      if (candidate?.length === length && this.stringIs(candidate)) {
        this.expect(COLON);
        this.skipSpace();
        return k;
      }
    }
    throw bail;
  }

  /** After a member: `,` (more follow) or `close` (done). */
  private separator(close: number): boolean {
    if (this.p >= this.end) throw bail;
    let byte = this.b[this.p++] ?? 0;
    if (byte <= 0x20) {
      this.skipSpace();
      if (this.p >= this.end) throw bail;
      byte = this.b[this.p++] ?? 0;
    }
    if (byte === COMMA) {
      if ((this.b[this.p] ?? 0x21) <= 0x20) this.skipSpace();
      return false;
    }
    if (byte === close) return true;
    throw bail;
  }

  private emptyObject(): boolean {
    this.skipSpace();
    if (this.p >= this.end || this.b[this.p] !== CLOSE_BRACE) return false;
    this.p++;
    return true;
  }

  private expect(byte: number): void {
    if ((this.b[this.p] ?? 0x21) <= 0x20) this.skipSpace();
    if (this.p >= this.end || this.b[this.p] !== byte) throw bail;
    this.p++;
  }

  private skipSpace(): void {
    const b = this.b;
    const end = this.end;
    while (this.p < end) {
      const byte = b[this.p];
      if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return;
      this.p++;
      this.canonical = false;
    }
  }

  /** An ASCII string without escapes; sets stringStart/stringEnd to its contents. */
  private string(): void {
    const b = this.b;
    if (this.p >= this.end || b[this.p] !== QUOTE) throw bail;
    const start = ++this.p;
    const end = this.end;
    let p = start;
    for (;;) {
      if (p >= end) throw bail;
      const byte = b[p] ?? 0;
      if (byte === QUOTE) break;
      if (byte < 0x20 || byte >= 0x7f || byte === BACKSLASH) throw bail;
      p++;
    }
    this.stringStart = start;
    this.stringEnd = p;
    this.p = p + 1;
  }

  /** A plain string's text; empty while scanning, which builds nothing. */
  private plainString(): string {
    this.string();
    return this.building ? this.b.toString('latin1', this.stringStart, this.stringEnd) : '';
  }

  private stringIs(expected: Uint8Array): boolean {
    if (this.stringEnd - this.stringStart !== expected.length) return false;
    for (let i = 0; i < expected.length; i++) if (this.b[this.stringStart + i] !== expected[i]) return false;
    return true;
  }

  private literal(expected: Uint8Array): boolean {
    if (this.p + expected.length > this.end) return false;
    for (let i = 0; i < expected.length; i++) if (this.b[this.p + i] !== expected[i]) return false;
    this.p += expected.length;
    return true;
  }

  /** Consumes `null` when it is next. */
  private nullOr(): boolean {
    return this.b[this.p] === 0x6e && this.literal(literals.null);
  }

  private boolean(): boolean {
    if (this.literal(literals.true)) return true;
    if (this.literal(literals.false)) return false;
    throw bail;
  }

  /**
   * A JSON number, exactly as JSON.parse reads it: up to 15 significant digits and 22 decimals
   * are one exact division (correctly rounded); anything longer goes through Number().
   */
  private number(): number {
    const b = this.b;
    const end = this.end;
    const start = this.p;
    let p = start;
    let negative = false;
    if (p < end && b[p] === MINUS) {
      negative = true;
      p++;
    }
    let mantissa = 0;
    let byte = b[p] ?? 0;
    if (p >= end || byte < ZERO || byte > NINE) throw bail;
    const zeroInteger = byte === ZERO;
    if (byte === ZERO) {
      p++;
    } else {
      while (p < end && byte >= ZERO && byte <= NINE) {
        mantissa = mantissa * 10 + (byte - ZERO);
        byte = b[++p] ?? 0;
      }
    }
    let decimals = 0;
    const dot = p;
    if (p < end && b[p] === DOT) {
      p++;
      byte = b[p] ?? 0;
      if (p >= end || byte < ZERO || byte > NINE) throw bail;
      while (p < end && byte >= ZERO && byte <= NINE) {
        mantissa = mantissa * 10 + (byte - ZERO);
        decimals++;
        byte = b[++p] ?? 0;
      }
    }
    let exact = true;
    if (p < end && (b[p] === 0x65 || b[p] === 0x45)) {
      exact = false;
      p++;
      if (p < end && (b[p] === PLUS || b[p] === MINUS)) p++;
      byte = b[p] ?? 0;
      if (p >= end || byte < ZERO || byte > NINE) throw bail;
      while (p < end && byte >= ZERO && byte <= NINE) byte = b[++p] ?? 0;
    }
    this.p = p;
    let value: number;
    if (exact && mantissa <= maxExactMantissa && decimals < pow10.length) {
      value = mantissa / (pow10[decimals] ?? 1);
      if (negative) value = -value;
    } else {
      value = Number(b.toString('latin1', start, p));
    }
    if (!Number.isFinite(value)) throw bail;
    this.numberPlain = exact && decimals === 0 && !negative;
    this.numberTextEnd = p;
    if (this.canonical && this.textWanted) this.checkShortestForm(exact, negative, zeroInteger, mantissa, decimals, dot);
    return value;
  }
}

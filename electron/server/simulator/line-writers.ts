import { simulatorVersion } from './capture-sessions.ts';
import type { CollectorClock } from './collector-clock.ts';
import { LineBytes, utf8, type TextSink } from './line-bytes.ts';
import type { Prng } from './prng.ts';

export type { TextSink } from './line-bytes.ts';

/** Options of one v2 data row. */
export interface V2RowOptions {
  exchangeTimestamp: number | null;
  exchangeSequence?: string | null;
  instrument?: string;
  /** The venue payload, as JSON text, kept in `raw`. */
  raw?: string;
}

/** Per-type counts as the v2 header names them (`trade_count`, ...). */
export type TypeCounts = Record<string, number>;

const json = JSON.stringify;

const timestampKey = utf8('{"collector_timestamp":');
const sequenceKey = utf8(',"collector_sequence":');
const exchangeTimestampKey = utf8(',"exchange_timestamp":');
const exchangeSequenceKey = utf8(',"exchange_sequence":');
const nullText = utf8('null');
const deltaData = utf8('{"is_snapshot":false,"bids":[');
const snapshotData = utf8('{"is_snapshot":true,"bids":[');
const asksKey = utf8('],"asks":[');
const bookEnd = utf8(']}}');
const rowEnd = utf8('}');
const comma = utf8(',');
const levelOpen = utf8('[');
const levelClose = utf8(']');

/** Book levels as UTF-8: a tick's price and a size in lots. */
export interface LevelBytes {
  priceBytes(tick: number): Uint8Array;
  sizeBytes(lots: number): Uint8Array;
}

/** The most a v2 row's `collector_timestamp` is stamped before its arrival, ms. */
export const maxEarlyStampMs = 40;

/**
 * Writes v2 snapshot rows (spec 2.13, field notes): the envelope with the collector's
 * `collector_sequence` (rising through a capture session, across hour files; see
 * `CollectorClock`) and, now and then, a `collector_timestamp` stamped a little earlier than the
 * row's arrival, as real collectors' files do. Rows the collector does not write (it is down, or
 * the time is past the hour) are dropped. Quote files omit `market` from data rows.
 */
export class V2LineWriter {
  readonly #prng: Prng;
  readonly #clock: CollectorClock;
  readonly #source: string;
  readonly #market: string;
  readonly #envelope: Uint8Array;
  readonly #lines: LineBytes;
  readonly #counts = new Map<string, number>();
  readonly #typeKeys = new Map<string, Uint8Array>();
  #written = 0;
  #firstTime: number | null = null;
  #lastTime = 0;

  /** @param body receives the data rows; the header comes from `finish()` once counts are known */
  constructor(prng: Prng, clock: CollectorClock, source: string, market: string, body: TextSink, omitMarket = false) {
    this.#lines = new LineBytes(body);
    this.#prng = prng;
    this.#clock = clock;
    this.#source = source;
    this.#market = market;
    this.#envelope = utf8(`,"source":${json(source)}${omitMarket ? '' : `,"market":${json(market)}`}`);
  }

  /** Per-type counts as the v2 header names them (`trade_count`, ...). */
  get counts(): TypeCounts {
    return Object.fromEntries([...this.#counts].map(([type, count]) => [`${type}_count`, count]));
  }

  /** Appends one event row arriving at `time`; `data` is its data object as JSON text. False when dropped. */
  row(time: number, type: string, data: string, options: V2RowOptions): boolean {
    if (!this.#head(time, type, options.exchangeTimestamp, options.exchangeSequence ?? null, options.instrument)) return false;
    const lines = this.#lines;
    lines.text(data);
    if (options.raw !== undefined) lines.text(`,"raw":${options.raw}`);
    lines.reserve(1);
    lines.raw(rowEnd);
    lines.endLine();
    return true;
  }

  /** Appends one `orderbook` row from flat `[tick, lots, ...]` levels, best first. False when dropped. */
  bookRow(time: number, isSnapshot: boolean, bids: readonly number[], asks: readonly number[], levels: LevelBytes, exchangeTimestamp: number | null): boolean {
    if (!this.#head(time, 'orderbook', exchangeTimestamp, null, undefined)) return false;
    const lines = this.#lines;
    lines.reserve(32);
    lines.raw(isSnapshot ? snapshotData : deltaData);
    this.#levels(bids, levels);
    lines.reserve(16);
    lines.raw(asksKey);
    this.#levels(asks, levels);
    lines.reserve(8);
    lines.raw(bookEnd);
    lines.endLine();
    return true;
  }

  #levels(flat: readonly number[], levels: LevelBytes): void {
    const lines = this.#lines;
    for (let i = 0; i < flat.length; i += 2) {
      const price = levels.priceBytes(flat[i] ?? 0);
      const size = levels.sizeBytes(flat[i + 1] ?? 0);
      lines.reserve(price.length + size.length + 4);
      if (i > 0) lines.raw(comma);
      lines.raw(levelOpen);
      lines.raw(price);
      lines.raw(comma);
      lines.raw(size);
      lines.raw(levelClose);
    }
  }

  /** Starts a row up to its `"data":` key; false (and nothing written) when the collector drops it. */
  #head(time: number, type: string, exchangeTimestamp: number | null, exchangeSequence: string | null, instrument: string | undefined): boolean {
    const sequence = this.#clock.sequence(time);
    if (sequence === null) return false;
    this.#written++;
    const stepBack = this.#written > 2 && this.#prng.chance(1 / 350) ? this.#prng.int(1, maxEarlyStampMs) : 0;
    const stamped = Math.round(time) - stepBack;
    this.#firstTime ??= stamped;
    if (stamped > this.#lastTime) this.#lastTime = stamped;
    let typeKey = this.#typeKeys.get(type);
    if (typeKey === undefined) {
      typeKey = utf8(`,"type":${json(type)},"data":`);
      this.#typeKeys.set(type, typeKey);
    }
    const lines = this.#lines;
    lines.reserve(160 + this.#envelope.length + typeKey.length);
    lines.raw(timestampKey);
    lines.int(stamped);
    lines.raw(sequenceKey);
    lines.int(sequence);
    lines.raw(exchangeTimestampKey);
    if (exchangeTimestamp === null) lines.raw(nullText);
    else lines.int(exchangeTimestamp);
    lines.raw(exchangeSequenceKey);
    if (exchangeSequence === null) lines.raw(nullText);
    else lines.text(json(exchangeSequence));
    lines.reserve(this.#envelope.length);
    lines.raw(this.#envelope);
    if (instrument !== undefined) lines.text(`,"instrument":${json(instrument)}`);
    lines.reserve(typeKey.length);
    lines.raw(typeKey);
    this.#counts.set(type, (this.#counts.get(type) ?? 0) + 1);
    return true;
  }

  /** Flushes the rows and returns the metadata header line (framing, with the counts). */
  finish(hourStart: number): string {
    this.#lines.flush();
    const header = {
      collector_timestamp: hourStart,
      collector_sequence: 0,
      exchange_timestamp: null,
      exchange_sequence: null,
      source: this.#source,
      market: this.#market,
      type: 'metadata',
      data: {
        schema_version: 'v2',
        date: new Date(hourStart).toISOString().slice(0, 10),
        start_time: this.#firstTime ?? hourStart,
        end_time: this.#lastTime === 0 ? hourStart : this.#lastTime,
        event_count: this.#lines.count,
        ...this.counts,
        collector_version: `mde-simulator/${simulatorVersion}`,
      },
    };
    return `${json(header)}\n`;
  }
}

/** Writes legacy rows: no header, `timestamp` in microseconds, `orderbook` / `orderbook_delta`; none while the collector is down. */
export class LegacyLineWriter {
  readonly #prng: Prng;
  readonly #clock: CollectorClock;
  readonly #prefix: string;
  readonly #lines: LineBytes;

  constructor(prng: Prng, clock: CollectorClock, source: string, market: string, body: TextSink) {
    this.#lines = new LineBytes(body);
    this.#prng = prng;
    this.#clock = clock;
    this.#prefix = `"source":${json(source)},"market":${json(market)}`;
  }

  /** Appends one legacy row arriving at `time`; false when dropped. */
  row(time: number, type: string, data: string): boolean {
    if (!this.#clock.writes(time)) return false;
    const micros = Math.round(time) * 1000 + this.#prng.int(0, 999);
    this.#lines.text(`{"timestamp":${micros},${this.#prefix},"type":${json(type)},"data":${data}}`);
    this.#lines.endLine();
    return true;
  }

  /** Flushes the rows; legacy files have no header, so there is nothing to return. */
  finish(): string {
    this.#lines.flush();
    return '';
  }
}

/** Decimal places of an increment such as 0.001 (3) or 5 (0). */
export function decimalsOf(increment: number): number {
  const text = String(increment);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

import type { Prng } from './prng.ts';

/** Receives file text in order; the hour file compresses it as it arrives. */
export interface TextSink {
  write(text: string): void;
}

/** Batches many small lines into large writes, so the sink sees few, big strings. */
class LineBatcher {
  readonly #sink: TextSink;
  #batch = '';
  count = 0;

  constructor(sink: TextSink) {
    this.#sink = sink;
  }

  push(line: string): void {
    this.#batch += line + '\n';
    this.count++;
    if (this.#batch.length > 65_536) this.flush();
  }

  flush(): void {
    if (this.#batch.length > 0) this.#sink.write(this.#batch);
    this.#batch = '';
  }
}

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

/**
 * Writes v2 snapshot rows (spec 2.13, field notes): the envelope with a rising
 * `collector_sequence` and, now and then, a `collector_timestamp` that steps backwards, as real
 * collectors' files do. Quote files omit `market` from data rows.
 */
export class V2LineWriter {
  readonly #prng: Prng;
  readonly #source: string;
  readonly #market: string;
  readonly #omitMarket: boolean;
  readonly #lines: LineBatcher;
  readonly counts: TypeCounts = {};
  #sequence = 0;
  #firstTime: number | null = null;
  #lastTime = 0;

  /** @param body receives the data rows; the header comes from `finish()` once counts are known */
  constructor(prng: Prng, source: string, market: string, body: TextSink, omitMarket = false) {
    this.#lines = new LineBatcher(body);
    this.#prng = prng;
    this.#source = source;
    this.#market = market;
    this.#omitMarket = omitMarket;
  }

  /** Appends one event row; `data` is the row's data object as JSON text. */
  row(time: number, type: string, data: string, options: V2RowOptions): void {
    this.#sequence++;
    const stepBack = this.#sequence > 2 && this.#prng.chance(1 / 350) ? this.#prng.int(1, 40) : 0;
    const stamped = Math.round(time) - stepBack;
    this.#firstTime ??= stamped;
    this.#lastTime = Math.max(this.#lastTime, stamped);
    const market = this.#omitMarket ? '' : `,"market":${json(this.#market)}`;
    const instrument = options.instrument === undefined ? '' : `,"instrument":${json(options.instrument)}`;
    const raw = options.raw === undefined ? '' : `,"raw":${options.raw}`;
    this.#lines.push(
      `{"collector_timestamp":${stamped},"collector_sequence":${this.#sequence},"exchange_timestamp":${options.exchangeTimestamp ?? 'null'},` +
        `"exchange_sequence":${options.exchangeSequence === undefined || options.exchangeSequence === null ? 'null' : json(options.exchangeSequence)},` +
        `"source":${json(this.#source)}${market}${instrument},"type":${json(type)},"data":${data}${raw}}`,
    );
    const countKey = `${type}_count`;
    this.counts[countKey] = (this.counts[countKey] ?? 0) + 1;
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
        end_time: this.#lastTime,
        event_count: this.#lines.count,
        ...this.counts,
        collector_version: 'mde-simulator/1',
      },
    };
    return `${json(header)}\n`;
  }
}

/** Writes legacy rows: no header, `timestamp` in microseconds, `orderbook` / `orderbook_delta`. */
export class LegacyLineWriter {
  readonly #prng: Prng;
  readonly #prefix: string;
  readonly #lines: LineBatcher;

  constructor(prng: Prng, source: string, market: string, body: TextSink) {
    this.#lines = new LineBatcher(body);
    this.#prng = prng;
    this.#prefix = `"source":${json(source)},"market":${json(market)}`;
  }

  /** Appends one legacy row. */
  row(time: number, type: string, data: string): void {
    const micros = Math.round(time) * 1000 + this.#prng.int(0, 999);
    this.#lines.push(`{"timestamp":${micros},${this.#prefix},"type":${json(type)},"data":${data}}`);
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

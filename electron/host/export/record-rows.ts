import type { SnapshotRecord } from '../../../shared/snapshot/records.ts';
import { perpetualDecimalFields } from '../../../shared/snapshot/records.ts';
import { greekFields, optionDecimalFields, type ExportColumn } from './export-columns.ts';

/** One cell: null is an empty CSV field and a Parquet null. */
export type Cell = string | number | boolean | null;

/**
 * Rows in columns, up to one row group: records are appended as rows (one per record, one per
 * book level, one per ladder quote), and a writer takes the columns whole.
 */
export class RowBatch {
  /** One array of cells per column, in `columns` order. */
  readonly cells: Cell[][];
  private readonly index = new Map<string, number>();
  private readonly row: Cell[];
  private count = 0;

  constructor(readonly columns: readonly ExportColumn[]) {
    this.cells = columns.map(() => []);
    columns.forEach((entry, at) => this.index.set(entry.name, at));
    this.row = columns.map(() => null);
  }

  /** Rows held. */
  get rows(): number {
    return this.count;
  }

  /** Empties the batch for the next row group. */
  clear(): void {
    for (const cells of this.cells) cells.length = 0;
    this.count = 0;
  }

  /** Appends the rows of one record; `eventIndex` numbers records across the whole export. */
  append(record: SnapshotRecord, eventIndex: number): void {
    switch (record.type) {
      case 'orderbook': {
        const levels = record.bids.length + record.asks.length;
        if (levels === 0) {
          // A book cleared to nothing is still an event: one row with no level.
          this.start(record, eventIndex, record.type);
          this.set('is_snapshot', record.isSnapshot);
          this.end();
          return;
        }
        this.levels(record, eventIndex, 'bid', record.bids);
        this.levels(record, eventIndex, 'ask', record.asks);
        return;
      }
      case 'trade':
        this.start(record, eventIndex, record.type);
        this.set('price', record.price);
        this.set('quantity', record.quantity);
        this.set('side', record.side);
        this.set('order_id', record.orderId);
        this.set('maker', record.maker);
        this.set('taker', record.taker);
        this.set('liquidation', record.liquidation);
        this.end();
        return;
      case 'point':
        this.start(record, eventIndex, record.type);
        this.set('series', record.series);
        this.set('value', record.value);
        this.end();
        return;
      case 'perpetual_ticker': {
        this.start(record, eventIndex, record.type);
        const data: Record<string, unknown> = record.data;
        for (const field of perpetualDecimalFields) this.set(field, decimalText(data[field]));
        this.set('funding_timestamp', integerOrNull(data.funding_timestamp));
        this.end();
        return;
      }
      case 'option_ticker': {
        this.start(record, eventIndex, record.type);
        const data = record.data;
        const greeks: Record<string, unknown> = data.greeks ?? {};
        this.set('expiry_timestamp', integerOrNull(data.expiry_timestamp));
        for (const field of ['underlying', 'option_type', 'premium_currency', 'quantity_unit']) this.set(field, textOrNull(data[field]));
        for (const field of optionDecimalFields) this.set(field, decimalText(greekFields.has(field) ? (greeks[field] ?? data[field]) : data[field]));
        this.end();
        return;
      }
      case 'intent': {
        this.start(record, eventIndex, record.type);
        const data = record.data;
        for (const field of ['intent_id', 'rfq_id', 'status', 'amount_kind']) this.set(field, textOrNull(data[field]));
        this.set('expires_at', integerOrNull(data.expires_at));
        this.set('settled_at', integerOrNull(data.settled_at));
        this.set('data_json', JSON.stringify(data));
        this.end();
        return;
      }
      case 'quote_ladder': {
        const values = record.values;
        // An empty ladder is still an observation: one row with no quote.
        const quotes = values.quotes.length > 0 ? values.quotes : [null];
        quotes.forEach((quote, quoteIndex) => {
          this.start(record, eventIndex, record.type);
          this.set('event_id', values.event_id);
          this.set('chain_id', values.chain_id);
          this.set('block_number', values.block_number);
          this.set('block_hash', values.block_hash);
          this.set('parent_hash', values.parent_hash);
          this.set('transaction_hash', values.transaction_hash);
          this.set('transaction_index', values.transaction_index);
          this.set('router', values.router);
          this.set('oracle', values.oracle);
          this.set('pool', values.pool ?? null);
          this.set('token_in', values.token_in);
          this.set('token_out', values.token_out);
          this.set('token_in_decimals', values.token_in_decimals);
          this.set('token_out_decimals', values.token_out_decimals);
          this.set('quote_index', quote === null ? null : quoteIndex);
          this.set('amount_in', quote?.amount_in ?? null);
          this.set('amount_out', quote?.amount_out ?? null);
          this.end();
        });
        return;
      }
      case 'record':
        this.start(record, eventIndex, record.type);
        this.set('series', record.series);
        this.set('values_json', jsonOrNull(record.values));
        this.end();
        return;
      case 'unknown':
        this.start(record, eventIndex, record.originalType);
        this.set('data_json', jsonOrNull(record.data));
        this.end();
        return;
    }
  }

  private levels(record: SnapshotRecord & { type: 'orderbook' }, eventIndex: number, side: 'bid' | 'ask', levels: Float64Array): void {
    for (let at = 0; at + 1 < levels.length; at += 2) {
      this.start(record, eventIndex, record.type);
      this.set('is_snapshot', record.isSnapshot);
      this.set('side', side);
      this.set('level', at / 2);
      this.set('price', levels[at] ?? null);
      this.set('quantity', levels[at + 1] ?? null);
      this.end();
    }
  }

  private start(record: SnapshotRecord, eventIndex: number, type: string): void {
    this.row.fill(null);
    this.set('event_index', eventIndex);
    this.set('collector_timestamp', record.collectorTimestamp);
    this.set('collector_sequence', record.collectorSequence);
    this.set('exchange_timestamp', record.exchangeTimestamp);
    this.set('exchange_sequence', record.exchangeSequence);
    this.set('source', record.source);
    this.set('market', record.market);
    this.set('instrument', record.instrument);
    this.set('type', type);
  }

  private set(name: string, value: Cell): void {
    const at = this.index.get(name);
    if (at !== undefined) this.row[at] = value;
  }

  private end(): void {
    const row = this.row;
    for (let at = 0; at < row.length; at++) this.cells[at]?.push(row[at] ?? null);
    this.count++;
  }
}

/** A decimal as its exact text: strings as written; a bare JSON number in its shortest round-trip form. */
function decimalText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function integerOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function jsonOrNull(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

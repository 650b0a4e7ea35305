import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import type { ReferenceHour, ReferenceLevel, ReferenceRow } from './reference-l2-books.ts';

// Hand-made v2 hour files for the capture-stream rule: each row is written exactly as given (its
// sequence, its time, its line), so a test can place backward steps, restarts and rows past the
// hour where it wants them, and the reference model reads the same rows back without any decoder.

const hourMs = 3_600_000;

/** An order-book line: a snapshot or a delta of one book. */
export interface HandBook {
  instrument: string | null;
  snapshot: boolean;
  bids: ReferenceLevel[];
  asks: ReferenceLevel[];
}

/** One data row of a hand-made file: an order-book line or a trade line. */
export interface HandRow {
  sequence: number;
  /** collector_timestamp, Unix ms. */
  time: number;
  book?: HandBook;
  /** A trade line (when `book` is absent). */
  trade?: { price: number; quantity: number };
}

/** One hand-made hour file of a dataset. */
export interface HandHour {
  source: string;
  market: string;
  hourStart: number;
  rows: readonly HandRow[];
}

/** The standard key of a hand-made hour. */
export function handKey(hour: Pick<HandHour, 'source' | 'market' | 'hourStart'>): string {
  const iso = new Date(hour.hourStart).toISOString();
  return `standard-${hour.source}-${hour.market}-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
}

/** The text of a hand-made v2 file: the metadata row (line 1), then each row on its own line (row i on line i + 2). */
export function handFileText(hour: HandHour): string {
  const envelope = (sequence: number, time: number) => ({
    collector_timestamp: time,
    collector_sequence: sequence,
    exchange_timestamp: null,
    exchange_sequence: null,
    source: hour.source,
    market: hour.market,
  });
  const date = new Date(hour.hourStart).toISOString().slice(0, 10);
  const metadata = {
    ...envelope(0, hour.hourStart),
    type: 'metadata',
    data: { schema_version: 'v2', date, start_time: hour.hourStart, end_time: hour.hourStart + hourMs - 1, event_count: hour.rows.length, collector_version: 'hand-made' },
  };
  const lines = [JSON.stringify(metadata)];
  for (const row of hour.rows) {
    const book = row.book;
    if (book !== undefined) {
      const instrument = book.instrument === null ? {} : { instrument: book.instrument };
      lines.push(JSON.stringify({ ...envelope(row.sequence, row.time), ...instrument, type: 'orderbook', data: { is_snapshot: book.snapshot, bids: book.bids, asks: book.asks } }));
    } else {
      const trade = row.trade ?? { price: 1, quantity: 1 };
      lines.push(JSON.stringify({ ...envelope(row.sequence, row.time), type: 'trade', data: { price: trade.price, quantity: trade.quantity, side: 'buy', order_id: null } }));
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Writes a hand-made hour as `{root}/{source}/{market}/{date}/{key}.jsonl.zst` (a folder the directory store reads); returns its path. */
export async function writeHandHour(root: string, hour: HandHour): Promise<string> {
  const dir = join(root, hour.source, hour.market, new Date(hour.hourStart).toISOString().slice(0, 10));
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${handKey(hour)}.jsonl.zst`);
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(handFileText(hour))));
  return path;
}

/** The 1-based line a hand row is written on (the metadata row is line 1). */
export function handLine(index: number): number {
  return index + 2;
}

/** The reference model's hour for a hand-made file: every data row with its sequence, and the update of each book line. */
export function referenceHourOfHand(hour: HandHour): ReferenceHour {
  const rows: ReferenceRow[] = hour.rows.map((row) => ({
    sequence: row.sequence,
    time: row.time,
    update:
      row.book === undefined
        ? null
        : { source: hour.source, market: hour.market, instrument: row.book.instrument, time: row.time, snapshot: row.book.snapshot, bids: row.book.bids, asks: row.book.asks },
  }));
  return { hourStart: hour.hourStart, updates: [], rows };
}

/** The whole-day key of a hand-made dataset day (no time): `standard-{source}-{market}-{date}`. */
export function handDayKey(hour: Pick<HandHour, 'source' | 'market' | 'hourStart'>): string {
  return `standard-${hour.source}-${hour.market}-${new Date(hour.hourStart).toISOString().slice(0, 10)}`;
}

/**
 * One whole-day file holding hand-made hours of one day, one after another (as the SDKs write a
 * daily file): a metadata row covering the day, then every hour's rows in order. Row `i` of the
 * concatenated rows is on line `i + 2`.
 */
export function handDayFileText(hours: readonly HandHour[]): string {
  const [first] = hours;
  if (first === undefined) throw new Error('a day file needs an hour');
  const dayStart = first.hourStart - (first.hourStart % (24 * hourMs));
  const rows = hours.flatMap((hour) => hour.rows);
  const text = handFileText({ ...first, hourStart: dayStart, rows });
  // The day's metadata row says it covers the day.
  const [metadata = '', ...rest] = text.split('\n');
  const header = JSON.parse(metadata) as { data: Record<string, unknown> };
  header.data['end_time'] = dayStart + 24 * hourMs - 1;
  return [JSON.stringify(header), ...rest].join('\n');
}

/** Writes hand-made hours as one whole-day file named `name` (by default the day key) in `{root}/{source}/{market}/{date}/`; returns its path. */
export async function writeHandDay(root: string, hours: readonly HandHour[], name?: string): Promise<string> {
  const [first] = hours;
  if (first === undefined) throw new Error('a day file needs an hour');
  const dir = join(root, first.source, first.market, new Date(first.hourStart).toISOString().slice(0, 10));
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name ?? handDayKey(first)}.jsonl.zst`);
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(handDayFileText(hours))));
  return path;
}

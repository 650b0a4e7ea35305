import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BookEvent } from '../../shared/book/book-event.ts';
import { l2Slots, type L2Row } from '../../shared/rows/l2-row.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { bookStream } from '../bench/book-stream.ts';

/** Where and when a generated snapshot file is: its book and the UTC hour it covers. */
export interface SnapshotFileSpec {
  source: string;
  market: string;
  /** Start of the covered hour, Unix ms. */
  hour: number;
}

/** The standard snapshot key of a file spec: `standard-{source}-{market}-{YYYY-MM-DD}-{HH}`. */
export function snapshotKey(spec: SnapshotFileSpec): string {
  const iso = new Date(spec.hour).toISOString();
  return `standard-${spec.source}-${spec.market}-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
}

const pairs = (levels: Float64Array): number[][] => {
  const out: number[][] = [];
  for (let i = 0; i + 1 < levels.length; i += 2) out.push([levels[i] ?? 0, levels[i + 1] ?? 0]);
  return out;
};

/**
 * The `collector_sequence` of a file's first data row when one collector wrote every hour: each
 * hour's sequences start above the last hour's, so contiguous files make one capture session.
 */
export function continuingSequence(hour: number): number {
  return Math.floor(hour / 3_600_000) * 10_000_000 + 1;
}

/**
 * A v2 snapshot file's text: the metadata row, then each event as an `orderbook` row (with its
 * instrument and exchange time, if any), with a trade every 50 events. Sequences rise from
 * `firstSequence` (by default continuing the previous hour's, so contiguous files are one session).
 */
export function v2FileText(spec: SnapshotFileSpec, events: readonly BookEvent[], firstSequence = continuingSequence(spec.hour)): string {
  const envelope = (sequence: number, timestamp: number) => ({
    collector_timestamp: timestamp,
    collector_sequence: sequence,
    exchange_timestamp: null,
    exchange_sequence: null,
    source: spec.source,
    market: spec.market,
  });
  const metadata = {
    ...envelope(0, spec.hour),
    type: 'metadata',
    data: { schema_version: 'v2', date: new Date(spec.hour).toISOString().slice(0, 10), start_time: spec.hour, end_time: spec.hour + 3_599_999, event_count: events.length, orderbook_count: events.length, collector_version: 'book-worker-test' },
  };
  const lines = [JSON.stringify(metadata)];
  let sequence = firstSequence;
  events.forEach((event, i) => {
    const data = { is_snapshot: event.isSnapshot, bids: pairs(event.bids), asks: pairs(event.asks) };
    const instrument = event.instrument === null ? {} : { instrument: event.instrument };
    const exchange = { exchange_timestamp: event.exchangeTimestamp ?? null };
    lines.push(JSON.stringify({ ...envelope(sequence++, event.collectorTimestamp), ...exchange, ...instrument, type: 'orderbook', data }));
    if (i % 50 === 25) {
      const trade = { order_id: null, price: event.bids[0] ?? 1, quantity: 0.5, side: 'buy' };
      lines.push(JSON.stringify({ ...envelope(sequence++, event.collectorTimestamp), type: 'trade', data: trade }));
    }
  });
  return `${lines.join('\n')}\n`;
}

/** Seeded book events inside one hour, for one (source, market), with a snapshot every `snapshotEvery`. */
export function hourOfEvents(spec: SnapshotFileSpec, seed: number, count: number, snapshotEvery = 500): BookEvent[] {
  return bookStream({ seed, events: count, snapshotEvery, startTime: spec.hour + 1000, durationMs: 3_500_000 }).map((event) => ({
    ...event,
    source: spec.source,
    market: spec.market,
  }));
}

/** Writes events as a compressed v2 `.jsonl.zst` file named by its snapshot key; returns the path. */
export async function writeSnapshotFile(dir: string, spec: SnapshotFileSpec, events: readonly BookEvent[], name = `${snapshotKey(spec)}.jsonl.zst`): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, compressZstdFrame(new TextEncoder().encode(v2FileText(spec, events))));
  return path;
}

/** A flat `/l2-updates` row for an event: levels in the first slots (a snapshot keeps its best 25), null after. */
export function l2UpdateRow(event: BookEvent, index: number): L2Row {
  const row: Record<string, unknown> = {
    event_id: `e-${index}`,
    source: event.source,
    market: event.market,
    instrument: event.instrument,
    collector_timestamp: event.collectorTimestamp,
    exchange_timestamp: event.exchangeTimestamp ?? null,
    source_capture_id: 'book-worker-test',
    schema_version: 2,
    source_event_is_snapshot: event.isSnapshot,
  };
  const fill = (levels: Float64Array, price: 'bidPx' | 'askPx', size: 'bidSz' | 'askSz'): void => {
    l2Slots.forEach((slot, i) => {
      row[slot[price]] = levels[2 * i] ?? null;
      row[slot[size]] = levels[2 * i + 1] ?? null;
    });
  };
  fill(event.bids, 'bidPx', 'bidSz');
  fill(event.asks, 'askPx', 'askSz');
  return row as unknown as L2Row;
}

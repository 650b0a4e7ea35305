import { demoDatasets, type SimulatedDataset } from '../../../electron/server/simulator/demo-datasets.ts';
import type { ReferenceLevel } from '../../support/reference-l2-books.ts';

// Reads the simulator's text with JSON.parse only (no app decoder), for the simulator tests.

/** A demo dataset by name. */
export function dataset(source: string, market: string): SimulatedDataset {
  const found = demoDatasets.find((d) => d.source === source && d.market === market);
  if (found === undefined) throw new Error(`no dataset ${source}/${market}`);
  return found;
}

/** One row of a simulated file, as the tests need it. */
export interface SimulatedRow {
  /** collector_timestamp (v2) or timestamp / 1000 (legacy). */
  time: number;
  /** collector_sequence (v2), null in legacy files. */
  sequence: number | null;
  type: string;
  /** For book rows: whether it is a snapshot (legacy `orderbook`), and its levels. */
  snapshot: boolean;
  bids: ReferenceLevel[];
  asks: ReferenceLevel[];
  data: Record<string, unknown>;
}

interface RawRow {
  collector_timestamp?: number;
  collector_sequence?: number;
  timestamp?: number;
  type: string;
  data: Record<string, unknown>;
}

/** The data rows of a file's text (the metadata row skipped). */
export function rowsOf(text: string): SimulatedRow[] {
  const rows: SimulatedRow[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const raw = JSON.parse(line) as RawRow;
    if (raw.type === 'metadata') continue;
    const book = raw.type === 'orderbook' || raw.type === 'orderbook_delta';
    const legacy = raw.timestamp !== undefined;
    rows.push({
      time: legacy ? Math.floor((raw.timestamp ?? 0) / 1000) : (raw.collector_timestamp ?? 0),
      sequence: legacy ? null : (raw.collector_sequence ?? null),
      type: book ? 'orderbook' : raw.type,
      snapshot: book && (legacy ? raw.type === 'orderbook' : raw.data['is_snapshot'] === true),
      bids: book ? (raw.data['bids'] as ReferenceLevel[]) : [],
      asks: book ? (raw.data['asks'] as ReferenceLevel[]) : [],
      data: raw.data,
    });
  }
  return rows;
}

import type { TimeRange } from '../access-policy.ts';
import type { HourRef, MarketDataStore } from '../store/market-data-store.ts';
import { hourRows, lineTypesOf, type HourRowEntry, type RowBuildOptions, type ServedRow } from './hour-rows.ts';
import type { RowKind } from '../../../../shared/rows/row-kinds.ts';

/** Where a page ended: the last row's replay clock (or candle time), stream key and in-hour sequence. Cursors carry it. */
export interface RowPosition {
  t: number;
  k: string;
  s: number;
}

/** A row query over one or more datasets. */
export interface RowQuery {
  kinds: readonly RowKind[];
  datasets: readonly { source: string; market: string }[];
  range: TimeRange;
  instrument: string | undefined;
  /** Extra per-row filter (intent_id, observation_id, interval). */
  accept?: (row: ServedRow) => boolean;
  limit: number;
  after: RowPosition | undefined;
  options: RowBuildOptions;
  /** Bounded query work: at most this many hour files opened for one page. */
  maxHourFiles?: number;
  /** Bounded storage reads: at most this many bytes of hour files for one page. */
  maxReadBytes?: number;
}

/** A page of rows with the kind of each (for `/events`). */
export interface RowPage {
  rows: { kind: RowKind; row: ServedRow }[];
  hasMore: boolean;
  last: RowPosition | null;
  hoursOpened: number;
}

/** Thrown when one page would open more hour files than its bound allows. */
export class QueryTooExpensive extends Error {
  override readonly name = 'QueryTooExpensive';
}

/**
 * Files are hourly, but a record may sit a little outside its hour (collector clock steps), and a
 * row may arrive after rows with later times: a stream is read this far past a range's end (by its
 * replay clock) before it is done, so a stepped-back row of the range is still served.
 */
export const hourSlackMs = 60_000;
const hourMs = 3_600_000;

interface Stream {
  kind: RowKind;
  key: string;
  entries: readonly HourRowEntry[];
  index: number;
}

function compare(t: number, k: string, s: number, position: RowPosition): number {
  return t - position.t || (k < position.k ? -1 : k > position.k ? 1 : 0) || s - position.s;
}

function lowerBound(entries: readonly HourRowEntry[], t: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((entries[mid]?.t ?? 0) < t) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * Pages through rows of one or more kinds across datasets in one global order: each stream (one
 * dataset's hour files) in its own arrival order, streams merged by replay clock, ties by file key
 * then line (`/ohlcv` candles by open time). A row is served when its own collector time (a
 * candle's open time on `/ohlcv`) lies in the range. Hours are opened lazily in clock order, so a
 * page touches only the hours it returns rows from (plus the slack). Resumes strictly after `after`.
 */
export async function pageRows(store: MarketDataStore, query: RowQuery): Promise<RowPage> {
  const from = Math.max(query.range.start, query.after?.t ?? Number.NEGATIVE_INFINITY);
  const refs: HourRef[] = [];
  // Candles of an hour are stamped with the hour's open times but published a little later;
  // other rows sit in their own hour's file, give or take the slack.
  const lookBack = query.kinds.includes('ohlcv') ? hourSlackMs + hourMs : hourSlackMs;
  for (const dataset of query.datasets) {
    refs.push(...(await store.hours(dataset.source, dataset.market, from - lookBack, query.range.end + hourSlackMs)));
  }
  refs.sort((a, b) => a.hourStart - b.hourStart || (a.key < b.key ? -1 : 1));
  store.prefetch?.(refs, query.range.end);
  const lineTypes = lineTypesOf(query.kinds);
  const streams: Stream[] = [];
  let nextRef = 0;
  let hoursOpened = 0;
  let bytesRead = 0;

  const open = async (ref: HourRef): Promise<void> => {
    hoursOpened++;
    if (query.maxHourFiles !== undefined && hoursOpened > query.maxHourFiles) {
      throw new QueryTooExpensive(`one page would read more than ${query.maxHourFiles} hour files`);
    }
    if (query.maxReadBytes !== undefined) {
      bytesRead += (await store.file(ref, query.range.end)).bytes;
      if (bytesRead > query.maxReadBytes) throw new QueryTooExpensive(`one page would read more than ${query.maxReadBytes} bytes of storage`);
    }
    // Later pages of a query read the live hour its first page read: nothing past the range's end is needed.
    const hour = await store.readHour(ref, lineTypes, query.range.end);
    const reading = { segments: await store.captureSegments(ref, query.range.end), kinds: query.kinds };
    for (const kind of query.kinds) {
      const entries = hourRows(hour, kind, query.options, reading);
      // Candles are numbered apart from records, so they get their own key within the hour.
      const key = kind === 'ohlcv' ? `${ref.key}#ohlcv` : ref.key;
      // A row's clock is at least its own time, except past its hour's end, where the clock stops:
      // rows from the range's start on have a clock from there, or the hour's last millisecond.
      const lowest = query.after?.t ?? (kind === 'ohlcv' ? query.range.start : Math.min(query.range.start, ref.hourStart + hourMs - 1));
      let index = lowerBound(entries, lowest);
      const after = query.after;
      while (after !== undefined && index < entries.length) {
        const entry = entries[index];
        if (entry === undefined || compare(entry.t, key, entry.seq, after) > 0) break;
        index++;
      }
      if (index < entries.length) streams.push({ kind, key, entries, index });
    }
  };
  const openUntil = async (t: number): Promise<boolean> => {
    let opened = false;
    for (let ref = refs[nextRef]; ref !== undefined && ref.hourStart - hourSlackMs <= t; ref = refs[nextRef]) {
      nextRef++;
      await open(ref);
      opened = true;
    }
    return opened;
  };

  const rows: RowPage['rows'] = [];
  let last: RowPosition | null = null;
  const { start, end } = query.range;
  const scanUntil = end + hourSlackMs;
  for (;;) {
    let best: Stream | undefined;
    let bestEntry: HourRowEntry | undefined;
    for (const stream of streams) {
      const entry = stream.entries[stream.index];
      if (entry === undefined || entry.t > scanUntil) continue;
      if (bestEntry === undefined || best === undefined || compare(entry.t, stream.key, entry.seq, { t: bestEntry.t, k: best.key, s: bestEntry.seq }) < 0) {
        best = stream;
        bestEntry = entry;
      }
    }
    if (best === undefined || bestEntry === undefined) {
      const ref = refs[nextRef];
      if (ref === undefined) return { rows, hasMore: false, last, hoursOpened };
      await openUntil(ref.hourStart - hourSlackMs);
      continue;
    }
    if (await openUntil(bestEntry.t)) continue;
    best.index++;
    if (bestEntry.at < start || bestEntry.at > end) continue;
    if (query.instrument !== undefined && bestEntry.instrument !== query.instrument) continue;
    const row = bestEntry.build();
    if (query.accept !== undefined && !query.accept(row)) continue;
    if (rows.length === query.limit) return { rows, hasMore: true, last, hoursOpened };
    rows.push({ kind: best.kind, row });
    last = { t: bestEntry.t, k: best.key, s: bestEntry.seq };
  }
}

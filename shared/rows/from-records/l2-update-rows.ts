import { l2SlotCount, l2Slots, type L2LevelFields, type L2Row } from '../l2-row.ts';
import { recordOfKeys } from '../../guards/record-of-keys.ts';
import type { FlatLevels, OrderbookRecord } from '../../snapshot/records.ts';
import { rowBase, type RowContext } from './row-context.ts';

/** Every level field null, slot by slot (bid price, bid size, ask price, ask size): a row's levels start as a copy. */
const emptyLevels: L2LevelFields = recordOfKeys(
  l2Slots.flatMap((slot) => [slot.bidPx, slot.bidSz, slot.askPx, slot.askSz]),
  () => null,
);

function sortedPairs(levels: FlatLevels, descending: boolean): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i + 1 < levels.length; i += 2) pairs.push([levels[i] ?? 0, levels[i + 1] ?? 0]);
  return pairs.sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0]));
}

/**
 * The `/l2-updates` row of one source event (spec 2.3): up to 25 levels per side, best first,
 * nulls in the slots the event says nothing about. A snapshot deeper than 25 levels keeps its
 * best 25; a delta's quantity 0 (a deletion) is kept as 0.
 */
export function l2UpdateRowOf(context: RowContext, record: OrderbookRecord): L2Row {
  const bids = sortedPairs(record.bids, true);
  const asks = sortedPairs(record.asks, false);
  // Object.assign, not a spread: a spread of the hundred level fields makes an object whose
  // stores and serialization run about ten times slower (a page of L2 rows is stringified whole).
  const row: L2Row = Object.assign({ ...rowBase(context, record), source_event_is_snapshot: record.isSnapshot }, emptyLevels);
  for (let slot = 0; slot < l2SlotCount; slot++) {
    const fields = l2Slots[slot];
    if (fields === undefined) continue;
    const bid = bids[slot];
    const ask = asks[slot];
    row[fields.bidPx] = bid?.[0] ?? null;
    row[fields.bidSz] = bid?.[1] ?? null;
    row[fields.askPx] = ask?.[0] ?? null;
    row[fields.askSz] = ask?.[1] ?? null;
  }
  return row;
}

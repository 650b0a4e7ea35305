import { describe, expect, it } from 'vitest';
import type { L2Row } from '../../../shared/rows/l2-row.ts';
import { l2UpdateRowOf } from '../../../shared/rows/from-records/l2-update-rows.ts';
import type { OrderbookRecord } from '../../../shared/snapshot/records.ts';
import { envelopeAt, envelopeFields, envelopeOf, exactnessContext, expectDistinctEventIds, expectFieldsExactly, withoutEventId } from './exactness-oracle.ts';

type Level = readonly [price: number, size: number];

const slotName = (side: 'bid' | 'ask', part: 'px' | 'sz', slot: number): string => `${side}_${part}_${String(slot).padStart(2, '0')}`;
const levelFields = (['bid', 'ask'] as const).flatMap((side) => (['px', 'sz'] as const).flatMap((part) => Array.from({ length: 25 }, (_, slot) => slotName(side, part, slot))));

function orderbook(line: number, offsetMs: number, isSnapshot: boolean, bids: readonly Level[], asks: readonly Level[]): OrderbookRecord {
  return { ...envelopeAt(line, offsetMs, { instrument: 'BTC-PERP' }), type: 'orderbook', isSnapshot, bids: Float64Array.from(bids.flat()), asks: Float64Array.from(asks.flat()) };
}

/** The 100 level fields from hand-sorted levels (best first): the given slots, null in every other. */
function levelsRow(bids: readonly Level[], asks: readonly Level[]): Record<string, number | null> {
  const row: Record<string, number | null> = {};
  for (let slot = 0; slot < 25; slot++) {
    row[slotName('bid', 'px', slot)] = bids[slot]?.[0] ?? null;
    row[slotName('bid', 'sz', slot)] = bids[slot]?.[1] ?? null;
    row[slotName('ask', 'px', slot)] = asks[slot]?.[0] ?? null;
    row[slotName('ask', 'sz', slot)] = asks[slot]?.[1] ?? null;
  }
  return row;
}

function expectRow(row: L2Row, record: OrderbookRecord, bestFirstBids: readonly Level[], bestFirstAsks: readonly Level[]): void {
  expectFieldsExactly(row, [...envelopeFields, 'source_event_is_snapshot', ...levelFields], `line ${record.line}`);
  expect(withoutEventId(row), `line ${record.line}`).toStrictEqual({ ...envelopeOf(record), source_event_is_snapshot: record.isSnapshot, ...levelsRow(bestFirstBids, bestFirstAsks) });
}

describe('L2 update rows are exact (spec 2.3)', () => {
  it('put each level of the event in its slot, best first, and null in the slots the event says nothing about', () => {
    // File order is not book order; a snapshot may hold a tiny size.
    const snapshot = orderbook(2, 100, true, [[100.5, 2], [101, 0.25], [99.75, 1e-7]], [[102, 3], [101.5, 0.5]]);
    // A sparse update of one level, after the snapshot: the snapshot's other levels are not carried into it.
    const deletion = orderbook(3, 200, false, [[100.5, 0]], []);
    const asksOnly = orderbook(4, 300, false, [], [[103, 1.5], [102.25, 4]]);
    const rows = [snapshot, deletion, asksOnly].map((record) => l2UpdateRowOf(exactnessContext, record));
    expectRow(rows[0] as L2Row, snapshot, [[101, 0.25], [100.5, 2], [99.75, 1e-7]], [[101.5, 0.5], [102, 3]]);
    // Quantity 0 is a deletion: it stays 0, it does not become null (and null never becomes 0).
    expectRow(rows[1] as L2Row, deletion, [[100.5, 0]], []);
    expectRow(rows[2] as L2Row, asksOnly, [], [[102.25, 4], [103, 1.5]]);
    expectDistinctEventIds(rows);
  });

  it('keep the best 25 levels per side of a deeper snapshot', () => {
    const bids: Level[] = Array.from({ length: 30 }, (_, i) => [1000 - i * 0.5, i + 1]);
    const asks: Level[] = Array.from({ length: 30 }, (_, i) => [1001 + i * 0.25, 30 - i]);
    const deep = orderbook(5, 400, true, [...bids].reverse(), [...asks].reverse());
    expectRow(l2UpdateRowOf(exactnessContext, deep), deep, bids.slice(0, 25), asks.slice(0, 25));
  });
});

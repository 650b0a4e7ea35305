import type { TypedRowBase } from './common.ts';

/**
 * The flat L2 order-book row of spec 2.3 (with the 2.1 envelope every typed row carries), as
 * served by `/l2-updates`, `/historical/orderbook-l2` and `/l2-orderbooks`.
 */

/** Number of level slots per side in a flat L2 row (spec 2.3: 00 to 24). */
export const l2SlotCount = 25;

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';

/** A two-digit slot number, `00` to `24`. */
export type L2Slot = `0${Digit}` | `1${Digit}` | `2${'0' | '1' | '2' | '3' | '4'}`;

/** The name of one of the 100 level fields (`bid_px_00` … `ask_sz_24`). */
export type L2LevelField = `${'bid' | 'ask'}_${'px' | 'sz'}_${L2Slot}`;

/** The 100 level fields of a flat L2 row; null means the row gives no information there. */
export type L2LevelFields = Record<L2LevelField, number | null>;

/** Fields present in every typed row (spec 2.1); the same shape every row kind starts with. */
export type TypedRowEnvelope = TypedRowBase;

/** The level part of an L2 row: the snapshot flag and the 100 level fields. */
export type L2BookFields = { source_event_is_snapshot: boolean } & L2LevelFields;

/** One flat L2 order-book row (spec 2.3). */
export type L2Row = TypedRowEnvelope & L2BookFields;

/** One page of L2 rows (spec 2.10). */
export interface L2RowPage {
  items: readonly L2Row[];
  has_more: boolean;
  next_cursor: string | null;
}

/** The four field names of one slot. */
export interface L2SlotFields {
  bidPx: L2LevelField;
  bidSz: L2LevelField;
  askPx: L2LevelField;
  askSz: L2LevelField;
}

/** The slot numbers, best first (`l2SlotCount` of them). */
const slotNumbers: readonly L2Slot[] = [
  '00', '01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12',
  '13', '14', '15', '16', '17', '18', '19', '20', '21', '22', '23', '24',
];

/** Field names by slot, best first: `l2Slots[3].bidPx` is `bid_px_03`. */
export const l2Slots: readonly L2SlotFields[] = slotNumbers.map((slot) => ({ bidPx: `bid_px_${slot}`, bidSz: `bid_sz_${slot}`, askPx: `ask_px_${slot}`, askSz: `ask_sz_${slot}` }));

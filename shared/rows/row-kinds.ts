import { isOneOf } from '../guards/one-of.ts';

/** The seven row kinds of the typed endpoints and of `/events` (spec part 6 `types` values). */
export const rowKinds = ['trade', 'l2_update', 'funding_rate', 'intent', 'quote', 'option_ticker', 'ohlcv'] as const;

/** One row kind. */
export type RowKind = (typeof rowKinds)[number];

/** Whether a string names a row kind. */
export function isRowKind(value: string): value is RowKind {
  return isOneOf(rowKinds, value);
}

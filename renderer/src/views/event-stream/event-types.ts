import type { EventItem } from '../../../../shared/rows/event-item.ts';
import { rowKinds, type RowKind } from '../../../../shared/rows/row-kinds.ts';
import { recordOfKeys } from '../../../../shared/guards/record-of-keys.ts';

/** How each event type is named on its filter chip. */
export const eventTypeLabels: Record<RowKind, string> = {
  trade: 'Trades',
  l2_update: 'L2 updates',
  funding_rate: 'Funding',
  intent: 'Intents',
  quote: 'Quotes',
  option_ticker: 'Option tickers',
  ohlcv: 'Candles',
};

/** Events per type. */
export function countByType(items: readonly EventItem[]): Record<RowKind, number> {
  const counts = recordOfKeys(rowKinds, () => 0);
  for (const item of items) counts[item.type]++;
  return counts;
}

/** The `types` to send for a selection: undefined when all seven are on (the service's default), else the chosen ones in the spec's order. */
export function typesParam(selected: ReadonlySet<RowKind>): RowKind[] | undefined {
  const chosen = rowKinds.filter((kind) => selected.has(kind));
  return chosen.length === rowKinds.length ? undefined : chosen;
}

/** The selection with one type switched on or off. */
export function toggleType(selected: ReadonlySet<RowKind>, kind: RowKind): ReadonlySet<RowKind> {
  const next = new Set(selected);
  if (next.has(kind)) next.delete(kind);
  else next.add(kind);
  return next;
}

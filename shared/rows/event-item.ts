import type { L2Row } from './l2-row.ts';
import { hasFields } from '../guards/object-fields.ts';
import type { CandleRow } from './candle-row.ts';
import type { FundingRow } from './funding-row.ts';
import type { IntentRow } from './intent-row.ts';
import type { OptionTickerRow } from './option-ticker-row.ts';
import type { QuoteRow } from './quote-row.ts';
import type { RowProblem } from './row-problem.ts';
import { isCandleRow, isFundingRow, isIntentRow, isL2Row, isOptionTickerRow, isQuoteRow, isTradeRow } from './row-guards.ts';
import type { RowKind } from './row-kinds.ts';
import type { TradeRow } from './trade-row.ts';
import type { RowGuard } from './field-rules.ts';

/** The flat row each `/events` type carries in `data` (spec 2.9). */
export interface EventRowByKind {
  trade: TradeRow;
  l2_update: L2Row;
  funding_rate: FundingRow;
  intent: IntentRow;
  quote: QuoteRow;
  option_ticker: OptionTickerRow;
  ohlcv: CandleRow;
}

/** One item of the mixed `/events` stream: its type and the typed row of that kind. */
export type EventItem = { [Kind in RowKind]: { type: Kind; data: EventRowByKind[Kind] } }[RowKind];

/** The guard of each row kind, as the typed endpoints check it. */
export const rowGuardsByKind: { [Kind in RowKind]: RowGuard<EventRowByKind[Kind]> } = {
  trade: isTradeRow,
  l2_update: isL2Row,
  funding_rate: isFundingRow,
  intent: isIntentRow,
  quote: isQuoteRow,
  option_ticker: isOptionTickerRow,
  ohlcv: isCandleRow,
};

/** Whether a type names a row kind that has a guard. */
function isGuardedKind(type: string): type is RowKind {
  return Object.hasOwn(rowGuardsByKind, type);
}

/** Guards an `/events` item: a known `type` and a `data` row of exactly that kind. */
export const isEventItem: RowGuard<EventItem> = (value: unknown): RowProblem | null => {
  if (!hasFields(value)) return { field: '(row)', expected: 'a JSON object' };
  const type = value['type'];
  if (typeof type !== 'string' || !isGuardedKind(type)) return { field: 'type', expected: 'one of the seven row kinds' };
  const problem = rowGuardsByKind[type](value['data']);
  return problem === null ? null : { field: `data.${problem.field}`, expected: problem.expected };
};

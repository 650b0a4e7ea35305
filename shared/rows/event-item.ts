import type { L2Row } from './l2-row.ts';
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

/** Guards an `/events` item: a known `type` and a `data` row of exactly that kind. */
export const isEventItem: RowGuard<EventItem> = (value: unknown): RowProblem | null => {
  if (typeof value !== 'object' || value === null) return { field: '(row)', expected: 'a JSON object' };
  const { type, data } = value as { type?: unknown; data?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(rowGuardsByKind, type)) return { field: 'type', expected: 'one of the seven row kinds' };
  const problem = rowGuardsByKind[type as RowKind](data);
  return problem === null ? null : { field: `data.${problem.field}`, expected: problem.expected };
};

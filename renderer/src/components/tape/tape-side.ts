import { tradeSideCode } from '../../../../shared/contract/market-schemas.ts';
import { notPublished } from '../../format/market-values.ts';

/** How the tape shows a trade's side: its label and the class that colours it. */
export interface TapeSide {
  label: string;
  className: 'side-buy' | 'side-sell' | 'side-unknown';
}

/**
 * The tape's rendering of a side code (`TradeColumns.side`): buy and sell, coloured bid and ask;
 * anything else is a trade the venue sent without a side, shown as "—" and never as a buy.
 */
export function tapeSide(code: number): TapeSide {
  if (code === tradeSideCode.buy) return { label: 'buy', className: 'side-buy' };
  if (code === tradeSideCode.sell) return { label: 'sell', className: 'side-sell' };
  return { label: notPublished, className: 'side-unknown' };
}

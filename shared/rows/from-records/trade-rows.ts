import type { TradeRecord } from '../../snapshot/records.ts';
import type { TradeRow } from '../trade-row.ts';
import { rowBase, type RowContext } from './row-context.ts';

/** The spec 2.2 trade row of a trade record. */
export function tradeRowOf(context: RowContext, record: TradeRecord): TradeRow {
  return {
    ...rowBase(context, record),
    price: record.price,
    quantity: record.quantity,
    side: record.side,
    order_id: record.orderId,
    maker: record.maker,
    taker: record.taker,
    liquidation: record.liquidation,
  };
}

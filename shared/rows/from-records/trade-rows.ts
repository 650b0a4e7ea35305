import type { TradeRecord } from '../../snapshot/records.ts';
import type { TradeRow } from '../trade-row.ts';
import { rowBase, type RowContext } from './row-context.ts';

/** The trade fields of spec 2.2 in their wire names, as both `mde decode` and the trade row carry them. */
export type TradeFields = Pick<TradeRow, 'price' | 'quantity' | 'side' | 'order_id' | 'maker' | 'taker' | 'liquidation'>;

/** A trade record's fields under their wire names. */
export function tradeFieldsOf(record: TradeRecord): TradeFields {
  return {
    price: record.price,
    quantity: record.quantity,
    side: record.side,
    order_id: record.orderId,
    maker: record.maker,
    taker: record.taker,
    liquidation: record.liquidation,
  };
}

/** The spec 2.2 trade row of a trade record. */
export function tradeRowOf(context: RowContext, record: TradeRecord): TradeRow {
  return { ...rowBase(context, record), ...tradeFieldsOf(record) };
}

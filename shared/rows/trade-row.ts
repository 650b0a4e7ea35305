import type { TypedRowBase } from './common.ts';

/** A trade row (spec 2.2). */
export interface TradeRow extends TypedRowBase {
  price: number;
  quantity: number;
  side: 'buy' | 'sell' | null;
  order_id: string | null;
  maker: string | null;
  taker: string | null;
  liquidation: boolean | null;
}

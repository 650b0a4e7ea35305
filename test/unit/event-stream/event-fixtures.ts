import { l2Slots, type L2LevelFields, type L2Row } from '../../../shared/rows/l2-row.ts';
import type { EventItem } from '../../../shared/rows/event-item.ts';

/** 2026-11-22 19:04:08.742 UTC. */
export const at = Date.UTC(2026, 10, 22, 19, 4, 8, 742);

const envelope = { event_id: 'e1', source: 'binance', market: 'BTC-USDT', instrument: null, collector_timestamp: at, exchange_timestamp: null, source_capture_id: 'cap', schema_version: 2 };

/** A trade; `side` as given. */
export function trade(side: 'buy' | 'sell' | null, liquidation: boolean | null = null): EventItem {
  return { type: 'trade', data: { ...envelope, price: 99440.7, quantity: 0.00382, side, order_id: null, maker: null, taker: null, liquidation } };
}

/** An L2 row with the given levels (slot → [price, size]) per side, every other slot null. */
export function l2Row(snapshot: boolean, bids: readonly (readonly [number, number])[], asks: readonly (readonly [number, number])[]): L2Row {
  const levels: Record<string, number | null> = {};
  l2Slots.forEach((slot, index) => {
    levels[slot.bidPx] = bids[index]?.[0] ?? null;
    levels[slot.bidSz] = bids[index]?.[1] ?? null;
    levels[slot.askPx] = asks[index]?.[0] ?? null;
    levels[slot.askSz] = asks[index]?.[1] ?? null;
  });
  return { ...envelope, source_event_is_snapshot: snapshot, ...(levels as L2LevelFields) };
}

/** The `/events` item of an L2 row. */
export function l2(snapshot: boolean, bids: readonly (readonly [number, number])[], asks: readonly (readonly [number, number])[]): EventItem {
  return { type: 'l2_update', data: l2Row(snapshot, bids, asks) };
}

/** A quote point of 0.1 WETH (18 decimals) for 262.516 USDC (6 decimals). */
export const quote: EventItem = {
  type: 'quote',
  data: {
    amount_kind: 'exact_input', block_hash: '0xb', event_id: 'q1', input_amount: '100000000000000000', input_asset_id: 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2',
    input_chain_id: 'eip155:1', instrument: '0xc02a/0xa0b8', market: 'ethereum', observation_id: 'o1', output_amount: '262516000',
    output_asset_id: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', output_chain_id: 'eip155:1', router: '0xr', source: 'fermiswap',
    source_capture_id: 'cap', transaction_hash: '0xt', block_number: 21_000_000, collector_timestamp: at, input_decimals: 18, output_decimals: 6,
    schema_version: 2, transaction_index: 3, exchange_timestamp: null, oracle: null, pool: null,
  },
};

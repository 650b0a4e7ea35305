import { describe, expect, it } from 'vitest';
import { defaultDemoSeed } from '../../../electron/server/demo-seed.ts';
import { generateHourText } from '../../../electron/server/simulator/generate-hour.ts';
import { dataset } from './simulated-rows.ts';

// F14 point 7 shows intent amounts as tokens and an implied price; the demo's intents must then
// read as real swaps: WETH against USDC (on Ethereum or Arbitrum), each at a price close to the
// others of its hour. Read with JSON.parse only; prices worked out with plain division here.

const decimals: Record<string, number> = {
  'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2': 18,
  'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 6,
  'eip155:42161/erc20:0xaf88d065e77c8cc2239327c5edb3a432268e5831': 6,
};
const weth = 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2';

describe.each([defaultDemoSeed, 3])('the demo intents (seed %i)', (seed) => {
  it('swap WETH against USDC, every one at a USDC-per-WETH price within 2 % of the hour’s median', () => {
    const prices: number[] = [];
    for (const line of generateHourText(seed, dataset('uniswapx', 'intents'), Date.UTC(2026, 10, 27, 6)).split('\n')) {
      if (line === '') continue;
      const row = JSON.parse(line) as { type: string; data: { status?: string; inputs?: { asset_id: string; amount: string }[]; outputs?: { asset_id: string; amount: string }[] } };
      if (row.type !== 'intent' || row.data.status !== undefined) continue;
      const input = row.data.inputs?.[0];
      const output = row.data.outputs?.[0];
      if (input === undefined || output === undefined) continue;
      expect([input.asset_id === weth, output.asset_id === weth].filter(Boolean)).toHaveLength(1);
      const whole = (side: { asset_id: string; amount: string }): number => Number(side.amount) / 10 ** (decimals[side.asset_id] ?? NaN);
      prices.push(input.asset_id === weth ? whole(output) / whole(input) : whole(input) / whole(output));
    }
    expect(prices.length).toBeGreaterThan(100);
    const median = [...prices].sort((a, b) => a - b)[Math.floor(prices.length / 2)] ?? 0;
    for (const price of prices) expect(Math.abs(price / median - 1)).toBeLessThan(0.02);
  });
});

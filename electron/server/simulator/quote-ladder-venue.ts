import { HourPricePath } from './asset-path.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { runStreams } from './event-clock.ts';
import type { CollectorClock } from './collector-clock.ts';
import { V2LineWriter, type TextSink } from './line-writers.ts';
import type { Prng } from './prng.ts';
import { hourMs } from '../../../shared/time/time-units.ts';

const tokens = {
  weth: { address: '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', decimals: 18 },
  usdc: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', decimals: 6 },
};
/** Ladder sizes in whole tokens; 1,000 WETH is 10^21 wei, well above 2^64. */
const wethLadder = [0.1, 1, 10, 100, 1000, 5000];
const usdcLadder = [100, 1000, 10_000, 100_000, 1_000_000, 10_000_000];

/** Places kept of a simulated amount: enough that the smallest rung's price is exact to ~1e-7. */
const simulatedPlaces = 9;

/** A token amount in its smallest units, rounded to `min(decimals, 9)` places (a float carries no more). */
function toUnits(amount: number, decimals: number): bigint {
  const places = Math.min(decimals, simulatedPlaces);
  return BigInt(Math.round(amount * 10 ** places)) * 10n ** BigInt(decimals - places);
}

/**
 * A simulated block's hash: 32 bytes of hex as a chain writes it, the source's first four letters
 * (as hex) then the block number, so each source's chain is its own and block n's parent is n − 1's.
 */
export function blockHashOf(number: number, source: string): string {
  const tag = Array.from({ length: Math.min(4, source.length) }, (_, i) => (source.charCodeAt(i) & 0xff).toString(16).padStart(2, '0')).join('');
  return `0x${tag.padEnd(8, '0')}${number.toString(16).padStart(56, '0')}`;
}

/**
 * One hour of a DEX quote-ladder source (PropAMM style): a `quote_ladder` record per block and
 * direction, exact 256-bit amounts as decimal strings (18- and 6-decimal tokens), and heartbeat
 * and telemetry records that stay raw. Data rows carry no `market` (it is in the header).
 */
export function generateQuoteLadderHour(prng: Prng, seed: number, dataset: SimulatedDataset, hourStart: number, until: number, clock: CollectorClock, body: TextSink): string {
  const path = new HourPricePath(seed, dataset.asset, hourStart);
  const writer = new V2LineWriter(prng, clock, dataset.source, dataset.market, body, true);
  const end = Math.min(until, hourStart + hourMs);
  const firstBlock = 21_000_000 + Math.floor((hourStart - Date.UTC(2024, 10, 1)) / 12_000);
  const router = dataset.usesPool === true ? '0x1111111254eeb25477b68fb85ed929f73a960582' : '0x0000000000000000000000000000000000f3e7';
  const block = (time: number): void => {
    const number = firstBlock + Math.floor((time - hourStart) / 12_000);
    const blockHash = blockHashOf(number, dataset.source);
    const price = path.priceAt(time);
    for (const [index, sell] of [true, false].entries()) {
      const tokenIn = sell ? tokens.weth : tokens.usdc;
      const tokenOut = sell ? tokens.usdc : tokens.weth;
      const ladder = sell ? wethLadder : usdcLadder;
      const txHash = `0x${(number * 4 + index).toString(16)}${prng.int(0x1000, 0xffff).toString(16)}`;
      const quotes = ladder.map((size) => {
        const impact = 1 - 0.0005 - 0.00002 * Math.sqrt(sell ? size : size / price) * (dataset.usesPool === true ? 1.5 : 1);
        const amountIn = toUnits(size, tokenIn.decimals);
        const out = sell ? size * price * impact : (size / price) * impact;
        return { amount_in: amountIn.toString(), amount_out: toUnits(Math.max(out, 0), tokenOut.decimals).toString() };
      });
      const values: Record<string, unknown> = {
        event_id: `${blockHash}:${txHash}:${dataset.source}${dataset.usesPool === true ? ':0xpool88e6' : ''}:${tokenIn.address}:${tokenOut.address}`,
        chain_id: 1,
        block_number: number,
        block_hash: blockHash,
        parent_hash: blockHashOf(number - 1, dataset.source),
        transaction_hash: txHash,
        transaction_index: prng.int(0, 180),
        router,
        oracle: dataset.usesPool === true ? '0x5f4ec3df9cbd43714fe2740f5e3616155c5b8419' : null,
        ...(dataset.usesPool === true ? { pool: '0x88e6a0c2ddd26feeb64f039a2c41296fcb3f5640' } : {}),
        token_in: tokenIn.address,
        token_out: tokenOut.address,
        token_in_decimals: tokenIn.decimals,
        token_out_decimals: tokenOut.decimals,
        quotes,
      };
      writer.row(time + index, 'record', JSON.stringify({ series: 'quote_ladder', values }), { exchangeTimestamp: time - prng.int(200, 900) });
    }
  };
  runStreams(
    prng,
    [
      { next: hourStart + prng.int(0, 11_999), meanGapMs: 0, fixedGapMs: 12_000, fire: block },
      { next: hourStart + 5000, meanGapMs: 0, fixedGapMs: 30_000, fire: (time) => writer.row(time, 'record', `{"series":"heartbeat","values":{"status":"ok","lag_ms":${prng.int(40, 900)}}}`, { exchangeTimestamp: null }) },
      { next: hourStart + 20_000, meanGapMs: 0, fixedGapMs: 60_000, fire: (time) => writer.row(time, 'record', `{"series":"telemetry","values":{"rpc_latency_ms":${prng.int(20, 300)},"quotes_per_block":12}}`, { exchangeTimestamp: null }) },
    ],
    end,
  );
  return writer.finish(hourStart);
}

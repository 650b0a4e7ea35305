import { HourPricePath } from './asset-path.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { runStreams } from './event-clock.ts';
import type { CollectorClock } from './collector-clock.ts';
import { V2LineWriter, type TextSink } from './line-writers.ts';
import type { Prng } from './prng.ts';
import { hourMs } from '../../../shared/time/time-units.ts';

const usdc = { id: 'eip155:1/erc20:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', chain: 'eip155:1', symbol: 'USDC', decimals: 6 };
const weth = { id: 'eip155:1/erc20:0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2', chain: 'eip155:1', symbol: 'WETH', decimals: 18 };
const arbUsdc = { id: 'eip155:42161/erc20:0xaf88d065e77c8cc2239327c5edb3a432268e5831', chain: 'eip155:42161', symbol: 'USDC', decimals: 6 };

function units(amount: number, decimals: number): string {
  return ((BigInt(Math.round(amount * 1e6)) * 10n ** BigInt(decimals)) / 1_000_000n).toString();
}

/**
 * One hour of an intents venue: lifecycles of rfq, then submitted, then settled, expired or
 * failed, correlated by `rfq_id` and `intent_id`, with repeat polls and a few multi-asset orders.
 */
export function generateIntentsHour(prng: Prng, seed: number, dataset: SimulatedDataset, hourStart: number, until: number, clock: CollectorClock, body: TextSink): string {
  const path = new HourPricePath(seed, dataset.asset, hourStart);
  const writer = new V2LineWriter(prng, clock, dataset.source, dataset.market, body);
  const end = Math.min(until, hourStart + hourMs);
  const pending: { time: number; line: () => void }[] = [];
  let serial = 0;
  const schedule = (time: number, line: () => void): void => {
    if (time < end) pending.push({ time, line });
  };
  const flush = (now: number): void => {
    pending.sort((a, b) => a.time - b.time);
    while (pending.length > 0 && (pending[0]?.time ?? Infinity) <= now) pending.shift()?.line();
  };
  const lifecycle = (time: number): void => {
    flush(time);
    serial++;
    const id = `${hourStart / 1000}-${serial}`;
    const rfqId = `rfq-${id}`;
    const intentId = `0x${(seed + serial).toString(16).padStart(6, '0')}${id.replace('-', '')}`;
    const sell = prng.chance(0.5);
    const ethAmount = Math.max(0.01, prng.exponential(2));
    const price = path.priceAt(time);
    const input = sell ? weth : usdc;
    // A sale of WETH is paid in USDC, one in five times on Arbitrum; a purchase is paid in WETH (never "USDC for USDC").
    const crossChain = prng.chance(0.2);
    const output = sell ? (crossChain ? arbUsdc : usdc) : weth;
    const inputAmount = sell ? units(ethAmount, 18) : units(ethAmount * price, 6);
    const fair = sell ? ethAmount * price : ethAmount;
    const outputAmount = output.decimals === 6 ? units(fair * 0.995, 6) : units(fair * 0.995, 18);
    const quoted = output.decimals === 6 ? units(fair * 0.998, 6) : units(fair * 0.998, 18);
    const multiAsset = prng.chance(0.05);
    const inputs = [{ asset_id: input.id, chain_id: input.chain, amount: inputAmount, token_symbol: input.symbol }];
    if (multiAsset) inputs.push({ asset_id: usdc.id, chain_id: usdc.chain, amount: units(prng.int(10, 500), 6), token_symbol: 'USDC' });
    const outputs = [{ asset_id: output.id, chain_id: output.chain, amount: outputAmount, recipient: '0x5a1e' + id.replace('-', '') }];
    writer.row(time, 'intent', JSON.stringify({
      rfq_id: rfqId,
      requester: `0xreq${serial.toString(16)}`,
      inputs,
      outputs,
      amount_kind: 'exact_input',
      quote: { quote_id: `quote-${id}`, response: [{ asset_id: output.id, amount: quoted }], solver: prng.pick(['solver-a', 'solver-b', 'solver-c']) },
      transactions: [],
      venue_context: 'rfq',
    }), { exchangeTimestamp: null, raw: `{"requestId":"${rfqId}","chainId":1}` });
    const submittedAt = time + prng.int(800, 4000);
    const expiresAt = Math.floor(submittedAt / 1000) + 120;
    const submitted = (): boolean =>
      writer.row(submittedAt, 'intent', JSON.stringify({
        rfq_id: rfqId,
        intent_id: intentId,
        inputs,
        outputs,
        amount_kind: 'exact_input',
        expires_at: expiresAt,
        status: 'submitted',
        transactions: [],
      }), { exchangeTimestamp: null, exchangeSequence: intentId });
    schedule(submittedAt, submitted);
    if (prng.chance(0.3)) {
      const polledAt = submittedAt + prng.int(2000, 6000);
      schedule(polledAt, () =>
        writer.row(polledAt, 'intent', JSON.stringify({ intent_id: intentId, inputs, outputs, status: 'submitted', transactions: [] }), {
          exchangeTimestamp: null,
          exchangeSequence: intentId,
        }),
      );
    }
    const outcome = prng.next();
    const finalAt = submittedAt + prng.int(5000, 40_000);
    const status = outcome < 0.75 ? 'settled' : outcome < 0.9 ? 'expired' : 'failed';
    schedule(finalAt, () =>
      writer.row(finalAt, 'intent', JSON.stringify({
        intent_id: intentId,
        inputs: [],
        outputs: [],
        status,
        transactions: status === 'settled' ? [{ chain_id: output.chain, transaction_hash: `0x${intentId.slice(2)}ab`, block_number: String(21_000_000 + Math.floor(finalAt / 12_000) % 1_000_000) }] : [],
        ...(status === 'settled' ? { settled_at: finalAt - prng.int(100, 900) } : {}),
      }), { exchangeTimestamp: null, exchangeSequence: intentId }),
    );
  };
  runStreams(prng, [{ next: hourStart + prng.int(100, 5000), meanGapMs: 9000, fire: lifecycle }], end);
  flush(end - 1);
  return writer.finish(hourStart);
}

import type { QuoteRow } from '../rows/quote-row.ts';

/** One quote observation: the points sampled together (one `observation_id`), with what they share. */
export interface QuoteObservation {
  observationId: string;
  /** Collector time of its first point. */
  collectorTime: number;
  exchangeTime: number | null;
  source: string;
  market: string;
  instrument: string;
  amountKind: string;
  inputAssetId: string;
  inputChainId: string;
  inputDecimals: number;
  outputAssetId: string;
  outputChainId: string;
  outputDecimals: number;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  router: string;
  pool: string | null;
  oracle: string | null;
  /** The points as they arrived; `ladderOf` orders them by size. */
  points: QuoteRow[];
}

/**
 * Groups quote points by `observation_id` into observations, in the order their first point
 * arrived (collector time: the service orders by it). What the points share (block, transaction,
 * router, pool, oracle, pair, decimals) is read from the first point.
 */
export function groupQuoteObservations(rows: readonly QuoteRow[]): QuoteObservation[] {
  const byId = new Map<string, QuoteObservation>();
  for (const row of rows) {
    const known = byId.get(row.observation_id);
    if (known !== undefined) {
      known.points.push(row);
      continue;
    }
    byId.set(row.observation_id, {
      observationId: row.observation_id,
      collectorTime: row.collector_timestamp,
      exchangeTime: row.exchange_timestamp ?? null,
      source: row.source,
      market: row.market,
      instrument: row.instrument,
      amountKind: row.amount_kind,
      inputAssetId: row.input_asset_id,
      inputChainId: row.input_chain_id,
      inputDecimals: row.input_decimals,
      outputAssetId: row.output_asset_id,
      outputChainId: row.output_chain_id,
      outputDecimals: row.output_decimals,
      blockNumber: row.block_number,
      blockHash: row.block_hash,
      transactionHash: row.transaction_hash,
      transactionIndex: row.transaction_index,
      router: row.router,
      pool: row.pool ?? null,
      oracle: row.oracle ?? null,
      points: [row],
    });
  }
  return [...byId.values()];
}

/** What makes two observations' ladders comparable: the same direction (assets in and out) and amount kind. */
export function pairKeyOf(observation: Pick<QuoteObservation, 'amountKind' | 'inputAssetId' | 'outputAssetId'>): string {
  return `${observation.amountKind}|${observation.inputAssetId}|${observation.outputAssetId}`;
}

/**
 * The observations that are whole. When the row cap cut the load short, the last observation to
 * arrive may be missing points (a ladder of 6 cut after 2), so it is left out rather than shown as
 * a short ladder; otherwise all are whole.
 */
export function wholeObservations(observations: readonly QuoteObservation[], truncated: boolean): QuoteObservation[] {
  return truncated ? observations.slice(0, -1) : [...observations];
}

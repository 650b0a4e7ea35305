import type { IntentRow } from '../rows/intent-row.ts';
import { correlateObservations } from './correlate-observations.ts';
import { collapseRepeatPolls, type IntentStep } from './intent-steps.ts';
import { isSettledStatus } from './intent-status.ts';
import { intentEpochMs } from './intent-times.ts';

/** One side of an intent: an asset on a chain and an amount, exact strings as observed. */
export interface IntentSide {
  assetId: string | null;
  chainId: string | null;
  /** Integer amount in the asset's smallest units as the venue wrote it; null when not supplied. */
  amount: string | null;
}

/** Observations of one intent, from RFQ to its end, correlated by `rfq_id` and `intent_id`. */
export interface IntentLifecycle {
  /** Stable id for links and focus: `rfq:<id>` or `intent:<id>` of the first observation naming one, else `event:<event_id>`. */
  id: string;
  /** Every id the lifecycle answers to (`rfq:…`, `intent:…`), first-seen order. */
  keys: string[];
  rfqIds: string[];
  intentIds: string[];
  /** Observations in collector-time order (ties keep arrival order). */
  observations: IntentRow[];
  /** The observations with repeat polls collapsed. */
  steps: IntentStep[];
  /** The statuses the lifecycle went through, consecutive repeats removed (null = a row without status, such as the RFQ). */
  statusPath: (string | null)[];
  /** The latest status observed (the last non-null one); null when no observation had one. */
  currentStatus: string | null;
  firstSeen: number;
  lastSeen: number;
  /** When it settled, Unix ms: the first `settled_at`, else the collector time of the first settled/filled observation; null if never. */
  settledAt: number | null;
  /**
   * Time from submit to settle, ms: from the first observation's collector time to `settledAt`.
   * Null when it never settled, or when the settle precedes the first observation (the submit
   * was not observed in the range).
   */
  submitToSettleMs: number | null;
  /** The latest `expires_at` observed, Unix ms. */
  expiresAt: number | null;
  amountKind: string | null;
  /** The input and output named by the first observation that names that side's asset. */
  input: IntentSide;
  output: IntentSide;
  /** The quote named by the first observation that has a quote id or quoted amount. */
  quote: { quoteId: string | null; inputAmount: string | null; outputAmount: string | null };
}

function distinct(values: readonly (string | null | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => value !== null && value !== undefined && value !== ''))];
}

function sideOf(observations: readonly IntentRow[], side: 'input' | 'output'): IntentSide {
  const row = observations.find((observation) => (observation[`${side}_asset_id`] ?? null) !== null);
  if (row === undefined) return { assetId: null, chainId: null, amount: null };
  return { assetId: row[`${side}_asset_id`] ?? null, chainId: row[`${side}_chain_id`] ?? null, amount: row[`${side}_amount`] ?? null };
}

function settledAtOf(observations: readonly IntentRow[]): number | null {
  for (const observation of observations) {
    const settled = intentEpochMs(observation.settled_at);
    if (settled !== null) return settled;
  }
  const settledRow = observations.find((observation) => isSettledStatus(observation.status ?? null));
  return settledRow === undefined ? null : settledRow.collector_timestamp;
}

function lifecycleOf(observations: IntentRow[]): IntentLifecycle {
  const rfqIds = distinct(observations.map((row) => row.rfq_id));
  const intentIds = distinct(observations.map((row) => row.intent_id));
  const keys: string[] = [];
  for (const row of observations) {
    for (const key of [row.rfq_id ? `rfq:${row.rfq_id}` : null, row.intent_id ? `intent:${row.intent_id}` : null]) {
      if (key !== null && !keys.includes(key)) keys.push(key);
    }
  }
  const first = observations[0];
  const last = observations.at(-1);
  if (first === undefined || last === undefined) throw new Error('A lifecycle has at least one observation');
  const steps = collapseRepeatPolls(observations);
  const statusPath: (string | null)[] = [];
  for (const step of steps) if (statusPath.length === 0 || statusPath.at(-1) !== step.status) statusPath.push(step.status);
  const statuses = observations.map((row) => row.status ?? null).filter((status): status is string => status !== null);
  const settledAt = settledAtOf(observations);
  const expiries = observations.map((row) => intentEpochMs(row.expires_at)).filter((value): value is number => value !== null);
  const quoteRow = observations.find((row) => (row.quote_id ?? row.quoted_output_amount ?? row.quoted_input_amount ?? null) !== null);
  return {
    id: keys[0] ?? `event:${first.event_id}`,
    keys,
    rfqIds,
    intentIds,
    observations,
    steps,
    statusPath,
    currentStatus: statuses.at(-1) ?? null,
    firstSeen: first.collector_timestamp,
    lastSeen: last.collector_timestamp,
    settledAt,
    submitToSettleMs: settledAt === null || settledAt < first.collector_timestamp ? null : settledAt - first.collector_timestamp,
    expiresAt: expiries.at(-1) ?? null,
    amountKind: observations.find((row) => (row.amount_kind ?? null) !== null)?.amount_kind ?? null,
    input: sideOf(observations, 'input'),
    output: sideOf(observations, 'output'),
    quote: {
      quoteId: quoteRow?.quote_id ?? null,
      inputAmount: quoteRow?.quoted_input_amount ?? null,
      outputAmount: quoteRow?.quoted_output_amount ?? null,
    },
  };
}

/**
 * Intent observations grouped into lifecycles: rows sharing an `rfq_id` or an `intent_id`
 * (transitively) are one lifecycle; a row with neither stands alone. Observations are ordered by
 * collector time within a lifecycle; lifecycles come newest first (by first seen, then id).
 */
export function groupIntentLifecycles(rows: readonly IntentRow[]): IntentLifecycle[] {
  const lifecycles = correlateObservations(rows).map((indices) =>
    lifecycleOf(
      indices
        .map((index, order) => ({ row: rows[index], order }))
        .filter((entry): entry is { row: IntentRow; order: number } => entry.row !== undefined)
        .sort((a, b) => a.row.collector_timestamp - b.row.collector_timestamp || a.order - b.order)
        .map((entry) => entry.row),
    ),
  );
  return lifecycles.sort((a, b) => b.firstSeen - a.firstSeen || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The lifecycle a focus id names: by its id, or by any of its keys (a link made when an earlier row was outside the range). */
export function findLifecycle(lifecycles: readonly IntentLifecycle[], focus: string | undefined): IntentLifecycle | undefined {
  if (focus === undefined) return undefined;
  return lifecycles.find((lifecycle) => lifecycle.id === focus) ?? lifecycles.find((lifecycle) => lifecycle.keys.includes(focus));
}

import type { IntentLifecycle, IntentSide } from '../../../../shared/intents/intent-lifecycles.ts';
import { unitsOf } from '../../../../shared/quotes/quote-ladder.ts';
import { roundedUnits } from '../../../../shared/quotes/token-amounts.ts';
import type { IntentStep } from '../../../../shared/intents/intent-steps.ts';
import { intentEpochMs } from '../../../../shared/intents/intent-times.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { groupDigits, shortHex } from '../../format/chain-values.ts';
import { formatDuration, formatRowTime } from '../../format/row-times.ts';
import { SideCells } from './SideCells.tsx';
import { StatusChip } from './StatusChip.tsx';
import { tokenOf } from '../../components/TokenAmount.tsx';
import { statuslessLabel } from './step-label.ts';

/** Props of a lifecycle's timeline. */
export interface LifecycleTimelineProps {
  lifecycle: IntentLifecycle;
  zone: TimeZoneChoice;
  withDate: boolean;
}

/** An amount of a lifecycle's token in whole tokens with its symbol where its decimals are known, else in smallest units. */
function amountWords(amount: string, side: IntentSide): string {
  const token = tokenOf(side.assetId, side.chainId);
  const units = unitsOf(amount);
  if (token === null || token.decimals === null || units === null) return `${groupDigits(amount)} smallest units`;
  return `${roundedUnits(units, token.decimals)} ${token.symbol ?? shortHex(token.address)}`;
}

/** What a step says beside its status: its quote, the last of its repeat polls, when it settled or expires. */
function stepNotes(step: IntentStep, lifecycle: IntentLifecycle, zone: TimeZoneChoice, withDate: boolean): string[] {
  const row = step.observation;
  const notes: string[] = [];
  if ((row.quoted_output_amount ?? null) !== null) notes.push(`quoted out ${amountWords(row.quoted_output_amount ?? '', lifecycle.output)}`);
  if ((row.quoted_input_amount ?? null) !== null) notes.push(`quoted in ${amountWords(row.quoted_input_amount ?? '', lifecycle.input)}`);
  if ((row.quote_id ?? null) !== null) notes.push(`quote ${row.quote_id ?? ''}`);
  if (step.count > 1) notes.push(`last poll ${formatRowTime(step.lastSeen, zone, withDate)}`);
  const settled = intentEpochMs(row.settled_at);
  if (settled !== null) notes.push(`settled at ${formatRowTime(settled, zone, withDate)}`);
  const expires = intentEpochMs(row.expires_at);
  if (expires !== null) notes.push(`expires ${formatRowTime(expires, zone, withDate)}`);
  return notes;
}

/**
 * One lifecycle step by step, in the list's columns so amounts line up: the time (user's zone, ms)
 * and the time since the first observation, the status with ×N for collapsed repeat polls, the
 * quote, the last poll and settle or expiry, and the amounts in and out.
 */
export function LifecycleTimeline({ lifecycle, zone, withDate }: LifecycleTimelineProps) {
  const ids = [...lifecycle.rfqIds.map((id) => `rfq ${id}`), ...lifecycle.intentIds.map((id) => `intent ${id}`)];
  return (
    <div className="intent-timeline" role="group" aria-label="Lifecycle timeline">
      <div className="timeline-ids mono" title={ids.join('\n')}>
        {ids.join(' · ')}
        {lifecycle.amountKind !== null && <span className="muted"> · {lifecycle.amountKind}</span>}
        {lifecycle.expiresAt !== null && <span className="muted"> · expires {formatTimestamp(lifecycle.expiresAt, zone, 's')}</span>}
      </div>
      {lifecycle.steps.map((step, index) => {
        const row = step.observation;
        const notes = stepNotes(step, lifecycle, zone, withDate);
        return (
          <div key={`${row.event_id}-${index}`} className="lifecycle-row timeline-step" data-testid="intent-step">
            <span />
            <span className="mono" title={formatTimestamp(step.firstSeen, zone, 'ms')}>
              {formatRowTime(step.firstSeen, zone, withDate)}
            </span>
            <span className="timeline-status" title={notes.join('\n')}>
              <StatusChip status={step.status} fallback={statuslessLabel(step)} count={step.count} />
              <span className="timeline-notes mono">{notes.join(' · ')}</span>
            </span>
            <span className="num mono muted">{index === 0 ? '' : `+${formatDuration(step.firstSeen - lifecycle.firstSeen)}`}</span>
            <SideCells
              input={{ assetId: row.input_asset_id ?? null, chainId: row.input_chain_id ?? null, amount: row.input_amount ?? null }}
              output={{ assetId: row.output_asset_id ?? null, chainId: row.output_chain_id ?? null, amount: row.output_amount ?? null }}
            />
            <span className="num mono muted">{step.count > 1 ? `×${step.count}` : ''}</span>
          </div>
        );
      })}
    </div>
  );
}

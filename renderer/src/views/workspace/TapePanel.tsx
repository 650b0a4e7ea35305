import { useState, type KeyboardEvent, type Ref } from 'react';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { formatNumber, formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { TradesTape } from '../../components/tape/TradesTape.tsx';
import type { TapeState } from './panel-states.ts';

/** Props of the tape area. */
export interface TapePanelProps {
  state: TapeState;
  /** Where the trades come from: "in the range", or "latest ten minutes (anonymous)". */
  scope: string;
  zone: TimeZoneChoice;
  priceDecimals: number;
  sizeDecimals: number;
  /** The base asset, naming sizes. */
  base: string;
  /** The size threshold in force, and whether the user set it (else the default rule: the largest trades the chart can carry). */
  threshold: number | null;
  thresholdIsDefault: boolean;
  /** How many of the largest trades the default rule aims at (null before trades arrive). */
  largestTop: number | null;
  /** How many trades are at or above the threshold. */
  marked: number;
  onThreshold: (value: number | null) => void;
  onNarrowRange: () => void;
  ref?: Ref<HTMLDivElement>;
}

function ThresholdInput({ threshold, isDefault, largestTop, decimals, base, marked, onThreshold }: { threshold: number | null; isDefault: boolean; largestTop: number | null; decimals: number; base: string; marked: number; onThreshold: (value: number | null) => void }) {
  const rule = largestTop === null ? 'largest trades' : `largest ${largestTop.toLocaleString('en-US')}`;
  const shown = threshold === null ? '' : formatNumber(threshold, decimals).replace(/,/g, '');
  const [text, setText] = useState(shown);
  const [editing, setEditing] = useState(false);
  const commit = (): void => {
    setEditing(false);
    const trimmed = text.trim();
    if (trimmed === '') return onThreshold(null);
    const value = Number(trimmed.replace(/,/g, ''));
    if (Number.isFinite(value) && value >= 0) onThreshold(value);
    else setText(shown);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') commit();
    if (event.key === 'Escape') {
      setEditing(false);
      setText(shown);
    }
  };
  return (
    <div className="threshold">
      <label>
        Mark trades ≥{' '}
        <input
          className="threshold-input"
          aria-label={`Size threshold for marking large trades, in ${base}; empty resets to the largest trades the chart can carry`}
          value={editing ? text : shown}
          placeholder="auto"
          spellCheck={false}
          onFocus={() => {
            setText(shown);
            setEditing(true);
          }}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
          data-testid="size-threshold"
        />{' '}
        {base}
      </label>
      <span className="muted" title="By default the largest trades are marked, one for every six candles (5 to 50), never more than the largest 0.5 % of the trades">
        {isDefault ? rule : 'custom'} · {marked.toLocaleString('en-US')} marked
      </span>
      {!isDefault && (
        <button type="button" className="link-button" onClick={() => onThreshold(null)}>
          reset
        </button>
      )}
    </div>
  );
}

/**
 * The trades tape with its header: how many trades, from where (the range, or the anonymous latest
 * ten minutes), the large-trade threshold (by default the largest trades the chart can carry, editable), and
 * the states of its load.
 */
export function TapePanel({ state, scope, zone, priceDecimals, sizeDecimals, base, threshold, thresholdIsDefault, largestTop, marked, onThreshold, onNarrowRange, ref }: TapePanelProps) {
  const trades = state.kind === 'ready' ? state.trades : null;
  return (
    <>
      <header className="tape-header">
        <span className="panel-title">Trades</span>
        <span className="muted" data-testid="tape-scope">
          {trades === null ? '' : `${trades.time.length.toLocaleString('en-US')} · `}
          {scope}
        </span>
      </header>
      {trades?.truncated === true && trades.droppedUntil !== null && (
        <p className="tape-note warn" data-testid="tape-cut">
          The newest {trades.cap.toLocaleString('en-US')} trades: those at or before {formatTimestamp(trades.droppedUntil, zone, 's')} were left out;{' '}
          <button type="button" className="link-button" onClick={onNarrowRange}>
            narrow the range
          </button>
        </p>
      )}
      {trades !== null && trades.time.length > 0 && (
        <ThresholdInput threshold={threshold} isDefault={thresholdIsDefault} largestTop={largestTop} decimals={sizeDecimals} base={base} marked={marked} onThreshold={onThreshold} />
      )}
      {state.kind === 'loading' && <LoadingState what="trades" rows={state.rows} />}
      {state.kind === 'unavailable' && <p className="tape-note muted">{state.why}</p>}
      {state.kind === 'error' && (
        <div className="panel-pad">
          <ErrorPanel context="Trades could not be loaded." error={state.error} failedAt={state.failedAt} onRetry={state.retry} retrying={state.retrying} onNarrowRange={onNarrowRange} />
        </div>
      )}
      {trades !== null && trades.time.length === 0 && <p className="tape-note muted">No trades {scope === 'in the range' ? 'in this range' : `in the ${scope}`}.</p>}
      {trades !== null && trades.time.length > 0 && (
        <TradesTape ref={ref} trades={trades} zone={zone} priceDecimals={priceDecimals} sizeDecimals={sizeDecimals} threshold={threshold} />
      )}
    </>
  );
}

import type { CandleInterval } from '../../../../shared/rows/candle-row.ts';

/** Props of the interval picker. */
export interface IntervalPickerProps {
  offered: readonly CandleInterval[];
  value: CandleInterval | null;
  /** True when the candles are built from trades (the market publishes none). */
  built: boolean;
  onPick: (interval: CandleInterval) => void;
}

/**
 * The candle intervals on offer, as a radio group (`[` `]` step through them): the market's own
 * canonical intervals, or, for a market that publishes none, intervals built from trades, labelled so.
 */
export function IntervalPicker({ offered, value, built, onPick }: IntervalPickerProps) {
  return (
    <div className="interval-picker">
      <span className="toolbar-label" aria-hidden="true">
        Candles
      </span>
      <div className="chip-row compact" role="radiogroup" aria-label={built ? 'Candle interval (built from trades)' : 'Candle interval'}>
        {offered.map((interval) => (
          <button
            key={interval}
            type="button"
            role="radio"
            aria-checked={interval === value}
            aria-label={interval}
            className={interval === value ? 'chip active' : 'chip'}
            onClick={() => onPick(interval)}
            title={built ? `${interval} candles built from trades ([ and ] step)` : `${interval} candles ([ and ] step)`}
          >
            {interval}
          </button>
        ))}
      </div>
      {built && <span className="built-tag">built from trades</span>}
    </div>
  );
}

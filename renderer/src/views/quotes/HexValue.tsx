import { useState } from 'react';
import { notPublished } from '../../format/market-values.ts';
import { shortHex } from '../../format/chain-values.ts';

/** Props of a hex value. */
export interface HexValueProps {
  value: string | null;
  /** What it is, for the copy button's label ("transaction hash"). */
  label: string;
}

/**
 * A long hex value shortened (`0x88e6…5640`), the full value on hover and copyable; null is an
 * em dash. Where the clipboard is unavailable, the full value is shown selected instead.
 */
export function HexValue({ value, label }: HexValueProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  if (value === null) return <span className="hex-value muted">{notPublished}</span>;
  const copy = (): void => {
    navigator.clipboard.writeText(value).then(
      () => {
        setState('copied');
        setTimeout(() => setState('idle'), 1200);
      },
      () => setState('manual'),
    );
  };
  if (state === 'manual') {
    return <input className="hex-manual" readOnly value={value} aria-label={label} autoFocus onFocus={(event) => event.target.select()} onBlur={() => setState('idle')} />;
  }
  return (
    <span className="hex-value" title={value}>
      <span className="mono">{shortHex(value, 6)}</span>
      <button type="button" className="copy-button" onClick={copy} aria-label={`Copy the ${label}`} title={`Copy the full ${label}`}>
        {state === 'copied' ? (
          '✓'
        ) : (
          <svg width="11" height="11" viewBox="0 0 11 11" aria-hidden="true">
            <rect x="3.5" y="0.5" width="7" height="7" rx="1" fill="none" stroke="currentColor" />
            <path d="M1 3v6.5a1 1 0 0 0 1 1h6.5" fill="none" stroke="currentColor" />
          </svg>
        )}
      </button>
    </span>
  );
}

import type { ChainExpiry } from '../../../../shared/options/chain.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { formatExpiryDate, formatTimeToExpiry } from './option-format.ts';

/** Props of the expiry selector. */
export interface ExpiryChipsProps {
  expiries: readonly ChainExpiry[];
  selected: number | null;
  zone: TimeZoneChoice;
  now: number;
  onSelect: (expiry: number) => void;
}

/** The chain's expiries as chips: the date in the user's zone and the time left; `[` `]` step through them. */
export function ExpiryChips({ expiries, selected, zone, now, onSelect }: ExpiryChipsProps) {
  return (
    <div className="expiry-bar">
      <span className="expiry-bar-label">
        Expiry <kbd>[</kbd> <kbd>]</kbd>
      </span>
      <div className="chip-row expiry-chips" role="radiogroup" aria-label="Expiry">
        {expiries.map((entry) => {
          const active = entry.expiry === selected;
          return (
            <button
              key={entry.expiry}
              type="button"
              role="radio"
              aria-checked={active}
              className={active ? 'chip expiry-chip active' : 'chip expiry-chip'}
              title={`Expires ${formatTimestamp(entry.expiry, zone, 'min')} ${zone === 'utc' ? 'UTC' : 'local'} · ${entry.contracts} contracts with tickers`}
              onClick={() => onSelect(entry.expiry)}
            >
              <span className="expiry-date">{formatExpiryDate(entry.expiry, zone)}</span>
              <span className="expiry-left">{formatTimeToExpiry(entry.expiry, now)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}

import { useState, type KeyboardEvent } from 'react';
import type { InstrumentEntry } from '../../../../shared/rows/catalog.ts';
import type { TimeZoneChoice } from '../../format/market-values.ts';
import { formatExpiryDate } from './option-format.ts';
import { useDebounced } from '../../hooks/use-debounced.ts';
import { useInstruments, type InstrumentFilters } from './use-option-chain.ts';

/** Props of the instrument search. */
export interface InstrumentSearchProps {
  source: string;
  market: string;
  /** Expiries offered in the expiry filter. */
  expiries: readonly number[];
  zone: TimeZoneChoice;
  chosen: string | undefined;
  onChoose: (entry: InstrumentEntry) => void;
}

/** The most results listed; the rest are counted, to be narrowed by the filters. */
const shownResults = 200;

/**
 * Searches the underlying's contracts through `/catalog/instruments` (`q`, `expiry`,
 * `option_type`; `/` focuses it). Arrow keys move through the results and Enter chooses one, as
 * does a click: the chain then highlights it.
 */
export function InstrumentSearch({ source, market, expiries, zone, chosen, onChoose }: InstrumentSearchProps) {
  const [text, setText] = useState('');
  const [expiry, setExpiry] = useState<number | undefined>(undefined);
  const [optionType, setOptionType] = useState<'call' | 'put' | undefined>(undefined);
  const [cursor, setCursor] = useState(0);
  const q = useDebounced(text.trim(), 200);
  const filters: InstrumentFilters = { q, expiry, optionType };
  const results = useInstruments(source, market, filters);
  const entries = results.data?.instruments ?? [];
  const listed = entries.slice(0, shownResults);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      setCursor((at) => Math.min(Math.max(0, listed.length - 1), Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1))));
      event.preventDefault();
    } else if (event.key === 'Enter') {
      const entry = listed[Math.min(cursor, listed.length - 1)];
      if (entry !== undefined) onChoose(entry);
      event.preventDefault();
    } else if (event.key === 'Escape') {
      event.currentTarget.blur();
    }
  };

  return (
    <div className="instrument-search">
      <div className="search-filters">
        <input
          className="search instrument-query"
          type="search"
          placeholder="Instrument, strike  (/)"
          aria-label="Search instruments (instrument name or strike)"
          value={text}
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value);
            setCursor(0);
          }}
          onKeyDown={onKeyDown}
          data-shortcut="/"
        />
        <select aria-label="Expiry filter" value={expiry ?? ''} onChange={(event) => setExpiry(event.target.value === '' ? undefined : Number(event.target.value))}>
          <option value="">All expiries</option>
          {expiries.map((value) => (
            <option key={value} value={value}>
              {formatExpiryDate(value, zone)}
            </option>
          ))}
        </select>
        <select aria-label="Option type filter" value={optionType ?? ''} onChange={(event) => setOptionType(event.target.value === 'call' || event.target.value === 'put' ? event.target.value : undefined)}>
          <option value="">Calls and puts</option>
          <option value="call">Calls</option>
          <option value="put">Puts</option>
        </select>
      </div>
      <div className="search-results" role="listbox" aria-label="Instruments">
        {results.isPending && results.fetchStatus !== 'idle' && <p className="search-note">Searching…</p>}
        {results.isError && <p className="search-note error-text">{results.error.message}</p>}
        {results.data !== undefined && entries.length === 0 && <p className="search-note">No contract matches these filters.</p>}
        {listed.map((entry, index) => (
          <button
            key={entry.instrument}
            type="button"
            role="option"
            aria-selected={entry.instrument === chosen}
            className={`search-result${entry.instrument === chosen ? ' chosen' : ''}${index === cursor ? ' cursor' : ''}`}
            onClick={() => {
              setCursor(index);
              onChoose(entry);
            }}
          >
            <span className="mono result-name">{entry.instrument}</span>
            <span className={`result-type ${entry.option_type}`}>{entry.option_type === 'call' ? 'C' : 'P'}</span>
            <span className="mono num">{entry.strike}</span>
            <span className="muted">{formatExpiryDate(entry.expiry_timestamp, zone)}</span>
          </button>
        ))}
        {entries.length > listed.length && (
          <p className="search-note">
            {(entries.length - listed.length).toLocaleString('en-US')} more{results.data?.truncated === true ? ' (the catalog stopped at its cap)' : ''}: narrow the search.
          </p>
        )}
      </div>
    </div>
  );
}

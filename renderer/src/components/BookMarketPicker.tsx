import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { useCatalog } from '../hooks/catalog-queries.ts';
import { useSettings } from '../hooks/contract-queries.ts';
import { marketKey } from '../navigation/market-lists.ts';
import { viewForMarket } from '../navigation/view-for-market.ts';
import './book-market-picker.css';

/** A market with an order book (the workspace's kind): what a replay plays and the research panels study. */
export interface BookMarket {
  source: string;
  market: string;
}

/** Markets shown in the list at most. */
const shownLimit = 12;

/**
 * The book markets to offer, recently viewed first (in the order they were viewed), then the
 * rest of the catalog in its order, filtered by a case-insensitive text over source and market.
 */
export function bookMarketChoices(markets: readonly Pick<CatalogMarket, 'source' | 'market' | 'source_type' | 'categories'>[], recent: readonly string[], text: string, limit = shownLimit): BookMarket[] {
  const books = markets.filter((market) => viewForMarket(market) === 'workspace');
  const byKey = new Map(books.map((market) => [marketKey(market.source, market.market), market]));
  const ordered: BookMarket[] = [];
  const seen = new Set<string>();
  for (const key of recent) {
    const market = byKey.get(key);
    if (market !== undefined && !seen.has(key)) {
      seen.add(key);
      ordered.push({ source: market.source, market: market.market });
    }
  }
  for (const market of books) {
    const key = marketKey(market.source, market.market);
    if (!seen.has(key)) {
      seen.add(key);
      ordered.push({ source: market.source, market: market.market });
    }
  }
  const words = text.toLowerCase().split(/\s+/).filter((word) => word !== '');
  const matches = words.length === 0 ? ordered : ordered.filter((market) => words.every((word) => `${market.source} ${market.market}`.toLowerCase().includes(word)));
  return matches.slice(0, limit);
}

/** Props of the inline book-market picker. */
export interface BookMarketPickerProps {
  /** The market shown, or null. */
  value: BookMarket | null;
  onChoose: (market: BookMarket) => void;
  /** Names the field and its parts: id, list and option ids, a class name and test id (`replay-market`, `research-market`); the look is shared. */
  idPrefix: string;
  /** The field's accessible name ("Market to replay"). */
  label: string;
}

/**
 * A book market as a field: type to filter the catalog's book markets (recently viewed first),
 * ↑ ↓ to move, Enter to choose, Esc to leave it as it was.
 */
export function BookMarketPicker({ value, onChoose, idPrefix, label }: BookMarketPickerProps) {
  const catalog = useCatalog();
  const recent = useSettings().data?.markets.recent;
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const open = text !== null;
  const choices = useMemo(() => (open ? bookMarketChoices(catalog.data?.markets ?? [], recent ?? [], text) : []), [open, catalog.data, recent, text]);
  const choose = (market: BookMarket | undefined): void => {
    setText(null);
    input.current?.blur();
    if (market !== undefined) onChoose(market);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const by = event.key === 'ArrowDown' ? 1 : -1;
      setActive((at) => Math.min(choices.length - 1, Math.max(0, at + by)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(choices[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      choose(undefined);
    }
  };
  const shown = value === null ? '' : `${value.source} / ${value.market}`;
  return (
    <span className={`book-market-picker ${idPrefix}-picker`}>
      <input
        ref={input}
        id={idPrefix}
        type="text"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={`${idPrefix}-list`}
        aria-activedescendant={open && choices[active] !== undefined ? `${idPrefix}-${active}` : undefined}
        placeholder="Choose a market…"
        value={text ?? shown}
        spellCheck={false}
        onFocus={() => {
          setText('');
          setActive(0);
        }}
        onBlur={() => setText(null)}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid={idPrefix}
      />
      {open && (
        <ul id={`${idPrefix}-list`} className={`book-market-list ${idPrefix}-list`} role="listbox" aria-label="Book markets">
          {choices.map((market, i) => (
            <li
              key={marketKey(market.source, market.market)}
              id={`${idPrefix}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              // Chosen on mouse down, before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(market);
              }}
            >
              <span className="book-market-source">{market.source}</span> {market.market}
            </li>
          ))}
          {choices.length === 0 && <li className="book-market-none">{catalog.isLoading ? 'Loading the catalog…' : 'No book market matches'}</li>}
        </ul>
      )}
    </span>
  );
}

import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useCatalog } from '../../hooks/catalog-queries.ts';
import { useSettings } from '../../hooks/contract-queries.ts';
import { marketKey } from '../../navigation/market-lists.ts';
import { replayMarketChoices, type ReplayMarket } from '../replay/ReplayMarketPicker.tsx';

/** Props of the research market field. */
export interface ResearchMarketPickerProps {
  value: ReplayMarket | null;
  onChoose: (market: ReplayMarket) => void;
}

/**
 * The market the research panels study, as a field: type to filter the catalog's book markets
 * (recently viewed first), ↑ ↓ to move, Enter to choose, Esc to leave it; `/` focuses it.
 */
export function ResearchMarketPicker({ value, onChoose }: ResearchMarketPickerProps) {
  const catalog = useCatalog();
  const recent = useSettings().data?.markets.recent;
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const open = text !== null;
  const choices = useMemo(() => (open ? replayMarketChoices(catalog.data?.markets ?? [], recent ?? [], text) : []), [open, catalog.data, recent, text]);
  const choose = (market: ReplayMarket | undefined): void => {
    setText(null);
    input.current?.blur();
    if (market !== undefined) onChoose(market);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((at) => Math.min(choices.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1))));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(choices[active]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      choose(undefined);
    }
  };
  return (
    <span className="research-market-picker">
      <input
        ref={input}
        id="research-market"
        type="text"
        role="combobox"
        aria-label="Market to study"
        aria-expanded={open}
        aria-controls="research-market-list"
        aria-activedescendant={open && choices[active] !== undefined ? `research-market-${active}` : undefined}
        placeholder="Choose a market…"
        value={text ?? (value === null ? '' : `${value.source} / ${value.market}`)}
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
        data-testid="research-market"
      />
      {open && (
        <ul id="research-market-list" className="research-market-list" role="listbox" aria-label="Book markets">
          {choices.map((market, i) => (
            <li
              key={marketKey(market.source, market.market)}
              id={`research-market-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(market);
              }}
            >
              <span className="research-market-source">{market.source}</span> {market.market}
            </li>
          ))}
          {choices.length === 0 && <li className="research-market-none">{catalog.isLoading ? 'Loading the catalog…' : 'No book market matches'}</li>}
        </ul>
      )}
    </span>
  );
}

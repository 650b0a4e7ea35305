import { Command } from 'cmdk';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useCatalog } from '../hooks/catalog-queries.ts';
import { useSettings } from '../hooks/contract-queries.ts';
import { marketKey } from '../navigation/market-lists.ts';
import { paletteGroups, type PaletteItem } from '../navigation/palette-groups.ts';
import { usePalettePage } from '../navigation/palette-page.ts';
import { routeLabel } from '../navigation/route-title.ts';
import type { ShellCommand } from '../navigation/shell-commands.ts';
import { useOpenMarket } from '../hooks/use-open-market.ts';
import { viewById } from '../navigation/view-definition.ts';
import { viewForMarket } from '../navigation/view-for-market.ts';
import { useViews } from '../navigation/views-context.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { ShortcutKeys } from './ShortcutHelp.tsx';

/** Props of the palette's search and list. */
export interface CommandPaletteListProps {
  run: (command: ShellCommand) => void;
  /** Closes the palette, then runs `then`. */
  leave: (then?: () => void) => void;
}

const noKeys: readonly string[] = [];

function itemValue(item: PaletteItem): string {
  switch (item.kind) {
    case 'command':
      return `command:${item.spec.command.kind}:${item.spec.command.kind === 'go' ? item.spec.command.view : ''}`;
    case 'market':
      return `market:${marketKey(item.market.source, item.market.market)}`;
    case 'link':
      return 'link';
    case 'note':
      return `note:${item.text}`;
  }
}

/** The palette's search field and its grouped rows; the list is computed by `paletteGroups`. */
export function CommandPaletteList({ run, leave }: CommandPaletteListProps) {
  const page = usePalettePage((state) => state.page);
  const setPage = usePalettePage((state) => state.setPage);
  const [search, setSearch] = useState('');
  const catalog = useCatalog();
  const settings = useSettings().data;
  const openMarket = useOpenMarket();
  const views = useViews();
  const openView = useUiStore((state) => state.openView);
  const activeView = useUiStore((state) => state.activeView);

  const markets = catalog.data?.markets ?? null;
  const catalogNote = catalog.isError
    ? `The catalog could not be loaded: ${catalog.error.message}`
    : catalog.isPending && catalog.fetchStatus === 'idle'
      ? 'Markets are listed once the data source is healthy'
      : 'Loading the catalog…';
  const favourites = settings?.markets.favourites ?? noKeys;
  const recent = settings?.markets.recent ?? noKeys;
  const groups = useMemo(() => paletteGroups({ page, search, markets, catalogNote, favourites, recent, views }), [page, search, markets, catalogNote, favourites, recent, views]);

  const select = (item: PaletteItem): void => {
    switch (item.kind) {
      case 'command':
        if (item.spec.command.kind === 'go-to-market') {
          setPage('markets');
          setSearch('');
        } else {
          const command = item.spec.command;
          leave(() => run(command));
        }
        return;
      case 'market':
        leave(() => openMarket(item.market));
        return;
      case 'link':
        leave(() => openView(item.route.view, item.route.params));
        return;
      case 'note':
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === 'Backspace' && search === '' && page === 'markets') {
      setPage('all');
      event.preventDefault();
    }
  };

  const stateOf = (command: ShellCommand): string | null => {
    if (settings === undefined) return null;
    if (command.kind === 'toggle-time-zone') return settings.ui.timeZone === 'utc' ? 'now UTC' : 'now local';
    if (command.kind === 'toggle-density') return `now ${settings.ui.density}`;
    if (command.kind === 'use-demo') return settings.dataSource === 'embedded' ? 'in use' : null;
    if (command.kind === 'go' && command.view === activeView) return 'shown';
    return null;
  };

  return (
    <Command label="Command palette" className="palette" shouldFilter={false} loop vimBindings={false} onKeyDown={onKeyDown}>
      <div className="palette-search">
        {page === 'markets' && (
          <span className="palette-scope" title="Backspace on an empty search returns to all commands">
            Go to market
          </span>
        )}
        <Command.Input
          value={search}
          onValueChange={setSearch}
          placeholder={page === 'markets' ? 'Market name, symbol, source or kind…' : 'Type a command, a view or a market, or paste a link…'}
        />
        <kbd className="palette-esc">Esc</kbd>
      </div>
      <Command.List className="palette-list" label={page === 'markets' ? 'Markets' : 'Commands, views and markets'}>
        {groups.length === 0 && <div className="palette-empty">{`Nothing matches “${search.trim()}”.`}</div>}
        {groups.map((group) => (
          <Command.Group key={group.id} heading={group.heading}>
            {group.items.map((item) =>
              item.kind === 'note' ? (
                <div key={itemValue(item)} className="palette-note">
                  {item.text}
                </div>
              ) : (
                <Command.Item key={itemValue(item)} value={itemValue(item)} className="palette-item" onSelect={() => select(item)}>
                  <PaletteRow item={item} state={item.kind === 'command' ? stateOf(item.spec.command) : null} />
                </Command.Item>
              ),
            )}
          </Command.Group>
        ))}
      </Command.List>
      <footer className="palette-footer">
        <span>
          <kbd>↑</kbd> <kbd>↓</kbd> move
        </span>
        <span>
          <kbd>Enter</kbd> {page === 'markets' ? 'open' : 'run'}
        </span>
        {page === 'markets' && (
          <span>
            <kbd>Backspace</kbd> all commands
          </span>
        )}
        <span>
          <kbd>Esc</kbd> close
        </span>
        {markets !== null && <span className="palette-count">{markets.length} markets</span>}
      </footer>
    </Command>
  );
}

/** One row's content: an icon, what it is, a hint, and its shortcut. */
function PaletteRow({ item, state }: { item: Exclude<PaletteItem, { kind: 'note' }>; state: string | null }) {
  const views = useViews();
  switch (item.kind) {
    case 'command': {
      const command = item.spec.command;
      const icon = command.kind === 'go' ? (viewById(views, command.view)?.icon ?? '') : '›';
      return (
        <>
          <span className="palette-icon" aria-hidden="true">
            {icon}
          </span>
          <span className="palette-label">{item.spec.label}</span>
          {state !== null && <span className="palette-meta">{state}</span>}
          <ShortcutKeys keys={item.spec.keys} />
        </>
      );
    }
    case 'market': {
      const { market } = item;
      const target = viewById(views, viewForMarket(market));
      return (
        <>
          <span className="palette-icon" aria-hidden="true">
            {target?.icon ?? '◫'}
          </span>
          <span className="palette-label">
            <span className="palette-market">{market.market}</span>
            <span className="palette-source">{market.source}</span>
            {item.favourite && (
              <span className="palette-favourite" aria-label="favourite">
                ★
              </span>
            )}
          </span>
          <span className="palette-meta">
            {market.symbol} · {market.source_type}
            {market.access.status !== 'open' && <span className={`access access-${market.access.status}`}>{market.access.status}</span>}
          </span>
          <span className="palette-target">→ {target?.label ?? 'Market'}</span>
        </>
      );
    }
    case 'link':
      return (
        <>
          <span className="palette-icon" aria-hidden="true">
            #
          </span>
          <span className="palette-label">Open link: {routeLabel(item.route, views)}</span>
          {item.dropped.length > 0 && <span className="palette-meta palette-warn">without {item.dropped.join('; ')}</span>}
        </>
      );
  }
}

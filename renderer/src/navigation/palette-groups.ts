import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { marketKey, marketSearchFields, marketsOfKeys } from './market-lists.ts';
import type { PalettePage } from './palette-page.ts';
import { rankScored, type Ranked, type SearchField } from './palette-search.ts';
import { parseRoute, type Route } from './route.ts';
import { actionCommands, viewCommandsOf, type CommandSpec } from './shell-commands.ts';
import type { ViewDefinition } from './view-definition.ts';

/** One row of the palette. */
export type PaletteItem =
  | { kind: 'command'; spec: CommandSpec }
  | { kind: 'market'; market: CatalogMarket; favourite: boolean }
  | { kind: 'link'; route: Route; dropped: string[] }
  | { kind: 'note'; text: string };

/** A titled group of palette rows. */
export interface PaletteGroup {
  id: 'link' | 'views' | 'actions' | 'markets' | 'favourites' | 'recent';
  heading: string;
  items: PaletteItem[];
}

/** What the palette lists from. */
export interface PaletteInput {
  page: PalettePage;
  search: string;
  /** The catalog's markets, or null while it cannot be listed (then `catalogNote` says why). */
  markets: readonly CatalogMarket[] | null;
  catalogNote: string;
  favourites: readonly string[];
  recent: readonly string[];
  /** The app's views, in rail order: the palette offers each, and reads pasted links to them. */
  views: readonly ViewDefinition[];
}

/** Markets shown per page: a few beside the commands, more on "Go to market…". */
export const marketLimits: Readonly<Record<PalettePage, number>> = { all: 8, markets: 50 };

/** Recent or favourite markets shown before anything is typed. */
const shortListLimit: Readonly<Record<PalettePage, number>> = { all: 5, markets: 10 };

function commandFields(spec: CommandSpec): SearchField[] {
  return [
    // A command's (or view's) own name outweighs a market's name (4): "intents" opens the Intents view, not a market named intents.
    { text: spec.label.toLowerCase(), weight: 5 },
    { text: (spec.keywords ?? '').toLowerCase(), weight: 1 },
  ];
}

/** Actions the palette offers: every one but the palette itself (every view is offered too). */
const paletteActions = actionCommands.filter((spec) => spec.command.kind !== 'palette');

/** A deep link pasted into the search (`…#/options/deribit/BTC`), read as a route. */
function pastedLink(search: string, views: readonly ViewDefinition[]): PaletteItem | null {
  const at = search.indexOf('#/');
  if (at < 0) return null;
  const parsed = parseRoute(search.slice(at).trim(), views);
  return parsed.kind === 'route' ? { kind: 'link', route: parsed.route, dropped: parsed.dropped } : null;
}

function marketItem(market: CatalogMarket, favourites: ReadonlySet<string>): PaletteItem {
  return { kind: 'market', market, favourite: favourites.has(marketKey(market.source, market.market)) };
}

function marketItems(markets: readonly CatalogMarket[], favourites: ReadonlySet<string>): PaletteItem[] {
  return markets.map((market) => marketItem(market, favourites));
}

// Search fields per catalog entry, built once per entry: a 20k catalog is searched on every keystroke.
const fieldCache = new WeakMap<CatalogMarket, SearchField[]>();

function cachedMarketFields(market: CatalogMarket): SearchField[] {
  let fields = fieldCache.get(market);
  if (fields === undefined) {
    fields = marketSearchFields(market);
    fieldCache.set(market, fields);
  }
  return fields;
}

/**
 * The palette's groups for a page and a search. With nothing typed: recent (and on the markets
 * page, favourite) markets, then every view and action. With a search: a pasted link first, then
 * the groups ordered by their best match (views, actions, markets on ties), each best first.
 */
export function paletteGroups(input: PaletteInput): PaletteGroup[] {
  const favouriteSet = new Set(input.favourites);
  const paletteViews = viewCommandsOf(input.views);
  const typed = input.search.trim() !== '';
  const groups: PaletteGroup[] = [];
  const catalogNote: PaletteItem[] = [{ kind: 'note', text: input.catalogNote }];

  if (!typed) {
    if (input.markets === null) {
      groups.push({ id: 'markets', heading: 'Markets', items: catalogNote });
    } else {
      const limit = shortListLimit[input.page];
      const favourites = input.page === 'markets' ? marketsOfKeys(input.favourites, input.markets).slice(0, limit) : [];
      const recent = marketsOfKeys(input.recent, input.markets).slice(0, limit);
      if (favourites.length > 0) groups.push({ id: 'favourites', heading: 'Favourites', items: marketItems(favourites, favouriteSet) });
      if (recent.length > 0) groups.push({ id: 'recent', heading: 'Recently viewed', items: marketItems(recent, favouriteSet) });
      if (input.page === 'markets' && favourites.length + recent.length === 0) {
        groups.push({ id: 'markets', heading: 'Markets', items: [{ kind: 'note', text: `Type to search ${input.markets.length} markets by name, symbol, source or kind` }] });
      }
    }
    if (input.page === 'all') {
      groups.push({ id: 'views', heading: 'Views', items: paletteViews.map((spec) => ({ kind: 'command', spec })) });
      groups.push({ id: 'actions', heading: 'Actions', items: paletteActions.map((spec) => ({ kind: 'command', spec })) });
    }
    return groups;
  }

  const link = input.page === 'all' ? pastedLink(input.search, input.views) : null;
  if (link !== null) groups.push({ id: 'link', heading: 'Link', items: [link] });
  const ranked: { group: PaletteGroup; best: number }[] = [];
  const add = <T>(id: PaletteGroup['id'], heading: string, found: Ranked<T>[], toItem: (item: T) => PaletteItem): void => {
    if (found.length > 0) ranked.push({ group: { id, heading, items: found.map((entry) => toItem(entry.item)) }, best: found[0]?.score ?? 0 });
  };
  if (input.page === 'all') {
    add('views', 'Views', rankScored(paletteViews, commandFields, input.search, paletteViews.length), (spec) => ({ kind: 'command', spec }));
    add('actions', 'Actions', rankScored(paletteActions, commandFields, input.search, paletteActions.length), (spec) => ({ kind: 'command', spec }));
  }
  if (input.markets === null) ranked.push({ group: { id: 'markets', heading: 'Markets', items: catalogNote }, best: 0 });
  else add('markets', 'Markets', rankScored(input.markets, cachedMarketFields, input.search, marketLimits[input.page]), (market) => marketItem(market, favouriteSet));
  // A stable sort: on equal best scores, views come before actions before markets.
  ranked.sort((a, b) => b.best - a.best);
  return [...groups, ...ranked.map((entry) => entry.group)];
}

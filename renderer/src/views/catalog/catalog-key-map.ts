import { isListKey, type ListKey } from './list-navigation.ts';

/** Where a key was pressed: the search field, the list (a row, or a control in a row), the page itself, or anything else. */
export type KeyPlace = 'search' | 'list' | 'list-control' | 'page' | 'elsewhere';

/** What the catalog does with a key. */
export type CatalogKeyAction = { kind: 'move'; key: ListKey } | { kind: 'open' } | { kind: 'favourite' } | { kind: 'escape-search' };

/**
 * The catalog's keyboard map: ↑ ↓ PgUp PgDn Home End move the selection, Enter opens, `f` stars,
 * from the list or the page itself. From the search field the arrows, PgUp, PgDn and Enter work
 * too (a search can be typed, stepped through and opened without the mouse) while Home, End and
 * letters stay the field's; Escape there clears it. Enter on a control in a row is the control's.
 * Keys aimed anywhere else (the navigation rail, a button, a select) are theirs: null. (The
 * shell takes its own keys first, so the `f` of `g f` never arrives here.)
 */
export function catalogKeyAction(key: string, place: KeyPlace): CatalogKeyAction | null {
  if (place === 'elsewhere') return null;
  const inList = place === 'list' || place === 'list-control';
  if (isListKey(key)) return place !== 'search' || (key !== 'Home' && key !== 'End') ? { kind: 'move', key } : null;
  if (key === 'Enter') return place === 'list-control' ? null : { kind: 'open' };
  if (key === 'Escape') return place === 'search' ? { kind: 'escape-search' } : null;
  if ((key === 'f' || key === 'F') && (place === 'page' || inList)) return { kind: 'favourite' };
  return null;
}

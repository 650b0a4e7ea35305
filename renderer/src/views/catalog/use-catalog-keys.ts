import { useEffect, useRef, type RefObject } from 'react';
import { useUiStore } from '../../stores/ui-store.ts';
import { catalogKeyAction, type KeyPlace } from './catalog-key-map.ts';
import type { ListKey } from './list-navigation.ts';

/** What the catalog does for its keys. */
export interface CatalogKeyActions {
  move: (key: ListKey) => void;
  open: () => void;
  toggleFavourite: () => void;
  /** Escape in the search field: clears it (true) or, when already empty, leaves it (false). */
  clearSearch: () => boolean;
}

const interactive = 'button, a, select, input, textarea, [role="tab"], [role="radio"], [contenteditable="true"]';

/** Where a key event was aimed, for the key map. */
function placeOf(target: EventTarget | null, list: HTMLElement | null, search: HTMLElement | null): KeyPlace {
  if (!(target instanceof HTMLElement) || target === document.body || target === document.documentElement) return 'page';
  if (target === search) return 'search';
  if (list?.contains(target) === true) return target.closest(interactive) === null ? 'list' : 'list-control';
  return 'elsewhere';
}

/**
 * Wires the catalog's key map (`catalog-key-map.ts`) to the window while the catalog is shown;
 * keys are left alone while a dialog (the palette, the shortcut sheet) is open.
 */
export function useCatalogKeys(scrollerRef: RefObject<HTMLElement | null>, searchRef: RefObject<HTMLInputElement | null>, actions: CatalogKeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const { paletteOpen, shortcutHelpOpen } = useUiStore.getState();
      if (paletteOpen || shortcutHelpOpen || document.querySelector('dialog[open]') !== null) return;
      const action = catalogKeyAction(event.key, placeOf(event.target, scrollerRef.current, searchRef.current));
      if (action === null) return;
      const { move, open, toggleFavourite, clearSearch } = latest.current;
      switch (action.kind) {
        case 'move':
          move(action.key);
          break;
        case 'open':
          open();
          break;
        case 'favourite':
          toggleFavourite();
          break;
        case 'escape-search':
          if (!clearSearch()) searchRef.current?.blur();
          break;
      }
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [scrollerRef, searchRef]);
}

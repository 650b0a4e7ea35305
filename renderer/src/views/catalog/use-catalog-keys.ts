import { useEffect, useRef, type RefObject } from 'react';
import { useUiStore } from '../../stores/ui-store.ts';
import { isListKey, type ListKey } from './list-navigation.ts';

/** What the catalog does for its keys. */
export interface CatalogKeyActions {
  move: (key: ListKey) => void;
  open: () => void;
  toggleFavourite: () => void;
  /** Escape in the search field: clears it (true) or, when already empty, leaves it (false). */
  clearSearch: () => boolean;
}

/** How long after `g` the next key belongs to the shell's "go to" chord (`g f` is Files, not a star). */
const chordWindowMs = 1200;

const interactive = 'button, a, select, input, textarea, [role="tab"], [role="radio"], [contenteditable="true"]';

/**
 * The catalog's keyboard: ↑ ↓ PgUp PgDn Home End move the selection, Enter opens, `f` stars.
 * They work from the list, from the page itself (nothing focused), and (all but Home, End and
 * `f`) from the search field, so a search can be typed, stepped through and opened without the
 * mouse. Keys aimed at other controls (the navigation rail, a button, a select) are theirs.
 */
export function useCatalogKeys(scrollerRef: RefObject<HTMLElement | null>, searchRef: RefObject<HTMLInputElement | null>, actions: CatalogKeyActions): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    let chordAt = Number.NEGATIVE_INFINITY;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      const { paletteOpen, shortcutHelpOpen } = useUiStore.getState();
      if (paletteOpen || shortcutHelpOpen || document.querySelector('dialog[open]') !== null) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      const inSearch = target !== null && target === searchRef.current;
      const inList = target !== null && scrollerRef.current?.contains(target) === true;
      const onPage = target === null || target === document.body || target === document.documentElement;
      const onControl = target?.closest(interactive) != null;
      const { move, open, toggleFavourite, clearSearch } = latest.current;

      if (event.key === 'g' && !inSearch) {
        chordAt = performance.now();
        return;
      }
      const afterG = performance.now() - chordAt < chordWindowMs;
      chordAt = Number.NEGATIVE_INFINITY;

      if (isListKey(event.key)) {
        const searchMoves = inSearch && event.key !== 'Home' && event.key !== 'End';
        if (!(searchMoves || onPage || inList)) return;
        move(event.key);
        event.preventDefault();
      } else if (event.key === 'Enter') {
        if (!(inSearch || onPage || (inList && !onControl))) return;
        open();
        event.preventDefault();
      } else if (event.key === 'Escape' && inSearch) {
        if (!clearSearch()) searchRef.current?.blur();
        event.preventDefault();
      } else if ((event.key === 'f' || event.key === 'F') && !afterG && (onPage || inList)) {
        toggleFavourite();
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [scrollerRef, searchRef]);
}

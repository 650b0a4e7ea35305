/** The keys that move the catalog's selection. */
export type ListKey = 'ArrowDown' | 'ArrowUp' | 'PageDown' | 'PageUp' | 'Home' | 'End';

/** Whether a key moves the selection. */
export function isListKey(key: string): key is ListKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'PageDown' || key === 'PageUp' || key === 'Home' || key === 'End';
}

/**
 * The row a key selects in a list of `count` rows, from row `current` (-1 when none is
 * selected), paging by `page` rows; -1 for an empty list. Moves stop at either end.
 */
export function movedSelection(key: ListKey, current: number, count: number, page: number): number {
  if (count <= 0) return -1;
  const step = Math.max(1, Math.floor(page));
  const from = Math.min(current, count - 1);
  const target = {
    ArrowDown: from < 0 ? 0 : from + 1,
    ArrowUp: from < 0 ? 0 : from - 1,
    PageDown: from < 0 ? 0 : from + step,
    PageUp: from < 0 ? 0 : from - step,
    Home: 0,
    End: count - 1,
  }[key];
  return Math.min(count - 1, Math.max(0, target));
}

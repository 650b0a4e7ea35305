/** Rows asked of main in one window. */
export const rowBlockSize = 100;

/** The blocks (by number) that cover rows `[first, last]`, with `margin` rows either side, within `total`. */
export function blocksCovering(first: number, last: number, total: number, margin = 50, size = rowBlockSize): number[] {
  if (total <= 0 || last < first) return [];
  const from = Math.max(0, first - margin);
  const to = Math.min(total - 1, last + margin);
  if (to < from) return [];
  const blocks: number[] = [];
  for (let block = Math.floor(from / size); block <= Math.floor(to / size); block++) blocks.push(block);
  return blocks;
}

/** Whether a block holds every row it can: `size` rows, or up to the last of `total`. */
export function blockIsFull(block: number, loaded: number, total: number, size = rowBlockSize): boolean {
  return loaded >= Math.min(size, Math.max(0, total - block * size));
}

/** Blocks worth keeping in memory: those within `keep` blocks of a visible one. */
export function blocksToKeep(visible: readonly number[], held: Iterable<number>, keep = 20): Set<number> {
  const kept = new Set<number>();
  if (visible.length === 0) return kept;
  const low = Math.min(...visible) - keep;
  const high = Math.max(...visible) + keep;
  for (const block of held) if (block >= low && block <= high) kept.add(block);
  return kept;
}

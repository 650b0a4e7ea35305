/** The ids that tie intent observations into one lifecycle. */
export interface CorrelationIds {
  rfq_id?: string | null | undefined;
  intent_id?: string | null | undefined;
}

function idOf(value: string | null | undefined): string | null {
  return value === null || value === undefined || value === '' ? null : value;
}

/**
 * Groups observations that share an `rfq_id` or an `intent_id`, transitively (union-find): an
 * RFQ row with only `rfq_id`, the submit row with both, and a status poll with only `intent_id`
 * are one group. A row with neither id (or empty ids) stands alone. Returns groups of indices
 * into `rows`, each in ascending index order, ordered by their first index.
 */
export function correlateObservations(rows: readonly CorrelationIds[]): number[][] {
  const parent = rows.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root] ?? root;
    let node = index;
    while (parent[node] !== root) {
      const next = parent[node] ?? root;
      parent[node] = root;
      node = next;
    }
    return root;
  };
  const union = (a: number, b: number): void => {
    const rootA = find(a);
    const rootB = find(b);
    if (rootA !== rootB) parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  };
  const firstRowOfKey = new Map<string, number>();
  rows.forEach((row, index) => {
    for (const key of [idOf(row.rfq_id) === null ? null : `rfq\u0000${row.rfq_id ?? ''}`, idOf(row.intent_id) === null ? null : `intent\u0000${row.intent_id ?? ''}`]) {
      if (key === null) continue;
      const first = firstRowOfKey.get(key);
      if (first === undefined) firstRowOfKey.set(key, index);
      else union(first, index);
    }
  });
  const groups = new Map<number, number[]>();
  rows.forEach((_, index) => {
    const root = find(index);
    const group = groups.get(root);
    if (group === undefined) groups.set(root, [index]);
    else group.push(index);
  });
  return [...groups.values()];
}

import type { IntentLifecycle } from './intent-lifecycles.ts';

/** The filter value for lifecycles with no status observed at all. */
export const noStatus = '(none)';

/** The filter value of a lifecycle: its current (latest) status, or `noStatus`. */
export function filterStatusOf(lifecycle: Pick<IntentLifecycle, 'currentStatus'>): string {
  return lifecycle.currentStatus ?? noStatus;
}

/** How many lifecycles are in each current status, most common first (ties by name). */
export function countByStatus(lifecycles: readonly Pick<IntentLifecycle, 'currentStatus'>[]): { status: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const lifecycle of lifecycles) {
    const status = filterStatusOf(lifecycle);
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return [...counts.entries()].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count || (a.status < b.status ? -1 : 1));
}

/** The lifecycles whose current status is one of `statuses`; all of them when `statuses` is empty. */
export function filterByStatus<T extends Pick<IntentLifecycle, 'currentStatus'>>(lifecycles: readonly T[], statuses: ReadonlySet<string>): T[] {
  return statuses.size === 0 ? [...lifecycles] : lifecycles.filter((lifecycle) => statuses.has(filterStatusOf(lifecycle)));
}

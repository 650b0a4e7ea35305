import type { DownloadItem } from '../../../../shared/contract/library-schemas.ts';

/** Where each state sorts: what needs the user first (failed), then what moves, then what waits, then what is over. */
const rank: Record<DownloadItem['state'], number> = { failed: 0, downloading: 1, verifying: 1, paused: 2, queued: 3, done: 4, cancelled: 5 };

/** The queue as the panel lists it: by state (failed, in flight, paused, queued, done, cancelled), in queue order within a state. */
export function queueDisplayOrder(items: readonly DownloadItem[]): DownloadItem[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank[a.item.state] - rank[b.item.state] || a.index - b.index)
    .map(({ item }) => item);
}

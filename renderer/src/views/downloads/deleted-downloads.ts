import type { DownloadItem, LibraryIndex } from '../../../../shared/contract/library-schemas.ts';

/** Whether the library still holds what a finished download landed: its hour file, or the whole-day file of its day. */
function inLibrary(item: DownloadItem, index: LibraryIndex): boolean {
  const files = index.datasets.find((dataset) => dataset.source === item.source && dataset.market === item.market)?.files ?? [];
  const ofDay = files.filter((file) => file.date === item.date);
  if (ofDay.some((file) => file.span === 'day')) return true;
  if (item.span === 'day') return new Set(ofDay.map((file) => file.hour)).size === 24;
  return ofDay.some((file) => file.hour === item.hour);
}

/**
 * Keys of the queue's finished downloads whose file is no longer in the library (deleted in the
 * app or outside it): the queue shows them as deleted, not done. Empty while the library's index is
 * not known (main pushes the new index before the queue says "done", so a landing file never reads
 * as deleted).
 */
export function deletedDownloads(items: readonly DownloadItem[], index: LibraryIndex | undefined): ReadonlySet<string> {
  if (index === undefined) return new Set();
  return new Set(items.filter((item) => item.state === 'done' && !inLibrary(item, index)).map((item) => item.key));
}

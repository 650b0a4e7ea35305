import type { Health, LibraryHealth } from '../../../shared/contract/channels.ts';
import { formatBytes } from '../../../shared/byte-size.ts';
import type { FolderContents } from '../../server/store/directory-store.ts';

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/** The library as the health report describes it. */
export function libraryHealthOf(setting: string | null, root: string, contents: FolderContents): LibraryHealth {
  return { setting, root, exists: contents.exists, files: contents.files, datasets: contents.datasets, bytes: contents.bytes };
}

/**
 * The library's health, from the probe of its service and what the folder holds. An empty or
 * missing folder is not "down": the service answers; the message says what to do.
 */
export function libraryHealth(probed: Health, library: LibraryHealth, contents: FolderContents): Health {
  const withLibrary = { ...probed, library };
  if (probed.status !== 'ok') return withLibrary;
  if (!library.exists) {
    return {
      ...withLibrary,
      status: 'degraded',
      message: `The library folder ${library.root} does not exist: create it, or choose another folder in Settings → Data source`,
    };
  }
  const partial = contents.partial > 0 ? `; ${plural(contents.partial, 'download', 'downloads')} not finished` : '';
  const ignored = contents.ignored > 0 ? `; ${plural(contents.ignored, 'file', 'files')} outside the layout ignored` : '';
  if (library.files === 0) {
    return {
      ...withLibrary,
      message: `The library is empty: download hours in the Downloads view, or run mde download${partial}${ignored}`,
    };
  }
  return {
    ...withLibrary,
    message: `${plural(library.files, 'hour file', 'hour files')} in ${plural(library.datasets, 'dataset', 'datasets')} (${formatBytes(library.bytes)})${partial}${ignored}`,
  };
}

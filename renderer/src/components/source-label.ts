import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';

type SourceSettings = Pick<Settings, 'dataSource' | 'remoteBaseUrl' | 'libraryRoot'>;

/** The host of a base URL (`api.example.com:8443`), or the text as given when it is not a URL. */
export function hostOf(url: string | null): string {
  if (url === null) return 'not set';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What the library holds, in a few words: `12 files`, `empty`, `folder missing`. */
function libraryTally(health: Health | undefined): string | null {
  const library = health?.library;
  if (library === undefined || library === null) return null;
  if (health?.status === 'down') return 'not running';
  if (!library.exists) return 'folder missing';
  if (library.files === 0) return 'empty';
  return `${library.files.toLocaleString('en-US')} ${library.files === 1 ? 'file' : 'files'}`;
}

/**
 * The status bar's plain name of the active source: `Demo · simulated data`, `Remote · host`,
 * `Library · offline · 12 files`. `health` is the report for this source (or undefined while it is
 * not measured yet).
 */
export function sourceLabel(settings: SourceSettings, health: Health | undefined): string {
  switch (settings.dataSource) {
    case 'embedded':
      return 'Demo · simulated data';
    case 'remote':
      return `Remote · ${hostOf(settings.remoteBaseUrl)}`;
    case 'library': {
      const tally = libraryTally(health);
      return tally === null ? 'Library · offline' : `Library · offline · ${tally}`;
    }
  }
}

/** The hover text of the source: the full base URL or library folder. */
export function sourceTitle(settings: SourceSettings, health: Health | undefined): string {
  switch (settings.dataSource) {
    case 'embedded':
      return 'The embedded local service serves deterministic simulated data';
    case 'remote':
      return `Remote Market Data Service at ${settings.remoteBaseUrl ?? '(no base URL)'}`;
    case 'library':
      return `Snapshot files in ${health?.library?.root ?? settings.libraryRoot ?? 'the default library folder'}, served on this machine with no network`;
  }
}

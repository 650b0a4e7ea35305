import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';
import { healthDescribes } from '../hooks/source-identity.ts';

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
      return `Remote · ${hostOf(settings.remoteBaseUrl)}${health?.simulated === true ? ' · simulated data' : ''}`;
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

/** How the top bar's badge looks: simulated (amber), a live remote (green), the library (blue), degraded, down (red), or not measured yet. */
export type BadgeTone = 'simulated' | 'live' | 'library' | 'degraded' | 'down' | 'pending';

/** The top bar's data-source badge: its words, its tone and its hover text. */
export interface SourceBadgeView {
  text: string;
  tone: BadgeTone;
  title: string;
}

/**
 * The top bar's badge for the selected source and its health: simulated data is always labelled
 * SIMULATED (the demo, and a remote whose `/health` says so); a remote is green (LIVE SERVICE)
 * only while its last report is ok, and says DEGRADED, SERVICE DOWN or "checking" otherwise. A
 * report about another source (the last one before a switch) counts as none.
 */
export function sourceBadge(settings: SourceSettings, reported: Health | undefined): SourceBadgeView {
  const health = reported !== undefined && healthDescribes(reported, settings) ? reported : undefined;
  const said = health === undefined ? '' : ` — ${health.message}`;
  switch (settings.dataSource) {
    case 'embedded': {
      const title = `The embedded local service serves deterministic simulated data${said}`;
      return health?.status === 'down' ? { text: 'SIMULATED DATA · Embedded demo · down', tone: 'down', title } : { text: 'SIMULATED DATA · Embedded demo', tone: 'simulated', title };
    }
    case 'library': {
      const title = `${sourceTitle(settings, health)}${said}`;
      return health?.status === 'down' ? { text: 'LOCAL LIBRARY · not running', tone: 'down', title } : { text: 'LOCAL LIBRARY · offline', tone: 'library', title };
    }
    case 'remote': {
      const host = hostOf(settings.remoteBaseUrl);
      const simulated = health?.simulated === true;
      const title = `${sourceTitle(settings, health)}${simulated ? ' (it says its data is simulated)' : ''}${said}`;
      if (health === undefined || health.status === 'starting') return { text: `REMOTE · ${host} · checking`, tone: 'pending', title };
      if (health.status === 'down') return { text: simulated ? `SIMULATED DATA · ${host} · down` : `SERVICE DOWN · ${host}`, tone: 'down', title };
      if (health.status === 'degraded') return { text: simulated ? `SIMULATED DATA · ${host} · degraded` : `DEGRADED · ${host}`, tone: 'degraded', title };
      return simulated ? { text: `SIMULATED DATA · ${host}`, tone: 'simulated', title } : { text: `LIVE SERVICE · ${host}`, tone: 'live', title };
    }
  }
}

import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';

/**
 * The name queries are filed under for the source the settings select: `'embedded'`, the remote
 * base URL, or `library:` and the library folder as set (empty for the default folder). Two
 * sources never share a name, so their cached answers never mix.
 */
export function sourceIdentityOf(settings: Pick<Settings, 'dataSource' | 'remoteBaseUrl' | 'libraryRoot'>): string {
  switch (settings.dataSource) {
    case 'embedded':
      return 'embedded';
    case 'remote':
      return settings.remoteBaseUrl ?? 'remote';
    case 'library':
      return `library:${settings.libraryRoot ?? ''}`;
  }
}

/** Whether a health report was measured for the source the settings select (not the one before a switch). */
export function healthDescribes(report: Health, settings: Pick<Settings, 'dataSource' | 'remoteBaseUrl' | 'libraryRoot'>): boolean {
  if (report.dataSource !== settings.dataSource) return false;
  switch (settings.dataSource) {
    case 'embedded':
      return true;
    case 'remote':
      return report.baseUrl === settings.remoteBaseUrl;
    case 'library':
      return report.library?.setting === settings.libraryRoot;
  }
}

/** Whether two health reports of the same library folder count different files or datasets (a download landed, a file was deleted). */
export function libraryContentsChanged(before: Health, after: Health): boolean {
  const a = before.library;
  const b = after.library;
  if (a === undefined || a === null || b === undefined || b === null || a.root !== b.root) return false;
  return a.files !== b.files || a.datasets !== b.datasets;
}

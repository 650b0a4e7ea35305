import type { DataSourceKind, SettingsPatch } from '../../../../shared/settings.ts';

/** The default library folder as the user-data folder's own separator writes it: `{userDataDir}/library`. */
export function defaultLibraryRootShown(userDataDir: string): string {
  const separator = userDataDir.includes('\\') && !userDataDir.includes('/') ? '\\' : '/';
  return `${userDataDir.replace(/[\\/]+$/, '')}${separator}library`;
}

/** The settings patch that saves the chosen source; a library folder equal to the default is saved as the default (null). */
export function dataSourcePatch(kind: DataSourceKind, baseUrl: string, folder: string, defaultFolder: string | null): SettingsPatch {
  if (kind === 'remote') return { dataSource: 'remote', remoteBaseUrl: baseUrl };
  if (kind === 'library') return { dataSource: 'library', libraryRoot: folder.trim() === defaultFolder ? null : folder };
  return { dataSource: 'embedded' };
}

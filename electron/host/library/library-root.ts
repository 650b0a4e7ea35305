import { join } from 'node:path';
import type { Settings } from '../../../shared/settings.ts';

/** The folder name of the default library inside the user-data folder. */
export const defaultLibraryFolder = 'library';

/** The default library folder: `{userDataDir}/library`. */
export function defaultLibraryRoot(userDataDir: string): string {
  return join(userDataDir, defaultLibraryFolder);
}

/** The library folder the settings select: `libraryRoot`, or `{userDataDir}/library` when it is null. */
export function libraryRootOf(settings: Pick<Settings, 'libraryRoot'>, userDataDir: string): string {
  return settings.libraryRoot ?? defaultLibraryRoot(userDataDir);
}

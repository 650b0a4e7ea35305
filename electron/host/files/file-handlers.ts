import type { AppInfo } from '../../../shared/contract/channels.ts';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { ContractHandlers } from '../contract/handlers.ts';
import type { FileGrants } from './file-grants.ts';
import { contractError } from '../contract-errors.ts';

/** The host's native open dialog: the chosen paths, none when cancelled. The Electron shell provides it. */
export type FilePicker = () => Promise<readonly string[]>;

/** What the `files.*` channels need to know about their host. */
export interface FileHost {
  mode: AppInfo['mode'];
  /** Null where there is no native dialog (browser mode, tests). */
  pickFiles: FilePicker | null;
}

/** The contract channels this module implements. */
export type FileHandlers = Pick<ContractHandlers, 'files.pick' | 'files.grantPath' | 'files.grantDropped'>;

function unavailable(message: string, resolution: string): ContractError {
  return contractError('unavailable', null, message, resolution);
}

/**
 * The `files.*` channels. Every way in ends in a grant: the dialog and a drop in the Electron
 * app, a typed path only in browser mode (the user runs that server on their own machine, behind
 * its token). The Electron app never takes a path as free text from the renderer.
 */
export function fileHandlers(grants: FileGrants, host: FileHost): FileHandlers {
  return {
    'files.pick': async () => {
      if (host.pickFiles === null) {
        throw unavailable(
          'There is no native file dialog in browser mode',
          'Type the full path of each file instead; in the desktop app, use Open… or drag the files onto the window.',
        );
      }
      return { files: await grants.grant(await host.pickFiles(), 'dialog') };
    },
    'files.grantPath': async ({ paths }) => {
      if (host.mode !== 'browser') {
        throw unavailable(
          'The desktop app does not open files from typed paths',
          'Use Open… to choose the files, or drag them onto the window.',
        );
      }
      return { files: await grants.grant(paths, 'typed-path') };
    },
    'files.grantDropped': async ({ paths }) => {
      if (host.mode !== 'electron') {
        throw unavailable('A browser does not tell the page where a dropped file is', 'Type the full path of each file instead.');
      }
      return { files: await grants.grant(paths, 'drop') };
    },
  };
}

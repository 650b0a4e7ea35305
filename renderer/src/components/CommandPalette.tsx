import { useCallback } from 'react';
import type { ShellCommand } from '../navigation/shell-commands.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { CommandPaletteList } from './CommandPaletteList.tsx';
import './command-palette.css';
import { dialogStoreHandlers, useStoreDialog } from '../hooks/use-store-dialog.ts';

/** Props of the command palette. */
export interface CommandPaletteProps {
  /** Runs a shell command (the same runner as the keyboard shortcuts). */
  run: (command: ShellCommand) => void;
}

/**
 * The command palette (Ctrl/Cmd+K): go to a market, a view, or run an action. A modal dialog:
 * Escape or a click outside closes it, and focus returns to where it was when it opened.
 */
export function CommandPalette({ run }: CommandPaletteProps) {
  const open = useUiStore((state) => state.paletteOpen);
  const setOpen = useUiStore((state) => state.setPaletteOpen);
  // The field mounted while the dialog was still closed, so it takes focus once the dialog shows.
  const dialog = useStoreDialog(open, '[cmdk-input]');

  /**
   * Closes the palette and does what was chosen. Closing a modal dialog returns focus to where it
   * was when the dialog opened; a command that moves focus on purpose (Settings → API key) does so
   * when its view renders, after that.
   */
  const leave = useCallback(
    (then?: () => void) => {
      dialog.current?.close();
      // The close event comes a task later; Ctrl+K pressed before it must open, not close, the palette.
      setOpen(false);
      then?.();
    },
    [dialog, setOpen],
  );

  return (
    <dialog
      ref={dialog}
      className="command-palette"
      aria-label="Command palette"
      {...dialogStoreHandlers(() => setOpen(false))}
      onClick={(event) => {
        if (event.target === dialog.current) leave();
      }}
    >
      {open && <CommandPaletteList run={run} leave={leave} />}
    </dialog>
  );
}

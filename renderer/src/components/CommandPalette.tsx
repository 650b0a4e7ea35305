import { useCallback, useEffect, useRef } from 'react';
import type { ShellCommand } from '../navigation/shell-commands.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { CommandPaletteList } from './CommandPaletteList.tsx';
import './command-palette.css';

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
  const dialog = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // The field mounted while the dialog was still closed, so it could not take focus then.
      element.querySelector<HTMLInputElement>('[cmdk-input]')?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const onClose = (): void => {
    setOpen(false);
    const back = returnFocusTo.current;
    returnFocusTo.current = null;
    const active = document.activeElement;
    // Only when focus was lost: a command that moved focus on purpose (Settings → API key) keeps it.
    if (back?.isConnected === true && (active === null || active === document.body || dialog.current?.contains(active) === true)) back.focus();
  };

  /** Closes the palette first (focus goes back), then does what was chosen. */
  const leave = useCallback((then?: () => void) => {
    dialog.current?.close();
    then?.();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="command-palette"
      aria-label="Command palette"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) leave();
      }}
    >
      {open && <CommandPaletteList run={run} leave={leave} />}
    </dialog>
  );
}

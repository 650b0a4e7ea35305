import type { KeyboardEvent, SyntheticEvent } from 'react';

/**
 * Handlers that keep a modal `<dialog>` and its store flag in step. Escape closes it in the store at
 * once (the browser's close event comes a task later, and a shortcut pressed in between must find
 * it closed); a close event that arrives after the dialog was reopened is ignored.
 */
export function dialogStoreHandlers(close: () => void) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>): void => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close();
      }
    },
    onClose: (event: SyntheticEvent<HTMLDialogElement>): void => {
      if (!event.currentTarget.open) close();
    },
  };
}

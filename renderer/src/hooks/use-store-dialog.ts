import { useEffect, useRef, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';

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

/**
 * A modal `<dialog>` that follows a store flag: shown with `showModal()` when `open` turns true
 * (then the element matching `focusSelector` inside it takes focus), closed when it turns false.
 */
export function useStoreDialog(open: boolean, focusSelector: string): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    if (open && !element.open) {
      element.showModal();
      element.querySelector<HTMLElement>(focusSelector)?.focus();
    }
    if (!open && element.open) element.close();
  }, [open, focusSelector]);
  return dialog;
}

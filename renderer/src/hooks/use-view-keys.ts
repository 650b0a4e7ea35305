import { useEffect, useRef, type MouseEvent } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A view's own single-key shortcuts (`j`, `k`, `[`, `]`, Enter, `1`…): called with the key, it
 * returns whether it handled it. Keys typed into fields, keys with Ctrl, Cmd or Alt, keys while a
 * dialog is open and keys the shell already took are left alone; so is Enter on a button or link,
 * which activates it. The handler may change on every render; the listener is installed once.
 */
export function useViewKeys(onKey: (key: string) => boolean): void {
  const handler = useRef(onKey);
  useEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      if (event.key === 'Enter' && event.target instanceof HTMLElement && ['BUTTON', 'A'].includes(event.target.tagName)) return;
      if (handler.current(event.key)) event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** `useViewKeys` from a map of key → action. */
export function useViewKeyMap(actions: Readonly<Record<string, () => void>>): void {
  useViewKeys((key) => {
    const action = actions[key];
    if (action === undefined) return false;
    action();
    return true;
  });
}

/**
 * A click handler that runs `action` and, for a pointer click, lets go of the focus, so Enter
 * afterwards drives the view's list instead of pressing the same button again. A keyboard
 * activation (detail 0) keeps the focus where the user put it.
 */
export function clickThenRelease(action: () => void): (event: MouseEvent<HTMLElement>) => void {
  return (event) => {
    action();
    if (event.detail > 0) event.currentTarget.blur();
  };
}

import { useEffect, useRef } from 'react';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A view's own single-key shortcuts (`[`, `]`, `j`, `1`…): each key in `handlers` runs its
 * handler, unless the user is typing in a field, a modifier is held or a dialog is open. Handlers
 * may change on every render; the listener is installed once.
 */
export function useViewKeys(handlers: Readonly<Record<string, () => void>>): void {
  const current = useRef(handlers);
  useEffect(() => {
    current.current = handlers;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('dialog[open]') !== null) return;
      const handler = current.current[event.key];
      if (handler === undefined) return;
      handler();
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}

import { useEffect } from 'react';
import type { ViewId } from '../../../shared/settings.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { viewEntries } from '../views/view-registry.ts';

/** How long after `g` the second key of a "go to" chord is accepted. */
const chordWindowMs = 1200;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The shell's keyboard map: `g` then a view's letter, Alt+1…6, Ctrl/Cmd+, for settings, `/` to
 * search the view, `?` for the shortcut sheet and Escape to close it. Keys typed into fields are left alone.
 */
export function useGlobalShortcuts(onNavigate: (view: ViewId) => void): void {
  useEffect(() => {
    let chordStartedAt = 0;
    const onKeyDown = (event: KeyboardEvent): void => {
      const { shortcutHelpOpen, setShortcutHelpOpen } = useUiStore.getState();
      if (event.key === 'Escape' && shortcutHelpOpen) {
        setShortcutHelpOpen(false);
        event.preventDefault();
        return;
      }
      if ((event.ctrlKey || event.metaKey) && event.key === ',') {
        onNavigate('settings');
        event.preventDefault();
        return;
      }
      if (event.altKey && !event.ctrlKey && !event.metaKey && /^Digit[1-9]$/.test(event.code)) {
        const entry = viewEntries[Number(event.code.slice(5)) - 1];
        if (entry !== undefined) {
          onNavigate(entry.id);
          event.preventDefault();
        }
        return;
      }
      if (isTyping(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLElement>('[data-shortcut="/"]');
        if (search !== null) {
          search.focus();
          event.preventDefault();
        }
        return;
      }
      if (event.key === '?') {
        setShortcutHelpOpen(!shortcutHelpOpen);
        event.preventDefault();
        return;
      }
      if (event.key === 'g') {
        chordStartedAt = performance.now();
        return;
      }
      if (performance.now() - chordStartedAt < chordWindowMs) {
        chordStartedAt = 0;
        const entry = viewEntries.find((view) => view.goKey === event.key);
        if (entry !== undefined) {
          onNavigate(entry.id);
          event.preventDefault();
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onNavigate]);
}

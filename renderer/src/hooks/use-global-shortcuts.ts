import { useEffect, useRef } from 'react';
import { interpretKey } from '../navigation/key-bindings.ts';
import type { ShellCommand } from '../navigation/shell-commands.ts';
import type { ViewDefinition } from '../navigation/view-definition.ts';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Listens for the shell's shortcuts (`navigation/key-bindings.ts`: `g` chords, Alt+digit,
 * Ctrl/Cmd+K, Ctrl/Cmd+,, `/`, `?`, Alt+Shift actions) and runs what they name. Keys typed into
 * fields are left alone, except Ctrl/Cmd combinations and Alt+digit. It listens in the capture
 * phase and stops a key it uses, so a view never also acts on it: the `f` of `g f` does not
 * toggle a favourite in the catalog. `/` focuses the field a view marks with
 * `data-shortcut="/"`; in a view with none, the view gets the key. It subscribes once and runs
 * the latest `run`: `run` changes whenever settings are refetched (saving the view shown does
 * that), and a re-subscription between `g` and its second key would drop the chord. `views`
 * are the app's views in rail order (a fixed list: the registry).
 */
export function useGlobalShortcuts(run: (command: ShellCommand) => void, views: readonly ViewDefinition[]): void {
  const latestRun = useRef(run);
  useEffect(() => {
    latestRun.current = run;
  }, [run]);
  useEffect(() => {
    let goPendingSince: number | null = null;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.isComposing) return;
      const outcome = interpretKey(
        {
          key: event.key,
          code: event.code,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          altKey: event.altKey,
          shiftKey: event.shiftKey,
          typing: isTyping(event.target),
        },
        goPendingSince,
        performance.now(),
        views,
      );
      goPendingSince = outcome.goPendingSince;
      if (outcome.command?.kind === 'search' && document.querySelector('[data-shortcut="/"]') === null) return;
      if (outcome.command !== null) {
        event.preventDefault();
        event.stopPropagation();
        latestRun.current(outcome.command);
      }
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [views]);
}

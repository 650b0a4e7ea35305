import { useEffect } from 'react';
import { interpretKey } from '../navigation/key-bindings.ts';
import type { ShellCommand } from '../navigation/shell-commands.ts';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Listens for the shell's shortcuts (`navigation/key-bindings.ts`: `g` chords, Alt+digit,
 * Ctrl/Cmd+K, Ctrl/Cmd+,, `/`, `?`, Alt+Shift actions) and runs what they name. Keys typed into
 * fields are left alone, except Ctrl/Cmd combinations and Alt+digit.
 */
export function useGlobalShortcuts(run: (command: ShellCommand) => void): void {
  useEffect(() => {
    let goPendingSince: number | null = null;
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.defaultPrevented || event.isComposing) return;
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
      );
      goPendingSince = outcome.goPendingSince;
      if (outcome.command !== null) {
        event.preventDefault();
        run(outcome.command);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [run]);
}

import { indexOfAltDigit, type ShellCommand } from './shell-commands.ts';
import type { ViewDefinition } from './view-definition.ts';

/** How long after `g` the second key of a "go to" chord is accepted. */
export const goChordWindowMs = 1200;

/** The parts of a key press the shell's map reads. */
export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** True when the press goes to a text field, where plain keys type and are not shortcuts. */
  typing: boolean;
}

/** What a key press means to the shell: a command or none, and when a pending `g` chord began. */
export interface KeyOutcome {
  command: ShellCommand | null;
  goPendingSince: number | null;
}

/** Alt+Shift+letter actions, by physical key (a Mac's Option changes the character, not the code). */
const altShiftActions: Readonly<Record<string, ShellCommand>> = {
  KeyU: { kind: 'toggle-time-zone' },
  KeyD: { kind: 'toggle-density' },
  KeyS: { kind: 'data-source' },
  KeyA: { kind: 'api-key' },
  KeyE: { kind: 'use-demo' },
  KeyL: { kind: 'copy-link' },
};

/**
 * The shell's keyboard map (the `?` sheet lists it). Ctrl/Cmd combinations and Alt+digit work
 * everywhere, even in a text field; Alt+Shift+letter, `/`, `?` and the `g` chords only when
 * not typing. `now` is any monotonic clock in ms (the chord window is measured on it); `views`
 * are the app's views in rail order (their Alt digits and `g` letters).
 */
export function interpretKey(press: KeyPress, goPendingSince: number | null, now: number, views: readonly ViewDefinition[]): KeyOutcome {
  const none = (pending: number | null = null): KeyOutcome => ({ command: null, goPendingSince: pending });
  const found = (command: ShellCommand): KeyOutcome => ({ command, goPendingSince: null });
  const mod = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  if (mod && !press.altKey) {
    if (key === 'k' || press.code === 'KeyK') return found(press.shiftKey ? { kind: 'go-to-market' } : { kind: 'palette' });
    if (key === ',' && !press.shiftKey) return found({ kind: 'go', view: 'settings' });
    return none();
  }
  if (mod) return none();
  if (press.altKey) {
    if (press.code.startsWith('Digit') && !press.shiftKey) {
      const entry = views[indexOfAltDigit(press.code.slice(5)) ?? -1];
      return entry === undefined ? none() : found({ kind: 'go', view: entry.id });
    }
    const action = altShiftActions[press.code];
    return press.shiftKey && !press.typing && action !== undefined ? found(action) : none();
  }
  if (press.typing) return none();
  if (press.key === '/') return found({ kind: 'search' });
  if (press.key === '?') return found({ kind: 'shortcuts' });
  if (goPendingSince !== null && now - goPendingSince < goChordWindowMs) {
    const entry = views.find((view) => view.goKey === press.key);
    if (entry !== undefined) return found({ kind: 'go', view: entry.id });
    return none(press.key === 'g' ? now : null);
  }
  if (press.key === 'g') return none(now);
  return none();
}

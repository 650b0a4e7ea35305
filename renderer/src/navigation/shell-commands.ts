import type { ViewId } from '../../../shared/settings.ts';
import type { ViewDefinition } from './view-definition.ts';

/** Something the shell does on a shortcut or from the command palette. */
export type ShellCommand =
  | { kind: 'go'; view: ViewId }
  | { kind: 'palette' }
  | { kind: 'go-to-market' }
  | { kind: 'shortcuts' }
  | { kind: 'search' }
  | { kind: 'toggle-time-zone' }
  | { kind: 'toggle-density' }
  | { kind: 'data-source' }
  | { kind: 'api-key' }
  | { kind: 'use-demo' }
  | { kind: 'copy-link' };

/**
 * A command as the palette and the shortcut sheet show it. `keys` are its shortcuts, each written
 * as keys pressed together joined by `+` (`Mod+K`; Mod is Ctrl, or ⌘ on a Mac) and keys pressed
 * in turn separated by a space (`g c`).
 */
export interface CommandSpec {
  command: ShellCommand;
  label: string;
  keys: readonly string[];
  /** Other words the palette finds it by. */
  keywords?: string;
}

/** The digit after Alt that opens the view at `index` in rail order: 1…9, then 0 for the tenth. */
export function altDigitOf(index: number): string | undefined {
  if (!Number.isInteger(index) || index < 0 || index > 9) return undefined;
  return index === 9 ? '0' : String(index + 1);
}

/** The rail index that Alt plus this digit opens (the inverse of `altDigitOf`). */
export function indexOfAltDigit(digit: string): number | undefined {
  if (!/^[0-9]$/.test(digit)) return undefined;
  return digit === '0' ? 9 : Number(digit) - 1;
}

/** One command per view, in rail order: `g` and its letter, Alt and its digit (and Mod+, for Settings). */
export function viewCommandsOf(views: readonly ViewDefinition[]): CommandSpec[] {
  return views.map((entry, index) => {
    const digit = altDigitOf(index);
    const keys = [`g ${entry.goKey}`, ...(digit === undefined ? [] : [`Alt+${digit}`]), ...(entry.id === 'settings' ? ['Mod+,'] : [])];
    return { command: { kind: 'go', view: entry.id }, label: entry.label, keys, keywords: `${entry.summary} view go` };
  });
}

/** The shell's actions, with their shortcuts; the palette lists them and the `?` sheet shows their keys. */
export const actionCommands: readonly CommandSpec[] = [
  { command: { kind: 'palette' }, label: 'Command palette', keys: ['Mod+K'], keywords: 'commands' },
  { command: { kind: 'go-to-market' }, label: 'Go to market…', keys: ['Mod+Shift+K'], keywords: 'open find symbol instrument' },
  { command: { kind: 'search' }, label: "Search the view's list", keys: ['/'], keywords: 'find filter' },
  { command: { kind: 'toggle-time-zone' }, label: 'Toggle UTC / local time', keys: ['Alt+Shift+U'], keywords: 'time zone clock utc local' },
  { command: { kind: 'toggle-density' }, label: 'Toggle compact / comfortable rows', keys: ['Alt+Shift+D'], keywords: 'density dense rows' },
  { command: { kind: 'data-source' }, label: 'Settings → Data source', keys: ['Alt+Shift+S'], keywords: 'remote service url connection' },
  { command: { kind: 'api-key' }, label: 'Settings → API key', keys: ['Alt+Shift+A'], keywords: 'key bearer token access' },
  { command: { kind: 'use-demo' }, label: 'Switch to the embedded demo', keys: ['Alt+Shift+E'], keywords: 'embedded simulated offline data source' },
  { command: { kind: 'copy-link' }, label: 'Copy a link to this view', keys: ['Alt+Shift+L'], keywords: 'share url deep link clipboard' },
  { command: { kind: 'shortcuts' }, label: 'Show keyboard shortcuts', keys: ['?'], keywords: 'keys keyboard help' },
];

/** The shortcuts of a command, as listed by `viewCommandsOf` and in `actionCommands`. */
export function keysOf(command: ShellCommand, views: readonly ViewDefinition[]): readonly string[] {
  const spec = [...viewCommandsOf(views), ...actionCommands].find((entry) => sameCommand(entry.command, command));
  return spec?.keys ?? [];
}

/** Whether two commands are the same (same kind, and the same view for `go`). */
export function sameCommand(a: ShellCommand, b: ShellCommand): boolean {
  return a.kind === b.kind && (a.kind !== 'go' || (b.kind === 'go' && a.view === b.view));
}

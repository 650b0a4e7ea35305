import { actionCommands, viewCommandsOf } from './shell-commands.ts';
import type { ShortcutSection, ViewDefinition } from './view-definition.ts';

/**
 * Every shortcut of the app, by section, for the `?` sheet: the shell's (from its command lists,
 * so the sheet cannot drift from the key map), the palette's, then each view's own, as the view
 * declares them, in rail order. Keys are ignored while typing in a field, except Ctrl/Cmd
 * combinations and Alt+digit.
 */
export function shortcutSectionsOf(views: readonly ViewDefinition[]): ShortcutSection[] {
  return [
    {
      id: 'go',
      title: 'Go to',
      scope: 'anywhere',
      entries: viewCommandsOf(views).map((spec) => ({ keys: spec.keys, does: spec.label })),
    },
    {
      id: 'shell',
      title: 'Anywhere',
      scope: 'anywhere',
      entries: [
        ...actionCommands.map((spec) => ({ keys: spec.keys, does: spec.label })),
        { keys: ['↑ ↓', 'Home End'], does: 'Move between views in the rail' },
        { keys: ['Esc'], does: 'Close a dialog or this sheet' },
      ],
    },
    {
      id: 'palette',
      title: 'Command palette',
      scope: 'in the palette',
      entries: [
        { keys: ['↑ ↓'], does: 'Move' },
        { keys: ['Enter'], does: 'Run, or open the market' },
        { keys: ['Backspace'], does: 'Back to all commands (empty search)' },
        { keys: ['Esc'], does: 'Close; focus returns where it was' },
      ],
    },
    ...views.flatMap((view) => view.shortcuts),
  ];
}

/** How a key is printed on the sheet: `Mod` is Ctrl (⌘ on a Mac), Alt is ⌥ and Shift ⇧ on a Mac. */
export function keyCapLabel(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  if (mac && key === 'Alt') return '⌥';
  if (mac && key === 'Shift') return '⇧';
  return key;
}

/**
 * A shortcut written as in `CommandSpec.keys`, split into steps pressed in turn, each a list of
 * keys pressed together: `Mod+Shift+K` → [[Mod, Shift, K]], `g c` → [[g], [c]]. A lone `+` is the
 * plus key.
 */
export function keySteps(shortcut: string): string[][] {
  return shortcut
    .split(' ')
    .filter((step) => step !== '')
    .map((step) => (step === '+' ? ['+'] : step.split('+')));
}

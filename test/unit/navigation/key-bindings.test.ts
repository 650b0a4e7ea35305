import { describe, expect, it } from 'vitest';
import { goChordWindowMs, interpretKey, type KeyPress } from '../../../renderer/src/navigation/key-bindings.ts';
import { actionCommands, altDigitOf, indexOfAltDigit, keysOf, viewCommandsOf, type ShellCommand } from '../../../renderer/src/navigation/shell-commands.ts';
import { keyCapLabel, keySteps, shortcutSectionsOf } from '../../../renderer/src/navigation/shortcut-registry.ts';
import { viewRegistry } from '../../../renderer/src/views/view-registry.ts';

const viewCommands = viewCommandsOf(viewRegistry);
const shortcutSections = shortcutSectionsOf(viewRegistry);

/** A key press as a browser reports it on a US layout: `key` is the character, `code` the physical key. */
function press(key: string, options: Partial<KeyPress> = {}): KeyPress {
  const code = /^[a-z]$/i.test(key) ? `Key${key.toUpperCase()}` : /^[0-9]$/.test(key) ? `Digit${key}` : key === ',' ? 'Comma' : key === '/' || key === '?' ? 'Slash' : key;
  return { key, code, ctrlKey: false, metaKey: false, altKey: false, shiftKey: key === '?', typing: false, ...options };
}

/** Presses keys one after another, `gapMs` apart, and returns the commands they gave. */
function pressInTurn(presses: readonly KeyPress[], gapMs = 100): (ShellCommand | null)[] {
  let pending: number | null = null;
  return presses.map((one, index) => {
    const outcome = interpretKey(one, pending, 10_000 + index * gapMs, viewRegistry);
    pending = outcome.goPendingSince;
    return outcome.command;
  });
}

/** The presses a shortcut of the sheet stands for (Mod as Ctrl, or as Meta). */
function pressesOf(shortcut: string, modKey: 'ctrlKey' | 'metaKey' = 'ctrlKey'): KeyPress[] {
  return keySteps(shortcut).map((together) => {
    const key = together[together.length - 1] ?? '';
    const held = new Set(together.slice(0, -1));
    const shift = held.has('Shift');
    return press(shift && /^[a-z]$/i.test(key) ? key.toUpperCase() : key.length === 1 ? key.toLowerCase() : key, {
      [modKey]: held.has('Mod'),
      altKey: held.has('Alt'),
      shiftKey: shift || key === '?',
    });
  });
}

describe('interpretKey', () => {
  it('opens views with g and a letter, in the order the rail shows them', () => {
    const expected: [string, string][] = [
      ['c', 'catalog'], ['m', 'workspace'], ['o', 'options'], ['i', 'intents'], ['q', 'quotes'],
      ['e', 'events'], ['r', 'replay'], ['f', 'files'], ['d', 'downloads'], ['s', 'settings'], ['a', 'research'],
    ];
    for (const [letter, view] of expected) expect(pressInTurn([press('g'), press(letter)])).toEqual([null, { kind: 'go', view }]);
  });

  it('opens views with Alt+1…9 and Alt+0 for the tenth (Settings)', () => {
    expect(interpretKey(press('1', { altKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'catalog' });
    expect(interpretKey(press('3', { altKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'options' });
    expect(interpretKey(press('9', { altKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'downloads' });
    expect(interpretKey(press('0', { altKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'settings' });
    // On a Mac, Option+0 types "º": the physical key decides.
    expect(interpretKey({ ...press('º', { altKey: true }), code: 'Digit0' }, null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'settings' });
  });

  it('lets the g chord lapse after its window, and restarts it on a second g', () => {
    expect(pressInTurn([press('g'), press('c')], goChordWindowMs + 1)).toEqual([null, null]);
    expect(pressInTurn([press('g'), press('c')], goChordWindowMs - 1)).toEqual([null, { kind: 'go', view: 'catalog' }]);
    expect(pressInTurn([press('g'), press('g'), press('o')])).toEqual([null, null, { kind: 'go', view: 'options' }]);
    expect(pressInTurn([press('g'), press('x'), press('c')])).toEqual([null, null, null]);
    expect(pressInTurn([press('c')])).toEqual([null]);
  });

  it('opens the palette with Ctrl or Cmd+K, and on "Go to market" with Shift', () => {
    expect(interpretKey(press('k', { ctrlKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'palette' });
    expect(interpretKey(press('k', { metaKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'palette' });
    expect(interpretKey(press('K', { ctrlKey: true, shiftKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go-to-market' });
    expect(interpretKey(press('k', { ctrlKey: true, altKey: true }), null, 0, viewRegistry).command).toBeNull();
  });

  it('keeps Ctrl/Cmd combinations and Alt+digit working while typing, and nothing else', () => {
    const typing = { typing: true };
    expect(interpretKey(press('k', { ...typing, ctrlKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'palette' });
    expect(interpretKey(press(',', { ...typing, metaKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'settings' });
    expect(interpretKey(press('2', { ...typing, altKey: true }), null, 0, viewRegistry).command).toEqual({ kind: 'go', view: 'workspace' });
    for (const key of ['/', '?', 'g']) expect(interpretKey(press(key, typing), null, 0, viewRegistry)).toEqual({ command: null, goPendingSince: null });
    expect(interpretKey(press('c', typing), 0, 100, viewRegistry).command).toBeNull();
    expect(interpretKey(press('U', { ...typing, altKey: true, shiftKey: true }), null, 0, viewRegistry).command).toBeNull();
  });

  it('runs the Alt+Shift actions by physical key', () => {
    expect(interpretKey({ ...press('¨', { altKey: true, shiftKey: true }), code: 'KeyU' }, null, 0, viewRegistry).command).toEqual({ kind: 'toggle-time-zone' });
    expect(interpretKey(press('u', { altKey: true }), null, 0, viewRegistry).command).toBeNull();
  });

  it('does what the shortcut sheet says for every shell shortcut, with Ctrl or Cmd', () => {
    for (const spec of [...viewCommands, ...actionCommands]) {
      expect(spec.keys.length, spec.label).toBeGreaterThan(0);
      for (const shortcut of spec.keys) {
        for (const modKey of ['ctrlKey', 'metaKey'] as const) {
          const commands = pressInTurn(pressesOf(shortcut, modKey));
          expect(commands[commands.length - 1], `${spec.label}: ${shortcut}`).toEqual(spec.command);
        }
      }
    }
  });
});

describe('the shortcut sheet', () => {
  it('lists each of the ten views with its letter and digit in rail order, the tenth on 0', () => {
    const go = shortcutSections.find((section) => section.id === 'go');
    expect(go?.entries.map((entry) => [entry.does, ...entry.keys])).toEqual([
      ['Catalog', 'g c', 'Alt+1'],
      ['Market', 'g m', 'Alt+2'],
      ['Options', 'g o', 'Alt+3'],
      ['Intents', 'g i', 'Alt+4'],
      ['Quotes', 'g q', 'Alt+5'],
      ['Events', 'g e', 'Alt+6'],
      ['Book replay', 'g r', 'Alt+7'],
      ['Files', 'g f', 'Alt+8'],
      ['Downloads', 'g d', 'Alt+9'],
      ['Settings', 'g s', 'Alt+0', 'Mod+,'],
      // The eleventh view has no Alt digit: g a, or the palette.
      ['Research', 'g a'],
    ]);
  });

  it('has a section for each view that has keys of its own, and no shortcut listed twice in one section', () => {
    // The views' sections follow the rail (each view declares its own; the replay's heatmap follows it).
    expect(shortcutSections.map((section) => section.id)).toEqual(['go', 'shell', 'palette', 'catalog', 'workspace', 'options', 'intents', 'quotes', 'events', 'replay', 'heatmap', 'files', 'downloads', 'research']);
    for (const section of shortcutSections) {
      const keys = section.entries.flatMap((entry) => entry.keys);
      expect(new Set(keys).size, section.id).toBe(keys.length);
    }
  });

  it('gives no two shell commands the same shortcut', () => {
    const keys = [...viewCommands, ...actionCommands].flatMap((spec) => spec.keys);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('shows a command its shortcuts', () => {
    expect(keysOf({ kind: 'copy-link' }, viewRegistry)).toEqual(['Alt+Shift+L']);
    expect(keysOf({ kind: 'go', view: 'options' }, viewRegistry)).toEqual(['g o', 'Alt+3']);
  });

  it('splits a shortcut into steps of keys pressed together, and prints Mod per platform', () => {
    expect(keySteps('Mod+Shift+K')).toEqual([['Mod', 'Shift', 'K']]);
    expect(keySteps('g c')).toEqual([['g'], ['c']]);
    expect(keySteps('Mod+,')).toEqual([['Mod', ',']]);
    expect(keySteps('+')).toEqual([['+']]);
    expect(keyCapLabel('Mod', false)).toBe('Ctrl');
    expect(keyCapLabel('Mod', true)).toBe('⌘');
    expect(keyCapLabel('Alt', true)).toBe('⌥');
    expect(keyCapLabel('Alt', false)).toBe('Alt');
  });

  it('numbers Alt digits 1…9 then 0, and back', () => {
    expect(Array.from({ length: 10 }, (_, index) => altDigitOf(index))).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0']);
    expect(altDigitOf(10)).toBeUndefined();
    expect(['1', '9', '0', 'x'].map(indexOfAltDigit)).toEqual([0, 8, 9, undefined]);
  });
});

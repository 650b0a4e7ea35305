import { actionCommands, viewCommands } from './shell-commands.ts';

/** One line of the shortcut sheet: its keys (see `CommandSpec.keys` for the notation) and what they do. */
export interface ShortcutEntry {
  keys: readonly string[];
  does: string;
}

/** A titled group of the shortcut sheet: the shell's, the palette's, or one view's. */
export interface ShortcutSection {
  id: string;
  title: string;
  /** Where the keys work, shown under the title. */
  scope: string;
  entries: readonly ShortcutEntry[];
}

/**
 * Every shortcut of the app, by section, for the `?` sheet. The shell's come from its command
 * lists (so the sheet cannot drift from the key map); each view implements its own keys, listed
 * here as the views' brief defines them. Keys are ignored while typing in a field, except Ctrl/Cmd
 * combinations and Alt+digit.
 */
export const shortcutSections: readonly ShortcutSection[] = [
  {
    id: 'go',
    title: 'Go to',
    scope: 'anywhere',
    entries: viewCommands.map((spec) => ({ keys: spec.keys, does: spec.label })),
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
  {
    id: 'catalog',
    title: 'Catalog',
    scope: 'in the catalog',
    entries: [
      { keys: ['↑ ↓', 'PgUp PgDn', 'Home End'], does: 'Move' },
      { keys: ['Enter'], does: 'Open the market' },
      { keys: ['f'], does: 'Toggle favourite' },
      { keys: ['/'], does: 'Search' },
    ],
  },
  {
    id: 'workspace',
    title: 'Market',
    scope: 'in the market workspace',
    entries: [
      { keys: ['[', ']'], does: 'Previous / next interval' },
      { keys: ['l'], does: 'Jump the chart to the latest candle' },
      { keys: ['t'], does: 'Focus the trades tape' },
      { keys: ['b'], does: 'Replay the book of the last 10 minutes' },
      { keys: ['c', 'f'], does: 'Chart: time candles / footprint' },
      { keys: ['a'], does: 'Chart: activity bars (again: tick → volume → dollar)' },
      { keys: ['+', '−'], does: 'Footprint: coarser / finer price step' },
    ],
  },
  {
    id: 'options',
    title: 'Options',
    scope: 'in the option chain',
    entries: [
      { keys: ['[', ']'], does: 'Previous / next expiry' },
      { keys: ['/'], does: 'Search instruments' },
    ],
  },
  {
    id: 'intents',
    title: 'Intents',
    scope: 'in intent lifecycles',
    entries: [
      { keys: ['j', 'k'], does: 'Next / previous lifecycle' },
      { keys: ['Enter'], does: 'Expand / collapse' },
    ],
  },
  {
    id: 'quotes',
    title: 'Quotes',
    scope: 'in quote ladders',
    entries: [{ keys: ['j', 'k', '[', ']'], does: 'Next / previous observation' }],
  },
  {
    id: 'events',
    title: 'Events',
    scope: 'in the event stream',
    entries: [
      { keys: ['1…7'], does: 'Toggle one of the seven event types' },
      { keys: ['j', 'k'], does: 'Move the selection' },
    ],
  },
  {
    id: 'replay',
    title: 'Book replay',
    scope: 'in the book replay',
    entries: [
      { keys: ['Space'], does: 'Play / pause' },
      { keys: ['←', '→'], does: 'One event back / forward' },
      { keys: ['[', ']'], does: 'Slower / faster (0.1× to 1000×)' },
      { keys: ['g'], does: 'Go to a time (here g is not a view chord: Alt+1…9 switch views)' },
      { keys: ['f'], does: 'Heatmap: follow the cursor again (time runs up to now, prices centre on the mid)' },
      { keys: ['Home', 'End'], does: 'First / last event' },
    ],
  },
  {
    id: 'research',
    title: 'Research',
    scope: 'in the Research view',
    entries: [
      { keys: ['1…5'], does: 'Markouts, depth, latency, venues, activity' },
      { keys: ['/'], does: 'Choose the market' },
      { keys: ['o'], does: 'Open a snapshot file to study' },
      { keys: ['r'], does: 'On a chosen venue chip: make it the reference' },
    ],
  },
  {
    id: 'heatmap',
    title: 'Liquidity heatmap',
    scope: 'with the heatmap focused',
    entries: [
      { keys: ['←', '→', '↑', '↓'], does: 'Pan time and price (leaves follow mode)' },
      { keys: ['+', '−'], does: 'Zoom time in / out; prices re-fit to the book in view' },
      { keys: [']', '['], does: 'Zoom prices in / out around the book' },
      { keys: ['0'], does: 'Everything loaded so far' },
      { keys: ['f'], does: 'Follow the cursor' },
    ],
  },
  {
    id: 'files',
    title: 'Files',
    scope: 'in the snapshot file viewer',
    entries: [
      { keys: ['o'], does: 'Open a file (or drop one on the view)' },
      { keys: ['/'], does: 'Search the raw lines' },
      { keys: ['t'], does: 'Jump to a collector time' },
      { keys: ['j', 'k'], does: 'Next / previous record' },
      { keys: ['Enter'], does: "Show / hide the record's raw line" },
      { keys: ['Esc'], does: 'Close the raw line' },
    ],
  },
  {
    id: 'downloads',
    title: 'Downloads',
    scope: 'in the availability calendar',
    entries: [
      { keys: ['← →', '↑ ↓', 'Home End'], does: 'Move the cursor by hour / by day / to the day’s ends' },
      { keys: ['Space'], does: 'Select / unselect the hour' },
      { keys: ['a'], does: 'Select / unselect the whole day' },
      { keys: ['Enter'], does: 'Download the selection' },
      { keys: ['Esc'], does: 'Clear the selection' },
      { keys: ['[', ']'], does: 'Earlier / later days' },
    ],
  },
];

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

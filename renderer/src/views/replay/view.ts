import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { ReplayView } from './ReplayView.tsx';

/** The book replay: a market's order book played back, as a ladder and a liquidity heatmap. */
export const replayView: ViewDefinition = {
  id: 'replay',
  label: 'Book replay',
  goKey: 'r',
  icon: '≣',
  summary: 'Depth ladder and liquidity heatmap',
  shortcuts: [
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
  ],
  component: ReplayView,
};

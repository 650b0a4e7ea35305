import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { MarketWorkspace } from './MarketWorkspace.tsx';

/** The market workspace: one market's chart, trades tape and funding. */
export const workspaceView: ViewDefinition = {
  id: 'workspace',
  label: 'Market',
  goKey: 'm',
  icon: '◫',
  summary: 'Candles, trades and funding',
  linkAliases: ['market'],
  shortcuts: [
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
  ],
  component: MarketWorkspace,
};

import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { ResearchView } from './ResearchView.tsx';

/** Research: markouts, depth metrics, latency, venues and activity bars of one market. */
export const researchView: ViewDefinition = {
  id: 'research',
  label: 'Research',
  goKey: 'a',
  icon: '∿',
  summary: 'Markouts, depth metrics, latency, venues, activity bars',
  shortcuts: [
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
  ],
  component: ResearchView,
};

import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { EventsView } from './EventsView.tsx';

/** The event stream: every event type of a market, mixed in time order. */
export const eventsView: ViewDefinition = {
  id: 'events',
  label: 'Events',
  goKey: 'e',
  icon: '☰',
  summary: 'The mixed event stream',
  shortcuts: [
    {
      id: 'events',
      title: 'Events',
      scope: 'in the event stream',
      entries: [
        { keys: ['1…7'], does: 'Toggle one of the seven event types' },
        { keys: ['j', 'k'], does: 'Move the selection' },
      ],
    },
  ],
  component: EventsView,
};

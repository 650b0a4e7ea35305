import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { IntentsView } from './IntentsView.tsx';

/** Intent lifecycles: a market's intent and RFQ observations, grouped. */
export const intentsView: ViewDefinition = {
  id: 'intents',
  label: 'Intents',
  goKey: 'i',
  icon: '⇄',
  summary: 'Intent and RFQ lifecycles',
  shortcuts: [
    {
      id: 'intents',
      title: 'Intents',
      scope: 'in intent lifecycles',
      entries: [
        { keys: ['j', 'k'], does: 'Next / previous lifecycle' },
        { keys: ['Enter'], does: 'Expand / collapse' },
      ],
    },
  ],
  component: IntentsView,
};

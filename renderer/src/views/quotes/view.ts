import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { QuotesView } from './QuotesView.tsx';

/** Quote ladders: a DEX market's quote observations and their price impact. */
export const quotesView: ViewDefinition = {
  id: 'quotes',
  label: 'Quotes',
  goKey: 'q',
  icon: '≋',
  summary: 'DEX quote ladders and price impact',
  shortcuts: [
    {
      id: 'quotes',
      title: 'Quotes',
      scope: 'in quote ladders',
      entries: [{ keys: ['j', 'k', '[', ']'], does: 'Next / previous observation' }],
    },
  ],
  component: QuotesView,
};

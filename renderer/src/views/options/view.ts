import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { OptionChainView } from './OptionChainView.tsx';

/** The option chain: an underlying's expiries, greeks and IV smile. */
export const optionsView: ViewDefinition = {
  id: 'options',
  label: 'Options',
  goKey: 'o',
  icon: '⊞',
  summary: 'Option chain, greeks and IV smile',
  shortcuts: [
    {
      id: 'options',
      title: 'Options',
      scope: 'in the option chain',
      entries: [
        { keys: ['[', ']'], does: 'Previous / next expiry' },
        { keys: ['/'], does: 'Search instruments' },
      ],
    },
  ],
  component: OptionChainView,
};

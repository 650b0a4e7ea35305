import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { CatalogView } from './CatalogView.tsx';

/** The catalog: every source and market the data source lists, searchable and filterable. */
export const catalogView: ViewDefinition = {
  id: 'catalog',
  label: 'Catalog',
  goKey: 'c',
  icon: '▦',
  summary: 'Find a source and market',
  shortcuts: [
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
  ],
  component: CatalogView,
};

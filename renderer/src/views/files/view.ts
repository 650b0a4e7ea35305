import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { FilesView } from './FilesView.tsx';

/** The snapshot file viewer: one file's records, searchable. */
export const filesView: ViewDefinition = {
  id: 'files',
  label: 'Files',
  goKey: 'f',
  icon: '▤',
  summary: 'Snapshot files, local and remote',
  shortcuts: [
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
  ],
  component: FilesView,
};

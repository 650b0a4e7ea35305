import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { DownloadsView } from './DownloadsView.tsx';

/** Downloads: what the service has by hour, the download queue and the library. */
export const downloadsView: ViewDefinition = {
  id: 'downloads',
  label: 'Downloads',
  goKey: 'd',
  icon: '⇩',
  summary: 'Availability, download queue and library',
  shortcuts: [
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
  ],
  component: DownloadsView,
};

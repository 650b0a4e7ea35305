import type { ViewDefinition } from '../../navigation/view-definition.ts';
import { SettingsView } from './SettingsView.tsx';

/** Settings: the data source, the API key, display and about. */
export const settingsView: ViewDefinition = {
  id: 'settings',
  label: 'Settings',
  goKey: 's',
  icon: '⚙',
  summary: 'Data source, display, about',
  shortcuts: [],
  component: SettingsView,
};

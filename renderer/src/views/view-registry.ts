import type { ViewRegistry } from '../navigation/view-definition.ts';
// Imported in the order the views' stylesheets have always been bundled (equal selectors in two
// views' stylesheets resolve by that order); the list below gives the rail order.
import { catalogView } from './catalog/view.ts';
import { downloadsView } from './downloads/view.ts';
import { eventsView } from './event-stream/view.ts';
import { intentsView } from './intents/view.ts';
import { optionsView } from './options/view.ts';
import { filesView } from './files/view.ts';
import { quotesView } from './quotes/view.ts';
import { replayView } from './replay/view.ts';
import { researchView } from './research/view.ts';
import { workspaceView } from './workspace/view.ts';
import { settingsView } from './settings/view.ts';

/**
 * Every view of the app, in rail order: Alt+1…9 and Alt+0 follow it, and the first is the one
 * shown for a view id the app does not have. Adding a view is its folder (with a `view.ts`
 * declaring it) and one entry here.
 */
export const viewRegistry: ViewRegistry = [
  catalogView,
  workspaceView,
  optionsView,
  intentsView,
  quotesView,
  eventsView,
  replayView,
  filesView,
  downloadsView,
  settingsView,
  // After Settings, so Alt+1…9 and Alt+0 keep their views; Research is g a or the palette.
  researchView,
];

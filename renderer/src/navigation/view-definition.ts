import type { ComponentType } from 'react';
import type { ViewId } from '../../../shared/settings.ts';

/** One line of the shortcut sheet: its keys (see `CommandSpec.keys` for the notation) and what they do. */
export interface ShortcutEntry {
  keys: readonly string[];
  does: string;
}

/** A titled group of the shortcut sheet: the shell's, the palette's, or one view's. */
export interface ShortcutSection {
  id: string;
  title: string;
  /** Where the keys work, shown under the title. */
  scope: string;
  entries: readonly ShortcutEntry[];
}

/**
 * What a view declares to the shell: how the rail, the palette, the `g` chords, the window title
 * and the `?` sheet show it, and what it renders. Each view's folder has one (`views/<view>/view.ts`)
 * and `views/view-registry.ts` lists them; nothing beneath the views imports a view, it is handed them.
 */
export interface ViewDefinition {
  /** Its id in links (`#/<id>/…`), in settings (`ui.lastView`) and in the UI store. */
  id: ViewId;
  /** Its name in the rail, the palette, the window title and the shortcut sheet. */
  label: string;
  /** The key after `g` that opens it. */
  goKey: string;
  icon: string;
  /** Its purpose in one line: the rail's tooltip, and words the palette finds it by. */
  summary: string;
  /** Other names a hand-written link may use for it (`#/market/…` for the workspace). */
  linkAliases?: readonly string[];
  /** Its own keys, as sections of the `?` sheet (none for a view without keys of its own). */
  shortcuts: readonly ShortcutSection[];
  /** What it renders when it is shown. */
  component: ComponentType;
}

/** The views of the app in rail order, never empty: Alt+1…9 and Alt+0 follow the order, and the first is the default. */
export type ViewRegistry = readonly [ViewDefinition, ...ViewDefinition[]];

/** The view with this id, or undefined when there is none. */
export function viewById(views: readonly ViewDefinition[], id: string): ViewDefinition | undefined {
  return views.find((view) => view.id === id);
}

/** The view with this id, or the first view for an id the registry does not have (a view saved by another version of the app). */
export function viewOrFirst(views: ViewRegistry, id: string): ViewDefinition {
  return viewById(views, id) ?? views[0];
}

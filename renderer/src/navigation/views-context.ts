import { createContext, useContext } from 'react';
import type { ViewRegistry } from './view-definition.ts';

/** Carries the view registry down the tree, to what lists or names views beneath them (the rail, the palette, the `?` sheet). */
export const ViewsContext = createContext<ViewRegistry | null>(null);

/** The app's views, in rail order; throws if used outside `ViewsContext`. */
export function useViews(): ViewRegistry {
  const views = useContext(ViewsContext);
  if (views === null) throw new Error('useViews must be used inside ViewsContext');
  return views;
}

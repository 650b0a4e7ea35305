/** How many favourites can be kept (settings allow 500). */
export const maxFavourites = 500;

/**
 * Favourites with `key` (`source/market`) starred or unstarred: starred ones keep their order, a
 * new one goes last. At `max`, starring another is refused: `full` says so and the list is unchanged.
 */
export function toggledFavourite(favourites: readonly string[], key: string, max = maxFavourites): { favourites: string[]; full: boolean } {
  if (favourites.includes(key)) return { favourites: favourites.filter((entry) => entry !== key), full: false };
  if (favourites.length >= max) return { favourites: [...favourites], full: true };
  return { favourites: [...favourites, key], full: false };
}

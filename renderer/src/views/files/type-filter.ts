/**
 * The type filter after clicking one type's chip: from all types, show only that one; clicking
 * a shown type hides it (the last one hidden shows all again); clicking a hidden one adds it.
 */
export function toggleTypeFilter(types: readonly string[] | null, type: string): string[] | null {
  if (types === null) return [type];
  if (!types.includes(type)) return [...types, type];
  const rest = types.filter((shown) => shown !== type);
  return rest.length === 0 ? null : rest;
}

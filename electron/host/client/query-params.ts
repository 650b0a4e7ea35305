/** One query parameter value; undefined leaves the parameter out. */
export type QueryValue = string | number | boolean | undefined;

/** The query of one request, canonical parameter names (spec part 4). */
export type QueryParams = Readonly<Record<string, QueryValue>>;

/** The search string of a query, parameters in a fixed order so a cursor always sees the same query. */
export function searchOf(params: QueryParams): string {
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** An integer parameter as a number, or undefined when absent or not an integer. */
export function integerParam(params: QueryParams, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || typeof value === 'boolean') return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

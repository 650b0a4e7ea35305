/** Whether a string is one of a list of names, which narrows it to the list's literal type. */
export function isOneOf<Name extends string>(names: readonly Name[], value: string): value is Name {
  const known: readonly string[] = names;
  return known.includes(value);
}

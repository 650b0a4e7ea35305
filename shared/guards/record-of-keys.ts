/** Whether a partly built record has an entry for every key, which makes it the whole record. */
function hasEveryKey<Key extends string, Value>(record: Partial<Record<Key, Value>>, keys: readonly Key[]): record is Record<Key, Value> {
  return keys.every((key) => Object.hasOwn(record, key));
}

/** A record with one entry per key, in the keys' order, each the value `valueOf` gives it. */
export function recordOfKeys<Key extends string, Value>(keys: readonly Key[], valueOf: (key: Key) => Value): Record<Key, Value> {
  const record: Partial<Record<Key, Value>> = {};
  for (const key of keys) record[key] = valueOf(key);
  if (!hasEveryKey(record, keys)) throw new Error('recordOfKeys: a key was not set');
  return record;
}

/**
 * Guards for values read from outside (parsed JSON, messages, a journal on disk): they prove a
 * value is an object, so its fields can be read by name, each `unknown` until checked.
 */

/** Whether a value is a non-null object (arrays included), so its fields can be read by name. */
export function hasFields(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null;
}

/** Whether a value is a JSON object: a non-null object that is not an array. */
export function isJsonObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

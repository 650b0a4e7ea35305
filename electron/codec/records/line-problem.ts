/** Why one line is not a valid record; the decoder turns it into an error or a skipped line. */
export class LineProblem extends Error {
  override readonly name = 'LineProblem';
}

/** A parsed JSON object, as the normalizers read it. */
export type JsonObject = Record<string, unknown>;

/** Whether a parsed JSON value is an object (not an array, not null). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `key`, or a problem naming the field. */
export function objectField(row: JsonObject, key: string, where = ''): JsonObject {
  const value = row[key];
  if (!isJsonObject(value)) throw new LineProblem(`${where}${key} must be an object`);
  return value;
}

/** A finite number at `key`. */
export function numberField(row: JsonObject, key: string, where = ''): number {
  const value = row[key];
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new LineProblem(`${where}${key} must be a number`);
  return value;
}

/** A finite number or null at `key`; absent reads as null. */
export function nullableNumberField(row: JsonObject, key: string, where = ''): number | null {
  const value = row[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new LineProblem(`${where}${key} must be a number or null`);
  return value;
}

/** A non-negative integer at `key`. */
export function countField(row: JsonObject, key: string, where = ''): number {
  const value = row[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new LineProblem(`${where}${key} must be a non-negative integer`);
  }
  return value;
}

/** A string at `key`. */
export function stringField(row: JsonObject, key: string, where = ''): string {
  const value = row[key];
  if (typeof value !== 'string') throw new LineProblem(`${where}${key} must be a string`);
  return value;
}

/** A string or null at `key`; absent reads as null. */
export function nullableStringField(row: JsonObject, key: string, where = ''): string | null {
  const value = row[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new LineProblem(`${where}${key} must be a string or null`);
  return value;
}

/** A boolean or null at `key`; absent reads as null. */
export function nullableBooleanField(row: JsonObject, key: string, where = ''): boolean | null {
  const value = row[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'boolean') throw new LineProblem(`${where}${key} must be true, false or null`);
  return value;
}

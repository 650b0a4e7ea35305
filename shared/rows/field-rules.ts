import { isJsonObject } from '../guards/object-fields.ts';
import type { RowProblem } from './row-problem.ts';

/** One field a guard checks: its name, the test its value must pass, and how to say what was expected. */
export interface FieldRule {
  field: string;
  test: (value: unknown) => boolean;
  expected: string;
}

/**
 * A fast runtime guard: null when the value has the row shape, else the first problem found. The
 * row type it proves rides along in the type (`__row` never exists at run time), so a table of
 * guards keeps each one's row type; `passes` turns a guard's null into that type.
 */
export type RowGuard<Row> = ((value: unknown) => RowProblem | null) & { readonly __row?: Row };

/** Whether a value passed its guard: where a guard's verdict gives the value the guard's row type. */
export function passes<Row>(guard: RowGuard<Row>, value: unknown): value is Row {
  return guard(value) === null;
}

/** What a guard finds wrong with a value it refuses (guards are pure: asked again, one gives the same answer). */
export function problemWith(guard: RowGuard<unknown>, value: unknown): RowProblem {
  return guard(value) ?? { field: '(row)', expected: 'a value that passes its guard' };
}

const isString = (value: unknown): boolean => typeof value === 'string';
const isStringOrNull = (value: unknown): boolean => value === null || typeof value === 'string';
const isOptionalStringOrNull = (value: unknown): boolean => value === undefined || value === null || typeof value === 'string';
const isFiniteNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);
const isOptionalNumberOrNull = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'number' && Number.isFinite(value));
const isNumberOrNull = (value: unknown): boolean => value === null || (typeof value === 'number' && Number.isFinite(value));
const isSafeInteger = (value: unknown): boolean => Number.isSafeInteger(value);
const isSchemaVersion = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isIntegerOrNull = (value: unknown): boolean => value === null || Number.isSafeInteger(value);
const isOptionalIntegerOrNull = (value: unknown): boolean => value === undefined || value === null || Number.isSafeInteger(value);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isOptionalBooleanOrNull = (value: unknown): boolean => value === undefined || value === null || typeof value === 'boolean';

/** A required string. */
export const text = (field: string): FieldRule => ({ field, test: isString, expected: 'a string' });
/** A present string or null. */
export const textOrNull = (field: string): FieldRule => ({ field, test: isStringOrNull, expected: 'a string or null' });
/** A string or null, which may also be absent. */
export const optionalTextOrNull = (field: string): FieldRule => ({ field, test: isOptionalStringOrNull, expected: 'a string, null or absent' });
/** A decimal string or null (present): decimals stay strings so they lose no precision. */
export const decimalOrNull = (field: string): FieldRule => ({ field, test: isStringOrNull, expected: 'a decimal string or null' });
/** A decimal string or null, which may also be absent. */
export const optionalDecimalOrNull = (field: string): FieldRule => ({ field, test: isOptionalStringOrNull, expected: 'a decimal string, null or absent' });
/** A required finite number. */
export const num = (field: string): FieldRule => ({ field, test: isFiniteNumber, expected: 'a finite number' });
/** A present finite number or null. */
export const numOrNull = (field: string): FieldRule => ({ field, test: isNumberOrNull, expected: 'a finite number or null' });
/** A finite number or null, which may also be absent. */
export const optionalNumOrNull = (field: string): FieldRule => ({ field, test: isOptionalNumberOrNull, expected: 'a finite number, null or absent' });
/** A required safe integer (Unix ms and counts). */
export const int = (field: string): FieldRule => ({ field, test: isSafeInteger, expected: 'a safe integer' });
/** A present safe integer or null. */
export const intOrNull = (field: string): FieldRule => ({ field, test: isIntegerOrNull, expected: 'a safe integer or null' });
/** A safe integer or null, which may also be absent. */
export const optionalIntOrNull = (field: string): FieldRule => ({ field, test: isOptionalIntegerOrNull, expected: 'a safe integer, null or absent' });
/** The row's integer schema version, at least 0. */
export const schemaVersion = (field: string): FieldRule => ({ field, test: isSchemaVersion, expected: 'an integer ≥ 0' });
/** A required boolean. */
export const bool = (field: string): FieldRule => ({ field, test: isBoolean, expected: 'a boolean' });
/** A boolean or null, which may also be absent. */
export const optionalBoolOrNull = (field: string): FieldRule => ({ field, test: isOptionalBooleanOrNull, expected: 'a boolean, null or absent' });
/** One of a fixed set of strings, or null / absent. */
export const optionalOneOf = (field: string, values: readonly string[]): FieldRule => ({
  field,
  test: (value) => value === undefined || value === null || (typeof value === 'string' && values.includes(value)),
  expected: `one of ${values.join(', ')}, null or absent`,
});

/** The problem of a value that is not a JSON object at all. */
export const notAnObject: Readonly<RowProblem> = Object.freeze({ field: '(row)', expected: 'a JSON object' });

/**
 * Compiles field rules into a guard. The loop stops at the first failing field, and allocates
 * nothing on success, so a 1000-row page is checked in well under a millisecond per kind.
 */
export function guardOf<Row>(rules: readonly FieldRule[]): RowGuard<Row> {
  return (value: unknown) => {
    if (!isJsonObject(value)) return notAnObject;
    for (const rule of rules) {
      if (!rule.test(value[rule.field])) return { field: rule.field, expected: rule.expected };
    }
    return null;
  };
}

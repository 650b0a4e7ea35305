import { passes, problemWith, type RowGuard } from './field-rules.ts';
import { InvalidRowError } from './row-problem.ts';

/** Whether every item passed the guard, which makes the array an array of its rows. */
function everyPasses<Row>(items: readonly unknown[], guard: RowGuard<Row>): items is Row[] {
  for (let index = 0; index < items.length; index++) {
    if (guard(items[index]) !== null) return false;
  }
  return true;
}

/**
 * Checks every row of a page with its guard and returns the same array, typed. The first bad row
 * throws an `InvalidRowError` naming the endpoint, the row index and the field.
 */
export function validateRows<Row>(endpoint: string, items: unknown, guard: RowGuard<Row>): Row[] {
  if (!Array.isArray(items)) throw new InvalidRowError(endpoint, -1, { field: '(items)', expected: 'an array of rows' });
  if (everyPasses(items, guard)) return items;
  const index = items.findIndex((item) => !passes(guard, item));
  throw new InvalidRowError(endpoint, index, problemWith(guard, items[index]));
}

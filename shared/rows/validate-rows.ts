import type { RowGuard } from './field-rules.ts';
import { InvalidRowError } from './row-problem.ts';

/**
 * Checks every row of a page with its guard and returns the same array, typed. The first bad row
 * throws an `InvalidRowError` naming the endpoint, the row index and the field.
 */
export function validateRows<Row>(endpoint: string, items: unknown, guard: RowGuard<Row>): Row[] {
  if (!Array.isArray(items)) throw new InvalidRowError(endpoint, -1, { field: '(items)', expected: 'an array of rows' });
  for (let index = 0; index < items.length; index++) {
    const problem = guard(items[index]);
    if (problem !== null) throw new InvalidRowError(endpoint, index, problem);
  }
  return items as Row[];
}

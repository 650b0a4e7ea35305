import type { QueryReader } from '../query-params.ts';
import type { ServiceContext } from '../service-context.ts';
import { isNumberPosition } from '../cursor.ts';

/** One page of a list, with the cursor to the next page (null at the end). */
export interface OffsetPage<T> {
  items: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * Pages through an in-memory list by offset, with a cursor bound to the whole query. Used for
 * the catalog and its instruments, which are small lists in memory.
 */
export function pageByOffset<T>(context: ServiceContext, reader: QueryReader, path: string, all: readonly T[], limit: number): OffsetPage<T> {
  const binding = reader.bindingKey(path);
  const cursor = reader.string('cursor');
  const offset = cursor === undefined ? 0 : context.cursors.decode(binding, cursor, isNumberPosition);
  const items = all.slice(offset, offset + limit);
  const hasMore = offset + limit < all.length;
  return { items, hasMore, nextCursor: hasMore ? context.cursors.encode(binding, offset + limit) : null };
}

import { catalogMarketSchema } from '../../../shared/contract/service-schemas.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import type { RowGuard } from '../../../shared/rows/field-rules.ts';

/**
 * A catalog entry checked against the contract's full schema, not only the fields the client
 * keys on: the renderer relies on every field (categories, coverage, access, terms), and remote
 * entries are untrusted. The problem names the first failing field.
 */
export const isCatalogEntry: RowGuard<CatalogMarket> = (value) => {
  const parsed = catalogMarketSchema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = issue === undefined || issue.path.length === 0 ? '(row)' : issue.path.map(String).join('.');
  return { field, expected: (issue?.message ?? 'a catalog entry').replace(/^Invalid (input|option): /, '') };
};

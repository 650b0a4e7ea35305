import { join } from 'node:path';
import { catalogMarketSchema } from '../../../shared/contract/service-schemas.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { writeFileAtomic } from '../../base/atomic-write.ts';
import { readSmallRegularFile } from '../../base/regular-file.ts';
import { libraryFolder } from './library-boundary.ts';
import { checkedSegment } from './library-layout.ts';

// What a download's catalog entry said, kept beside the files: the offline source serves a
// library's catalog from it (category, source type, symbol, terms) where the files cannot say.

/** The sidecar's name, in a dataset's folder (`{root}/data/standard/{source}/{market}/`), beside its date folders. */
export const catalogSidecarName = 'catalog-entry.json';

/** The sidecar file: the catalog entry as the service sent it, and when it was saved. */
export interface CatalogSidecar {
  saved_at: string;
  entry: CatalogMarket;
}

/** Where a dataset's sidecar is written: the public tool's layout under the root. */
export function catalogSidecarPath(root: string, source: string, market: string): string {
  return join(root, 'data', 'standard', checkedSegment('source', source), checkedSegment('market', market), catalogSidecarName);
}

/**
 * Writes a dataset's catalog entry beside its files (atomically; the dataset's folder is made
 * if need be, and must be the library's own: no symbolic link on the way).
 */
export async function writeCatalogSidecar(root: string, entry: CatalogMarket, now: number): Promise<void> {
  const path = catalogSidecarPath(root, entry.source, entry.market);
  await libraryFolder(root, join(path, '..'));
  const sidecar: CatalogSidecar = { saved_at: new Date(now).toISOString(), entry };
  await writeFileAtomic(path, `${JSON.stringify(sidecar, null, 2)}\n`);
}

/** The largest sidecar read: an entry the service sends is a few kilobytes. */
export const maxSidecarBytes = 256 * 1024;

/** The longest text a sidecar's entry may hold in any field (a symbol, a category, a tick size). */
export const maxSidecarFieldLength = 256;

/** Whether every string in a value (walked with its own stack) is at most `maxSidecarFieldLength` long. */
function fieldsWithinCap(value: unknown): boolean {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined || pending.length > 0; next = pending.pop()) {
    if (typeof next === 'string' && next.length > maxSidecarFieldLength) return false;
    if (typeof next === 'object' && next !== null) {
      const fields: unknown[] = Object.values(next);
      for (const field of fields) pending.push(field);
    }
  }
  return true;
}

/**
 * The catalog entry a sidecar holds, checked against the contract's schema and against the
 * dataset whose folder it lies in; null when it is absent, unreadable, malformed or another's.
 * Only a regular file of at most `maxSidecarBytes` is read (a FIFO or a device never is), and an
 * entry with a field longer than `maxSidecarFieldLength` is not taken.
 */
export async function readCatalogSidecar(path: string, source: string, market: string): Promise<CatalogMarket | null> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readSmallRegularFile(path, maxSidecarBytes));
  } catch {
    return null;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const entry = typeof value === 'object' && value !== null && 'entry' in value ? value.entry : undefined;
  const parsed = catalogMarketSchema.safeParse(entry);
  if (!parsed.success || parsed.data.source !== source || parsed.data.market !== market) return null;
  // Every dataset's entry goes into each /catalog answer: one field of megabytes would swell them all.
  if (!fieldsWithinCap(parsed.data)) return null;
  return parsed.data;
}

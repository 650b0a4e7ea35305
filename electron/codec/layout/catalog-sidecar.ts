import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { catalogMarketSchema } from '../../../shared/contract/service-schemas.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { writeFileAtomic } from '../../base/atomic-write.ts';
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

/**
 * The catalog entry a sidecar holds, checked against the contract's schema and against the
 * dataset whose folder it lies in; null when it is absent, unreadable, malformed or another's.
 */
export async function readCatalogSidecar(path: string, source: string, market: string): Promise<CatalogMarket | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
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
  return parsed.data;
}

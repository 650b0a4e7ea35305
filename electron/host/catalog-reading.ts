import type { CatalogMarket } from '../../shared/rows/catalog.ts';
import type { RowPage, SkippedItem } from './client/row-page.ts';
import { contractError } from './contract-errors.ts';

/** The catalog as the renderer gets it: the usable markets, and what the user should know about the rest. */
export interface CatalogReading {
  markets: CatalogMarket[];
  warnings: string[];
}

/** How many skipped entries a warning names; the rest are only counted, so a hostile catalog cannot flood the view. */
const namedSkips = 3;

function describeSkip(skip: SkippedItem): string {
  return `#${skip.index + 1}${skip.label === null ? '' : ` ${skip.label}`} (${skip.field}: ${skip.expected.slice(0, 120)})`;
}

function entries(count: number): string {
  return `${count} catalog ${count === 1 ? 'entry was' : 'entries were'}`;
}

function skippedSentence(named: readonly SkippedItem[], count: number): string {
  const more = count > named.length ? `, and ${count - named.length} more` : '';
  return `${named.map(describeSkip).join('; ')}${more}`;
}

/**
 * Collects the catalog's pages: the markets that passed the schema, and one warning naming the
 * entries that were skipped. When entries arrived and none was usable, the catalog cannot be
 * shown at all: that is an `invalid-response` error naming them.
 */
export async function catalogOfPages(pages: AsyncIterable<RowPage<CatalogMarket>>, baseUrl: string): Promise<CatalogReading> {
  const markets: CatalogMarket[] = [];
  const named: SkippedItem[] = [];
  let skippedCount = 0;
  for await (const page of pages) {
    markets.push(...page.items);
    for (const skip of page.skipped ?? []) {
      skippedCount++;
      if (named.length < namedSkips) named.push(skip);
    }
  }
  if (skippedCount === 0) return { markets, warnings: [] };
  if (markets.length === 0) {
    throw contractError('invalid-response', 'catalog.markets', `None of the catalog entries from ${baseUrl} could be read: ${skippedSentence(named, skippedCount)}`, 'Check that the base URL points at a Market Data Service; if it does, report these entries to its operators.');
  }
  return { markets, warnings: [`${entries(skippedCount)} malformed and skipped: ${skippedSentence(named, skippedCount)}.`] };
}

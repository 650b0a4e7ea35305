import type { AccessStatus, CatalogInstrumentTerms } from './rows/catalog.ts';
import type { RowKind } from './rows/row-kinds.ts';

/** How a dataset gates dates after its public cutoff (spec parts 3 and 5). */
export interface DatasetAccessPolicy {
  status: AccessStatus;
  /** Latest UTC date (YYYY-MM-DD) available without gated access; null when nothing is gated. */
  publicCutoffDate: string | null;
  /** What unlocks dates after the cutoff: any valid key (`bearer`) or a paid key (`payment`). */
  gate: 'none' | 'bearer' | 'payment';
}

/**
 * One dataset, a (source, market) with its catalog facts. The simulator describes its datasets
 * with it and the local service serves them, so it lives here, beneath both.
 */
export interface DatasetDescriptor {
  source: string;
  market: string;
  symbol: string;
  sourceType: string;
  categories: string[];
  terms: CatalogInstrumentTerms;
  access: DatasetAccessPolicy;
  /** The row kinds this dataset can have, when known; queries for other kinds skip it. */
  rowKinds?: readonly RowKind[];
}

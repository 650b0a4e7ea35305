import { join } from 'node:path';
import { z } from 'zod';
import { readSmallRegularFile } from '../../base/regular-file.ts';
import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';
import type { InstrumentEntry } from '../../../shared/rows/catalog.ts';
import { passes } from '../../../shared/rows/field-rules.ts';
import { isInstrumentEntry } from '../../../shared/rows/listing-guards.ts';
import { rowKinds } from '../../../shared/rows/row-kinds.ts';

/** Optional sidecar `datasets.json` in the data folder: catalog facts the files cannot carry. */
export interface DirectoryManifest {
  datasets?: DatasetDescriptor[];
  instruments?: InstrumentEntry[];
}

const catalogTerm = z.union([z.string(), z.number()]).nullable();

/** A dataset as `datasets.json` describes it: every field of a `DatasetDescriptor`. */
const datasetDescriptorSchema: z.ZodType<DatasetDescriptor> = z.object({
  source: z.string(),
  market: z.string(),
  symbol: z.string(),
  sourceType: z.string(),
  categories: z.array(z.string()),
  terms: z.object({ base: z.string().nullable(), quote: z.string().nullable(), tick_size: catalogTerm, lot_size: catalogTerm, min_notional: catalogTerm }),
  access: z.object({ status: z.enum(['open', 'preview', 'restricted']), publicCutoffDate: z.string().nullable(), gate: z.enum(['none', 'bearer', 'payment']) }),
  rowKinds: z.exactOptional(z.array(z.enum(rowKinds))),
});

/** The entries of a list that pass `keep`, typed by it; none when the value is not a list. */
function entriesOf<Entry>(value: unknown, keep: (entry: unknown) => Entry | null): Entry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry: unknown) => {
    const kept = keep(entry);
    return kept === null ? [] : [kept];
  });
}

/** The largest `datasets.json` read (a FIFO or a device never is). */
const maxManifestBytes = 16 * 1024 * 1024;

/**
 * The folder's `datasets.json`, as far as it describes datasets and option contracts: a file
 * that is absent, not a regular file, larger than 16 MB or not JSON is an empty manifest, and an entry that does not have its shape is
 * left out (its dataset is then described from its files, as if the file did not name it).
 */
export async function readDirectoryManifest(root: string): Promise<DirectoryManifest> {
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(await readSmallRegularFile(join(root, 'datasets.json'), maxManifestBytes)));
  } catch {
    return {};
  }
  if (!hasFields(json)) return {};
  return {
    datasets: entriesOf(json['datasets'], (entry) => {
      const parsed = datasetDescriptorSchema.safeParse(entry);
      return parsed.success ? parsed.data : null;
    }),
    instruments: entriesOf(json['instruments'], (entry) => (passes(isInstrumentEntry, entry) ? entry : null)),
  };
}

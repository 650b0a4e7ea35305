import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { openRegularFile } from '../../base/regular-file.ts';
import { LineSplitter } from '../../codec/line-splitter.ts';
import { defaultZstdDecompressor } from '../../codec/zstd/zstd-decompressor.ts';
import { parsed } from './capture-summary.ts';
import { hasFields } from '../../../shared/guards/object-fields.ts';

// Catalog facts of a library dataset the service has no entry for: what kind of market it is,
// read from the kinds of rows its files hold.

/** Lines of a file's head read for its row kinds (a v2 header's counts name them all). */
const headLines = 4_096;
/** Decompressed bytes of a file's head read at most. */
const headBytes = 8 * 1024 * 1024;

/** The row kinds a file holds: its `type`s, and the series of its `point` and `record` rows. */
export interface FileKinds {
  types: ReadonlySet<string>;
  series: ReadonlySet<string>;
}

/**
 * The kinds of rows of a snapshot file, from its head: the types its v2 header counts (`trade_count`
 * and the like, when above 0) and the types and series of its first lines. Never throws: a file
 * that cannot be read has no kinds.
 */
export async function fileKinds(path: string): Promise<FileKinds> {
  const types = new Set<string>();
  const series = new Set<string>();
  let lines = 0;
  let bytes = 0;
  const sink = (buffer: Buffer, start: number, end: number): void => {
    lines++;
    const row = parsed(buffer, start, end);
    if (row === null || typeof row.type !== 'string') return;
    const data = hasFields(row.data) ? row.data : {};
    if (row.type === 'metadata') {
      for (const [key, value] of Object.entries(data)) if (key.endsWith('_count') && key !== 'event_count' && typeof value === 'number' && value > 0) types.add(key.slice(0, -'_count'.length));
      return;
    }
    types.add(row.type);
    if (typeof data.series === 'string') series.add(data.series);
  };
  try {
    const handle = await openRegularFile(path);
    try {
      const chunks = async function* (): AsyncGenerator<Uint8Array, void, undefined> {
        for (;;) {
          const buffer = Buffer.allocUnsafe(256 * 1024);
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
          if (bytesRead === 0) return;
          yield buffer.subarray(0, bytesRead);
        }
      };
      const splitter = new LineSplitter();
      for await (const chunk of defaultZstdDecompressor().decompress(chunks())) {
        bytes += chunk.length;
        splitter.push(chunk, sink);
        if (lines >= headLines || bytes >= headBytes) return { types, series };
      }
      splitter.finish(sink);
    } finally {
      await handle.close();
    }
  } catch {
    // What was read is what is known.
  }
  return { types, series };
}

/** Source type and categories of a dataset, by the kinds of rows its files hold (the demo's and the catalog's words). */
export function marketKindOf(kinds: FileKinds): Pick<DatasetDescriptor, 'sourceType' | 'categories'> {
  const { types, series } = kinds;
  if (types.has('option_ticker')) return { sourceType: 'options', categories: ['Options'] };
  if (types.has('intent')) return { sourceType: 'intents', categories: ['Intents'] };
  if (series.has('quote_ladder')) return { sourceType: 'propamm', categories: ['DEX', 'Quotes'] };
  if (types.has('perpetual_ticker') || series.has('funding_rate')) return { sourceType: 'perpetuals', categories: ['Futures', 'Perpetual'] };
  // Books and trades alone do not tell spot from a derivative: no category is claimed.
  if (types.has('orderbook') || types.has('orderbook_delta') || types.has('trade')) return { sourceType: 'orderbook', categories: [] };
  return { sourceType: 'exchange', categories: [] };
}

/** A dataset guessed from its name alone: open, no terms, the kind of market its files say (or unknown). */
export function inferredDataset(source: string, market: string, kind: Pick<DatasetDescriptor, 'sourceType' | 'categories'> = { sourceType: 'exchange', categories: [] }): DatasetDescriptor {
  return {
    source,
    market,
    symbol: market.replace(/[-_/]/g, '').toUpperCase(),
    sourceType: kind.sourceType,
    categories: [...kind.categories],
    terms: { base: null, quote: null, tick_size: null, lot_size: null, min_notional: null },
    access: { status: 'open', publicCutoffDate: null, gate: 'none' },
  };
}

/**
 * A dataset as a download's catalog entry described it. Its access status is kept for what it
 * says, but nothing is gated: the library serves every file it holds.
 */
export function datasetOfCatalogEntry(entry: CatalogMarket): DatasetDescriptor {
  return {
    source: entry.source,
    market: entry.market,
    symbol: entry.symbol,
    sourceType: entry.source_type,
    categories: [...entry.categories],
    terms: { ...entry.instrument },
    access: { status: entry.access.status, publicCutoffDate: entry.access.public_cutoff_date, gate: 'none' },
  };
}

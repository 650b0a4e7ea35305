import { concatBytes, ZstdFrameWriter } from '../../codec/zstd/zstd-compressor.ts';
import { generateBookHour } from './book-hour.ts';
import { collectorRunsOf } from './capture-sessions.ts';
import { CollectorClock } from './collector-clock.ts';
import type { SimulatedDataset } from './demo-datasets.ts';
import { generateIntentsHour } from './intents-venue.ts';
import type { TextSink } from './line-writers.ts';
import { generateOptionsHour } from './option-chain.ts';
import { createPrng } from './prng.ts';
import { generateQuoteLadderHour } from './quote-ladder-venue.ts';
import { hourMs } from '../../../shared/time/time-units.ts';


/**
 * Streams one simulated hour's rows into `body` (in order, as generated) and returns the header
 * line, known only at the end ('' for legacy files, which have none).
 */
export function generateHourInto(seed: number, dataset: SimulatedDataset, hourStart: number, until: number, body: TextSink): string {
  const prng = createPrng(seed, dataset.source, dataset.market, hourStart);
  const clock = new CollectorClock(collectorRunsOf(seed, dataset, hourStart, hourStart + hourMs), hourStart + hourMs);
  switch (dataset.kind) {
    case 'perp':
    case 'spot':
    case 'legacy-book':
      return generateBookHour(prng, seed, dataset, hourStart, until, clock, body);
    case 'options':
      return generateOptionsHour(prng, seed, dataset, hourStart, until, clock, body);
    case 'intents':
      return generateIntentsHour(prng, seed, dataset, hourStart, until, clock, body);
    case 'quote-ladder':
      return generateQuoteLadderHour(prng, seed, dataset, hourStart, until, clock, body);
  }
}

/**
 * The text of one simulated hour of a dataset. A seed plus (source, market, hour) fully determine
 * it; with `until` inside the hour the rows are a prefix of the full hour's rows (the header's
 * counts and end time describe what was written).
 */
export function generateHourText(seed: number, dataset: SimulatedDataset, hourStart: number, until = Number.POSITIVE_INFINITY): string {
  let body = '';
  const header = generateHourInto(seed, dataset, hourStart, until, { write: (text) => (body += text) });
  return header + body;
}

/**
 * One simulated hour as a `.jsonl.zst` file's bytes: the rows are compressed as they are
 * generated, each chunk of about a megabyte of whole lines its own zstd frame declaring its
 * content size, so a reader can start at any chunk (`seek-points.ts`) instead of decompressing
 * the hour up to it; the v2 header, known only at the end, is the first frame (files may hold
 * several frames back to back, and every zstd reader reads them as one text).
 */
export function generateHourFile(seed: number, dataset: SimulatedDataset, hourStart: number, until = Number.POSITIVE_INFINITY): Uint8Array {
  const writer = new ZstdFrameWriter({ level: 1 });
  const parts: Uint8Array[] = [];
  // Every chunk the line writer hands over ends at a line's end (`LineBytes.flush`).
  const header = generateHourInto(seed, dataset, hourStart, until, {
    write: (text) => parts.push(writer.frame(Buffer.from(text, 'utf8'))),
    bytes: (chunk) => parts.push(writer.frame(chunk)),
  });
  if (header === '') return concatBytes(parts);
  return concatBytes([writer.frame(Buffer.from(header, 'utf8')), ...parts]);
}

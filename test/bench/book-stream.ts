import type { BookEvent } from '../../shared/book/book-event.ts';
import { seededRandom } from '../../shared/seeded-random.ts';

export { seededRandom } from '../../shared/seeded-random.ts';

/** Shape of the benchmark stream (issue F3). */
export interface StreamOptions {
  seed: number;
  events: number;
  /** A full snapshot every this many events, starting with the first. */
  snapshotEvery: number;
  startTime: number;
  durationMs: number;
}

const tick = 0.5;

/**
 * A seeded stream for one book: a 25–50-level snapshot every `snapshotEvery` events; in between,
 * deltas of 1–6 levels per side, about 30% deletions, prices on a 0.5 tick grid near a random walk.
 */
export function bookStream(options: StreamOptions): BookEvent[] {
  const random = seededRandom(options.seed);
  const int = (n: number): number => Math.floor(random() * n);
  const size = (): number => Math.round((0.001 + random() * 5) * 1000) / 1000;
  let mid = 200_000;
  const events: BookEvent[] = [];
  const side = (count: number, direction: 1 | -1, snapshot: boolean): Float64Array => {
    const levels = new Float64Array(count * 2);
    let offset = 0;
    for (let i = 0; i < count; i++) {
      // Snapshots are best-first with occasional gaps; deltas lean toward the top of the book.
      offset = snapshot ? offset + 1 + (random() < 0.2 ? 1 : 0) : 1 + Math.floor(random() * random() * 30);
      levels[2 * i] = (mid + direction * offset) * tick;
      levels[2 * i + 1] = !snapshot && random() < 0.3 ? 0 : size();
    }
    return levels;
  };
  for (let i = 0; i < options.events; i++) {
    if (random() < 0.1) mid += random() < 0.5 ? -1 : 1;
    const isSnapshot = i % options.snapshotEvery === 0;
    const count = (): number => (isSnapshot ? 25 + int(26) : 1 + int(6));
    events.push({
      source: 'bench',
      market: 'BTC-USD',
      instrument: null,
      collectorTimestamp: options.startTime + Math.floor((i * options.durationMs) / options.events),
      isSnapshot,
      bids: side(count(), -1, isSnapshot),
      asks: side(count(), 1, isSnapshot),
      line: i + 1,
    });
  }
  return events;
}

import type { Prng } from './prng.ts';

/** A recurring event stream: when it fires next, and what it does. */
export interface EventStream {
  next: number;
  /** Mean gap in ms; the next gap is exponential (a Poisson process) unless `fixedGapMs` or `after`. */
  meanGapMs: number;
  fixedGapMs?: number;
  /** For streams that know their own schedule: the next time, read after each firing. */
  after?: () => number;
  fire: (time: number) => void;
}

/**
 * Runs several event streams in time order from `start` until `end` (exclusive); at equal times
 * the stream listed first fires first. Generation is sequential, so stopping early yields exactly
 * a prefix of the full run: the live hour of the demo is a prefix of the hour it will become.
 */
export function runStreams(prng: Prng, streams: EventStream[], end: number): void {
  for (;;) {
    let first: EventStream | undefined;
    for (const stream of streams) if (first === undefined || stream.next < first.next) first = stream;
    if (first === undefined || first.next >= end) return;
    const time = first.next;
    first.fire(time);
    first.next = first.after !== undefined ? first.after() : time + Math.max(1, Math.round(first.fixedGapMs ?? prng.exponential(first.meanGapMs)));
  }
}

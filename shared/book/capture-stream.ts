import { hourMs } from '../time/time-units.ts';
// The capture-stream rule every replay and every row server follows (ARCHITECTURE.md, "Capture
// streams and sessions"): a stream is one (source, market)'s hour files in hour order, each in its
// own line (arrival) order; a capture session is a run of it whose `collector_sequence` strictly
// rises. Pure: no I/O.


/**
 * Tells where a stream's capture sessions restart: a data row whose `collector_sequence` is at or
 * below the previous data row's starts a new session. Rows without a sequence (legacy files) never
 * restart one, and a coverage gap (`gap()`) ends the session anyway.
 */
export class CaptureRestarts {
  #last: number | null = null;

  /** Takes the next data row's sequence (null when it has none); true when that row starts a new session. */
  next(sequence: number | null): boolean {
    const last = this.#last;
    this.#last = sequence;
    return sequence !== null && last !== null && sequence <= last;
  }

  /** Forgets the previous row: after a coverage gap (or before a stream's first file) nothing is compared. */
  gap(): void {
    this.#last = null;
  }
}

/**
 * A row's replay clock: the running maximum of collector time in its hour file so far
 * (`runningMax`), at least the hour's start and at most its last millisecond. It never falls
 * within a stream, so streams merge by it while each keeps its own arrival order.
 */
export function replayClock(hourStart: number, runningMax: number): number {
  return Math.min(hourStart + hourMs - 1, Math.max(hourStart, runningMax));
}

import type { CollectorRun } from './capture-sessions.ts';

/** Room for this many rows per millisecond in a session's sequence numbers. */
const rowsPerMs = 1024;

/**
 * The collector as one hour file sees it: which rows it writes (none while it is down, none past
 * the hour) and their `collector_sequence`. The sequence is `(arrival − sessionStart) · 1024 +
 * (rows already at that millisecond) + 1`, from the un-jittered arrival time, so it rises
 * strictly through a session, continues across the session's hour files and starts low again
 * after a restart.
 */
export class CollectorClock {
  readonly #runs: readonly CollectorRun[];
  readonly #hourEnd: number;
  #run: CollectorRun | undefined;
  #lastArrival = Number.NEGATIVE_INFINITY;
  #sameMs = 0;
  #lastSequence = 0;
  #runOfLast: CollectorRun | undefined;

  /** @param runs the collector runs overlapping the hour, oldest first */
  constructor(runs: readonly CollectorRun[], hourEnd: number) {
    this.#runs = runs;
    this.#hourEnd = hourEnd;
  }

  /** The collector runs overlapping the hour, oldest first. */
  get runs(): readonly CollectorRun[] {
    return this.#runs;
  }

  /** The session a row arriving at `time` belongs to, or undefined when none is writing then. */
  runAt(time: number): CollectorRun | undefined {
    const run = this.#run !== undefined && time >= this.#run.start && time < this.#run.end ? this.#run : this.#runs.find((r) => time >= r.start && time < r.end);
    this.#run = run;
    return run !== undefined && time < run.rowsUntil && time < this.#hourEnd ? run : undefined;
  }

  /** Whether the collector writes a row arriving at `time`. */
  writes(time: number): boolean {
    return this.runAt(time) !== undefined;
  }

  /** The sequence of the next row, arriving at `time` (arrival order); null when it is not written. */
  sequence(time: number): number | null {
    const arrival = Math.max(Math.round(time), this.#lastArrival);
    const run = this.runAt(arrival);
    if (run === undefined) return null;
    this.#sameMs = arrival === this.#lastArrival ? this.#sameMs + 1 : 0;
    this.#lastArrival = arrival;
    const sequence = Math.max((arrival - run.start) * rowsPerMs + this.#sameMs + 1, run === this.#runOfLast ? this.#lastSequence + 1 : 0);
    this.#runOfLast = run;
    this.#lastSequence = sequence;
    return sequence;
  }
}

// Data-health marks of one book in a replay: where its book was reset (an hour with no file, an
// hour with no rows, a collector restart), and where deltas were
// dropped because no snapshot had come yet. Crossed or locked books and backward steps are read
// from the frames themselves; these are the events that leave no frame behind.

/** What a health mark records. */
export const healthMarkKinds = ['coverage-gap', 'page-gap', 'session-restart', 'dropped-deltas'] as const;

/** One kind of health mark. */
export type HealthMarkKind = (typeof healthMarkKinds)[number];

/** Why a book was reset: an hour with no file, an hour with no rows between two pages' rows, or a new capture session. */
export type BookResetCause = 'coverage-gap' | 'page-gap' | 'session-restart';

/** One health mark: a reset (count 1), or a run of consecutive deltas dropped before a snapshot. */
export interface HealthMark {
  kind: HealthMarkKind;
  /** Collector time of the reset, or of the run's first dropped delta, Unix ms. */
  collectorTimestamp: number;
  /** Collector time of the run's last dropped delta (the reset's own time for a reset). */
  endTimestamp: number;
  /** Events the mark stands for: 1 for a reset, the deltas dropped for a run. */
  count: number;
  /** What happened, in words, for the hover text (no times: the view formats those in the user's zone). */
  detail: string;
}

/** Totals of one book's marks since its replay began, counted even past the cap. */
export interface HealthCounts {
  resets: number;
  droppedDeltas: number;
}

/** The marks of one book since the last batch, with its totals so far. */
export interface HealthBatch {
  marks: HealthMark[];
  counts: HealthCounts;
  /** True once marks were left out because the book reached the cap; `counts` still holds them. */
  capped: boolean;
}

/** Marks kept per book before only counting (default of `HealthMarkLog`). */
export const defaultHealthMarkCap = 2000;

const resetDetail: Record<BookResetCause, string> = {
  'coverage-gap': 'An hour with no file: the book was cleared and resumes at its next snapshot.',
  'page-gap': 'An hour with no rows between two pages: the book was cleared and resumes at its next snapshot.',
  'session-restart': 'The collector restarted (a new capture session): the book was cleared and resumes at its next snapshot.',
};

function droppedDetail(count: number): string {
  return count === 1 ? '1 delta arrived before any snapshot of this book and was dropped.' : `${count} deltas arrived before any snapshot of this book and were dropped.`;
}

/**
 * The health marks of one book, bounded: consecutive dropped deltas become one mark (closed when
 * the book gets a snapshot or is reset), and past `cap` marks only the counts grow. `take()`
 * hands over the marks since the last call.
 */
export class HealthMarkLog {
  readonly #cap: number;
  #pending: HealthMark[] = [];
  #kept = 0;
  #capped = false;
  #run: HealthMark | null = null;
  /** Counts changed since the last `take`. */
  #changed = false;
  readonly #counts: HealthCounts = { resets: 0, droppedDeltas: 0 };

  constructor(cap = defaultHealthMarkCap) {
    this.#cap = cap;
  }

  /** Records a delta dropped at `collectorTimestamp` because the book had no snapshot. */
  droppedDelta(collectorTimestamp: number): void {
    this.#counts.droppedDeltas++;
    this.#changed = true;
    const run = this.#run;
    if (run === null) {
      this.#run = { kind: 'dropped-deltas', collectorTimestamp, endTimestamp: collectorTimestamp, count: 1, detail: '' };
      return;
    }
    run.endTimestamp = collectorTimestamp;
    run.count++;
  }

  /** Records that the book produced a frame: a run of dropped deltas, if any, ends here. */
  produced(): void {
    this.#closeRun();
  }

  /** Records a reset of the book at `collectorTimestamp`. */
  reset(collectorTimestamp: number, cause: BookResetCause): void {
    this.#closeRun();
    this.#counts.resets++;
    this.#changed = true;
    this.#keep({ kind: cause, collectorTimestamp, endTimestamp: collectorTimestamp, count: 1, detail: resetDetail[cause] });
  }

  /** Whether anything happened since the last `take` (marks, counts, or an unfinished run). */
  get hasPending(): boolean {
    return this.#changed || this.#run !== null;
  }

  /** The marks since the last call, with the totals so far; `final` also closes an unfinished run. */
  take(final = false): HealthBatch {
    if (final) this.#closeRun();
    const marks = this.#pending;
    this.#pending = [];
    this.#changed = this.#run !== null;
    return { marks, counts: { ...this.#counts }, capped: this.#capped };
  }

  #closeRun(): void {
    const run = this.#run;
    if (run === null) return;
    this.#run = null;
    run.detail = droppedDetail(run.count);
    this.#keep(run);
  }

  #keep(mark: HealthMark): void {
    if (this.#kept >= this.#cap) {
      this.#capped = true;
      return;
    }
    this.#kept++;
    this.#pending.push(mark);
  }
}

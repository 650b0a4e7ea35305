// Data-health marks a book's frames show by themselves, found while a replay reads so the view
// never has to scan every frame: the start of each run of crossed or locked books, and each event
// whose collector time steps back from the latest before it. Bounded: past the cap only counted.

/** What a frame mark records. */
export const frameMarkKinds = ['crossed', 'locked', 'backward-step'] as const;

/** One kind of frame mark. */
export type FrameMarkKind = (typeof frameMarkKinds)[number];

/** One frame mark: which frame (entry index) and when, and by how much for a backward step. */
export interface FrameMark {
  kind: FrameMarkKind;
  /** The frame (entry) it belongs to. */
  index: number;
  /** Replay clock of that frame. */
  clock: number;
  /** Collector time of the event. */
  collectorTimestamp: number;
  /** For a backward step: ms behind the latest collector time before it; else 0. */
  stepBackMs: number;
}

/** Totals of a book's frame marks, counted even past the cap. */
export type FrameMarkCounts = Record<FrameMarkKind, number>;

/** Marks kept per book before only counting. */
export const defaultFrameMarkCap = 5000;

/**
 * Finds the frame marks of one book as its frames are produced, in order. `take()` hands over
 * the marks since the last call with the totals so far.
 */
export class FrameMarkLog {
  readonly #cap: number;
  #kept = 0;
  #pending: FrameMark[] = [];
  #crossing: 'none' | 'crossed' | 'locked' = 'none';
  #latest = Number.NEGATIVE_INFINITY;
  readonly #counts: FrameMarkCounts = { crossed: 0, locked: 0, 'backward-step': 0 };
  #changed = false;

  constructor(cap = defaultFrameMarkCap) {
    this.#cap = cap;
  }

  /** Notes frame `index` at `clock`: its event's collector time and the book's crossing state after it. */
  frame(index: number, clock: number, collectorTimestamp: number, crossing: 'none' | 'crossed' | 'locked'): void {
    if (crossing !== 'none' && crossing !== this.#crossing) this.#add({ kind: crossing, index, clock, collectorTimestamp, stepBackMs: 0 });
    this.#crossing = crossing;
    if (collectorTimestamp < this.#latest) this.#add({ kind: 'backward-step', index, clock, collectorTimestamp, stepBackMs: this.#latest - collectorTimestamp });
    else this.#latest = collectorTimestamp;
  }

  /** A cleared book ends any crossed run (the next crossing is a new run). */
  cleared(): void {
    this.#crossing = 'none';
  }

  /** Whether there is anything new since the last `take`. */
  get hasPending(): boolean {
    return this.#changed;
  }

  /** The marks since the last call, the totals so far, and whether marks were left out. */
  take(): { marks: FrameMark[]; counts: FrameMarkCounts; capped: boolean } {
    const marks = this.#pending;
    this.#pending = [];
    this.#changed = false;
    return { marks, counts: { ...this.#counts }, capped: this.#kept >= this.#cap && Object.values(this.#counts).reduce((a, b) => a + b, 0) > this.#kept };
  }

  #add(mark: FrameMark): void {
    this.#counts[mark.kind]++;
    this.#changed = true;
    if (this.#kept >= this.#cap) return;
    this.#kept++;
    this.#pending.push(mark);
  }
}

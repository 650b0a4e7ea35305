/**
 * Bounds how many data reads (row pages, book replays) run at once; the others wait their turn,
 * in arrival order. Reads decode on the one event loop, so running more of them at once serves
 * none sooner: it only holds more decoded hours in memory together.
 */
export class ReadGate {
  readonly #slots: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  /** @param slots reads that may run at once (at least 1) */
  constructor(slots: number) {
    if (!Number.isSafeInteger(slots) || slots < 1) throw new Error(`A read gate needs at least one slot, not ${slots}`);
    this.#slots = slots;
  }

  /** Reads running now. */
  get running(): number {
    return this.#running;
  }

  /** Reads waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `read` once a slot is free, and frees the slot when it settles. */
  async run<T>(read: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#slots) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await read();
    } finally {
      // The slot passes straight to the next waiter, so a newcomer cannot take it first.
      const next = this.#waiting.shift();
      if (next === undefined) this.#running--;
      else next();
    }
  }
}

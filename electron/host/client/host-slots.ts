/** Anonymous queries the spec allows at once per API replica (part 8). */
export const anonymousConcurrencyPerHost = 2;

/** A counting semaphore whose waiters can give up through an AbortSignal. */
export class Slots {
  readonly #capacity: number;
  #inUse = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  /** Takes a slot (waiting for one if needed) and returns the function that gives it back. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#inUse < this.#capacity) {
      this.#inUse++;
      return this.#releaser();
    }
    const granted = await new Promise<boolean>((resolve) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      };
      const onAbort = (): void => {
        const index = this.#waiting.indexOf(grant);
        if (index >= 0) this.#waiting.splice(index, 1);
        resolve(false);
      };
      this.#waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    if (granted) return this.#releaser();
    // Only an abort ends the wait without a slot: it throws the signal's reason, whatever it is.
    signal?.throwIfAborted();
    throw new Error('A slot wait ended with neither a slot nor an abort');
  }

  /** Slots taken right now. */
  get inUse(): number {
    return this.#inUse;
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so the count stays as it is.
      if (next !== undefined) next();
      else this.#inUse--;
    };
  }
}

const anonymousSlotsByOrigin = new Map<string, Slots>();

/** The process-wide anonymous slots of one service origin, shared by every client of it. */
export function anonymousSlots(origin: string): Slots {
  let slots = anonymousSlotsByOrigin.get(origin);
  if (slots === undefined) {
    slots = new Slots(anonymousConcurrencyPerHost);
    anonymousSlotsByOrigin.set(origin, slots);
  }
  return slots;
}

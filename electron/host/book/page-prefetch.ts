/**
 * Reads an async iterator one item ahead of its consumer: the next item is asked for as soon as
 * the previous one is taken (and the first at once), so fetching a page overlaps the worker's
 * work on the one before, and a replay's first page is on its way while the worker starts.
 */
export class Prefetch<T> {
  readonly #iterator: AsyncIterator<T>;
  #ahead: Promise<IteratorResult<T>> | null = null;
  #done = false;

  constructor(iterator: AsyncIterator<T>) {
    this.#iterator = iterator;
    this.#ahead = this.#fetch();
  }

  /** The next item (the one already on its way), starting the fetch of the one after it. */
  async next(): Promise<IteratorResult<T>> {
    const current = this.#ahead ?? this.#fetch();
    this.#ahead = null;
    const result = await current;
    if (result.done === true) this.#done = true;
    else this.#ahead = this.#fetch();
    return result;
  }

  /** Stops reading: the iterator is closed once a fetch under way settles. */
  async return(): Promise<void> {
    this.#done = true;
    const pending = this.#ahead;
    this.#ahead = null;
    await pending?.catch(() => undefined);
    await this.#iterator.return?.();
  }

  #fetch(): Promise<IteratorResult<T>> {
    if (this.#done) return Promise.resolve({ done: true, value: undefined });
    const fetching = this.#iterator.next();
    // A failure is reported when the item is taken; until then it is not an unhandled rejection.
    fetching.catch(() => undefined);
    return fetching;
  }
}

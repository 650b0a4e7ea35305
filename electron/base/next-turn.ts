/**
 * Resolves on the event loop's next turn (after pending I/O, such as a contract call waiting to be
 * answered). Long chains of parse → check → post run one step per turn with it, so no single
 * task holds the loop for a whole page's work.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

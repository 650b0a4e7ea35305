import { measureMemory } from 'node:vm';

/** Asks for a full garbage collection of this thread's heap; settles once it has run (never rejects). */
export type CollectGarbage = () => Promise<void>;

let running: Promise<void> | null = null;

/**
 * A full collection now, through `vm.measureMemory`'s eager mode: the one way Node offers to ask
 * for one without `--expose-gc`. A cache that drops values on an idle timer calls it, because an
 * idle process allocates nothing and so never reaches the collection that would free them: the
 * dropped hours stayed in the heap, and in the resident set, until the next request. Calls while
 * one runs share it. (Node marks `measureMemory` experimental and warns once per process.)
 */
export const collectGarbage: CollectGarbage = () => {
  running ??= measureMemory({ mode: 'summary', execution: 'eager' })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      running = null;
    });
  return running;
};

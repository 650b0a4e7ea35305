import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks of F16 point 7 (a demo that keeps up): each names the tests that must fail
// while it is in place. Spread into `mutants` in mutants.ts.

/** Every deliberate break of F16's demo generation. */
export const f16DemoMutants: readonly Mutant[] = [
  {
    id: 'generation-pool-of-one',
    breaks: 'the demo builds one hour at a time whatever the pool size, so a day takes every hour in a row',
    file: 'electron/server/simulator/hour-generator.ts',
    find: '    this.#size = idle.workers ?? defaultGenerationWorkers();',
    replace: '    this.#size = 1;',
    tests: ['test/integration/demo-generation-worker.test.ts'],
  },
  {
    id: 'listing-generates-in-turn',
    breaks: 'a /snapshots page awaits each hour it generates before asking for the next',
    file: 'electron/server/store/snapshot-listing.ts',
    find: '    const file = ready === null ? store.file(hour) : Promise.resolve(ready);',
    replace: '    const file = Promise.resolve(ready ?? (await store.file(hour)));',
    tests: ['test/unit/local-service/listing-overlap.test.ts'],
  },
  {
    id: 'pregenerate-today-only',
    breaks: "building ahead stops at today's start, so the last whole day's manifest still waits for 24 busy hours",
    file: 'electron/server/store/demo-store.ts',
    find: '    const oldest = Math.max(this.historyStart, liveStart - (liveStart % dayMs) - dayMs);',
    replace: '    const oldest = Math.max(this.historyStart, liveStart - (liveStart % dayMs));',
    tests: ['test/integration/demo-pregenerate.test.ts'],
  },
];

import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks issue F19's probe found unguarded (point 11): each names the tests that must
// fail while it is in place. Spread into `mutants` in mutants.ts.

/** Every deliberate break of F19. */
export const f19Mutants: readonly Mutant[] = [
  {
    id: 'split-page-has-more-too-early',
    breaks: 'the last page of a split half says has_more: false while the other half is still to come',
    file: 'electron/host/client/range-splitting.ts',
    find: 'yield { ...page, items, hasMore: page.hasMore || pending.length > 0 };',
    replace: 'yield { ...page, items, hasMore: page.hasMore };',
    tests: ['test/unit/client/range-splitting.test.ts'],
  },
  {
    id: 'refresh-budget-not-reset-by-progress',
    breaks: "a download's link refreshes count across the whole file, so bytes in between no longer renew the budget",
    file: 'electron/host/downloads/snapshot-transfer.ts',
    find: '      if (this.#offset > before) {\n        retries = 0;\n        refreshes = 0;\n      }',
    replace: '      if (this.#offset > before) {\n        retries = 0;\n      }',
    tests: ['test/integration/downloads/transfer-faults.test.ts'],
  },
];

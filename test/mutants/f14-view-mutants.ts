import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks of issue F14's view points (6, 7, 8, 10, 11): the Downloads calendar after a
// delete, readable token amounts and the intents summary, the demo option chain, the simulated
// badge, export names. Each names the tests that must fail while it is in place. Spread into
// `mutants` in mutants.ts.

/** Every deliberate break of F14's view points. */
export const f14ViewMutants: readonly Mutant[] = [
  {
    id: 'calendar-done-stands-for-file',
    breaks: 'a finished download shows its hour "in the library" after the file was deleted',
    file: 'renderer/src/views/downloads/calendar-model.ts',
    find: "(libraryFiles === null && (entry?.local === true || inQueue === 'local'))",
    replace: "(libraryFiles === null && entry?.local === true) || inQueue === 'local'",
    tests: ['test/unit/downloads-view/calendar-model.test.ts'],
  },
  {
    id: 'calendar-day-file-hour-00-only',
    breaks: 'a whole-day file in the library shows as local for hour 00 only',
    file: 'renderer/src/views/downloads/calendar-model.ts',
    find: 'for (let hour = 0; hour < 24; hour++) if (!byHour.has(hourId(file.date, hour)))',
    replace: 'for (let hour = 0; hour < 1; hour++) if (!byHour.has(hourId(file.date, hour)))',
    tests: ['test/unit/downloads-view/calendar-model.test.ts'],
  },
  {
    id: 'queue-deleted-reads-done',
    breaks: 'a download whose file was deleted still reads "Done" in the queue',
    file: 'renderer/src/views/downloads/deleted-downloads.ts',
    find: "items.filter((item) => item.state === 'done' && !inLibrary(item, index))",
    replace: "items.filter((item) => item.state === 'done' && inLibrary(item, index) && false)",
    tests: ['test/unit/downloads-view/deleted-downloads.test.ts'],
  },
  {
    id: 'queue-done-before-library',
    breaks: 'the queue says "done" before the library index lists the file',
    file: 'electron/host/downloads/download-queue.ts',
    find: '      await this.#options.onLanded?.(entry.item.key, result);',
    replace: '      void this.#options.onLanded?.(entry.item.key, result);',
    tests: ['test/unit/downloads/download-queue.test.ts'],
  },
  {
    id: 'amounts-through-float',
    breaks: 'token amounts are scaled through a float and lose digits above 2^53',
    file: 'shared/quotes/token-amounts.ts',
    find: '  if (decimals <= 0) return units.toString();\n  const text',
    replace: '  if (decimals > 0) return String(Number(units) / 10 ** decimals);\n  const text',
    tests: ['test/unit/quotes/token-amounts.test.ts'],
  },
  {
    id: 'summary-settled-is-timed',
    breaks: "the intents summary's settled count differs from the status chip's",
    file: 'shared/intents/lifecycle-stats.ts',
    find: "settled: lifecycles.filter((lifecycle) => filterStatusOf(lifecycle) === 'settled').length,",
    replace: 'settled: lifecycles.filter((lifecycle) => lifecycle.submitToSettleMs !== null).length,',
    tests: ['test/unit/intents/lifecycle-summary.test.ts'],
  },
  {
    id: 'option-smile-unbounded',
    breaks: "the demo's smile runs away in the wings (IV of several hundred %)",
    file: 'electron/server/simulator/option-smile.ts',
    find: '  const wings = 0.3 * (1 - 1 / Math.sqrt(1 + (z * z) / 2));',
    replace: '  const wings = 0.3 * z * z;',
    tests: ['test/unit/simulator/option-chain-plausible.test.ts'],
  },
  {
    id: 'option-strikes-from-listing-month',
    breaks: "the demo's strikes are centred on a price weeks old and no longer bracket the price",
    file: 'electron/server/simulator/option-chain.ts',
    find: '  const reference = Math.exp(hourAnchor(seed, dataset.asset, dayStart));',
    replace: '  const reference = 1.6 * Math.exp(hourAnchor(seed, dataset.asset, dayStart));',
    tests: ['test/unit/simulator/option-chain-plausible.test.ts'],
  },
  {
    id: 'health-hides-simulated',
    breaks: 'the demo served as a remote does not say its data is simulated',
    file: 'electron/server/local-service.ts',
    find: "'x-mde-simulated': simulated }",
    replace: "'x-mde-simulated': false }",
    tests: ['test/integration/simulated-remote.test.ts'],
  },
  {
    id: 'badge-green-when-down',
    breaks: 'a remote that is down keeps its green LIVE SERVICE badge',
    file: 'renderer/src/components/source-label.ts',
    find: "      if (health.status === 'down') return",
    replace: "      if (health.status === 'gone') return",
    tests: ['test/unit/data-source/source-naming.test.ts'],
  },
  {
    id: 'export-overwrites',
    breaks: 'a default export name reuses an existing file',
    file: 'electron/host/export/export-file-name.ts',
    find: '    if (!(await taken(path))) return path;',
    replace: '    return path;',
    tests: ['test/unit/export/export-file-name.test.ts'],
  },
];

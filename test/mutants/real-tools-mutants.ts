import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks of reading the real tools' files (issue F14 points 12 to 16): key spellings and
// whole-day files, offline metadata, lossless decode, the SDK's book shapes, reset_at. Each names
// the tests that must fail while it is in place. Spread into `mutants` in mutants.ts.

const keys = 'test/unit/snapshot/snapshot-key.test.ts';
const folder = 'test/unit/library/library-folder.test.ts';
const wholeDay = 'test/integration/conformance/whole-day-files.test.ts';
const metadata = 'test/integration/offline-metadata.test.ts';
const lossless = 'test/integration/lossless-decode.test.ts';
const shapes = 'test/integration/legacy-book-shapes.test.ts';

/** Every deliberate break of reading files as the service's SDKs and tool write them. */
export const realToolsMutants: readonly Mutant[] = [
  {
    id: 'key-hhmmss-unread',
    breaks: 'a file named …-HHMMSS, as the SDKs write it, is not a snapshot key',
    file: 'shared/snapshot/snapshot-key.ts',
    find: '(\\d{1,2}|\\d{4}|\\d{6})$/',
    replace: '(\\d{1,2}|\\d{4})$/',
    tests: [keys, folder],
  },
  {
    id: 'day-file-whole-for-each-hour',
    breaks: 'every hour of a whole-day file reads the whole day',
    file: 'electron/server/store/directory-store.ts',
    find: 'if (file.dayFile === undefined) return this.#decode(file.path, lineTypes, fromLine, enough, onBatch);',
    replace: 'if (file.dayFile !== null) return this.#decode(file.path, lineTypes, fromLine, enough, onBatch);',
    tests: [wholeDay],
  },
  {
    id: 'legacy-from-first-line',
    breaks: 'a legacy file read from a later line hands back its first line too (a replay resumed there paged back)',
    file: 'electron/codec/records/record-decoder.ts',
    find: 'return line < this.fromLine ? null : this.accept(legacyRecord(row, line));',
    replace: 'return this.accept(legacyRecord(row, line));',
    tests: ['test/unit/snapshot/from-line.test.ts'],
  },
  {
    id: 'day-file-ignored',
    breaks: 'a whole-day file makes its market vanish from the catalog',
    file: 'electron/server/store/snapshot-folder-layout.ts',
    find: "if ('dayStart' in file) listing.days.push(file);",
    replace: "if ('dayStart' in file) listing.ignored += 1;",
    tests: [wholeDay, folder],
  },
  {
    id: 'offline-no-option-kind',
    breaks: 'an options market served offline is not said to be options',
    file: 'electron/server/store/dataset-facts.ts',
    find: "if (types.has('option_ticker')) return",
    replace: "if (types.has('option_tickers')) return",
    tests: [metadata],
  },
  {
    id: 'offline-no-sidecar',
    breaks: 'the catalog entry a download kept is not read offline',
    file: 'electron/server/store/directory-store.ts',
    find: 'if (entry !== null) return datasetOfCatalogEntry(entry);',
    replace: 'if (entry !== null && source === "") return datasetOfCatalogEntry(entry);',
    tests: [metadata],
  },
  {
    id: 'decode-drops-extra-fields',
    breaks: 'mde decode drops the envelope fields it does not know (raw, …)',
    file: 'electron/codec/records/record-json.ts',
    find: 'for (const [key, value] of Object.entries(row)) if (!known.has(key)) line[key] = value;',
    replace: "for (const [key, value] of Object.entries(row)) if (!known.has(key) && key === '') line[key] = value;",
    tests: [lossless],
  },
  {
    id: 'decode-drops-exchange-sequence',
    breaks: 'mde decode drops exchange_sequence from copied lines',
    file: 'electron/codec/records/decoded-line-output.ts',
    find: '    this.#put(exchangeSequenceKey);\n',
    replace: '',
    tests: [lossless, 'test/unit/snapshot/decoded-lines.test.ts'],
  },
  {
    id: 'book-level-objects-refused',
    breaks: 'book levels written as {price, size} objects are malformed',
    file: 'electron/codec/records/book-levels.ts',
    find: '} else if (isJsonObject(level)) {',
    replace: '} else if (isJsonObject(level) && level.never !== undefined) {',
    tests: [shapes],
  },
  {
    id: 'legacy-l2-snapshot-unknown',
    breaks: 'legacy l2_snapshot and orderbook_snapshot rows are not books',
    file: 'electron/codec/records/legacy-record.ts',
    find: "new Set(['orderbook', 'orderbook_snapshot', 'l2_snapshot'])",
    replace: "new Set(['orderbook'])",
    tests: [shapes],
  },
  {
    id: 'no-reset-at',
    breaks: 'a 429 body does not say when the quota resets',
    file: 'electron/server/service-error.ts',
    find: 'return this.resetAt === null ? { error } : { error, reset_at: new Date(this.resetAt).toISOString() };',
    replace: 'return { error };',
    tests: ['test/integration/conformance/limits-and-errors.test.ts', 'test/integration/client/faults.test.ts'],
  },
];

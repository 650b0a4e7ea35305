import type { Mutant } from './mutant-runner.ts';

// Deliberate breaks of offline mode (issue F9 item 4): the library folder's layouts, its rescans,
// the data-source manager's switching and health, the library's key, the renderer's source
// identity. Each names the tests that must fail while it is in place. Spread into `mutants` in mutants.ts.

const folder = 'test/unit/library/library-folder.test.ts';
const switching = 'test/integration/data-source-switching.test.ts';
const leaks = 'test/integration/data-source-no-leaks.test.ts';
const offline = 'test/integration/offline-library.test.ts';
const naming = 'test/unit/data-source/source-naming.test.ts';

/** Every deliberate break of the library data source. */
export const offlineMutants: readonly Mutant[] = [
  {
    id: 'library-no-public-layout',
    breaks: "files in the public tool's layout (data/standard/…) are not served",
    file: 'electron/server/store/snapshot-folder-layout.ts',
    find: "[['data', 'standard'], ['standard'], []]",
    replace: "[['standard'], []]",
    tests: [folder, offline],
  },
  {
    id: 'library-reads-exports',
    breaks: 'files under exports/ count as library data',
    file: 'electron/server/store/snapshot-folder-layout.ts',
    find: "const skippedTopFolders = new Set(['exports']);",
    replace: "const skippedTopFolders = new Set(['exportz']);",
    tests: [folder, offline],
  },
  {
    id: 'library-misplaced-key',
    breaks: "a key filed under another dataset's or date's folder is served",
    file: 'electron/server/store/snapshot-folder-layout.ts',
    find: '&& s === source && m === market && d === date;',
    replace: ';',
    tests: [folder],
  },
  {
    id: 'library-duplicate-prefers-flat',
    breaks: "a key in both layouts is served from the flat copy, not the public tool's",
    file: 'electron/server/store/snapshot-folder-layout.ts',
    find: 'if (previous !== undefined && previous.rank <= rank) return;',
    replace: 'if (previous !== undefined && previous.rank >= rank) return;',
    tests: [folder],
  },
  {
    id: 'library-rescan-drops-cache',
    breaks: 'a rescan throws away the decoded hours of files that did not change',
    file: 'electron/server/store/directory-store.ts',
    find: '    this.#files = files;\n    this.#days = new Map(listing.days.map((day) => [day.key, day]));',
    replace: '    this.#files = files;\n    this.#cache = new DecodedHourCache({ maxBytes: 1 });\n    this.#days = new Map(listing.days.map((day) => [day.key, day]));',
    tests: [folder],
  },
  {
    id: 'library-rescan-empties-index',
    breaks: 'a rescan empties the index while it reads the folder, so queries under way lose their files',
    file: 'electron/server/store/directory-store.ts',
    find: '  async #scanOnce(): Promise<void> {\n',
    replace: '  async #scanOnce(): Promise<void> {\n    this.#files = new Map();\n',
    tests: [folder],
  },
  {
    id: 'library-switch-keeps-demo',
    breaks: 'switching to the library leaves the demo service (and its worker) running',
    file: 'electron/host/data-source/data-source-manager.ts',
    find: "        await this.#stop();\n        this.#running = { kind: 'library'",
    replace: "        this.#running = { kind: 'library'",
    tests: [switching, leaks],
  },
  {
    id: 'demo-close-keeps-worker',
    breaks: "closing the demo service leaves its generation worker running",
    file: 'electron/server/embedded-service.ts',
    find: '    await generator?.close();',
    replace: '    await Promise.resolve(generator);',
    tests: [leaks],
  },
  {
    id: 'library-never-rescanned',
    breaks: 'files written by another process (mde download, the public tool) never show up',
    file: 'electron/host/data-source/data-source-manager.ts',
    find: '|| this.#now() - running.scannedAt >= (this.#deps.libraryRescanMs ?? 60_000)',
    replace: '',
    tests: [switching],
  },
  {
    id: 'library-change-not-rescanned',
    breaks: 'a file deleted (or landed) through the library channels is still served by the library source',
    file: 'electron/host/main-services.ts',
    find: '      void dataSource.libraryChanged();\n',
    replace: '',
    tests: [offline],
  },
  {
    id: 'library-missing-is-down',
    breaks: 'a missing library folder reports the source down instead of saying which folder is missing',
    file: 'electron/host/data-source/library-health.ts',
    find: "      status: 'degraded',",
    replace: "      status: 'down',",
    tests: [switching],
  },
  {
    id: 'library-default-not-created',
    breaks: 'the default library folder is not created on first use',
    file: 'electron/host/data-source/data-source-manager.ts',
    find: 'if (isDefault) await mkdir(root, { recursive: true });',
    replace: "if (isDefault && root === '') await mkdir(root, { recursive: true });",
    tests: [switching],
  },
  {
    id: 'library-no-local-key',
    breaks: 'the library service is asked without the local key, so older hours are refused',
    file: 'electron/host/service-access.ts',
    find: "const local = target.dataSource !== 'remote';",
    replace: "const local = target.dataSource === 'embedded';",
    tests: [offline],
  },
  {
    id: 'library-has-no-key',
    breaks: 'main judges the library as keyless, so a book replay of older hours is refused',
    file: 'electron/host/service-access.ts',
    find: "if (settings.dataSource !== 'remote') return true;",
    replace: "if (settings.dataSource === 'embedded') return true;",
    tests: [offline],
  },
  {
    id: 'library-identity-is-demo',
    breaks: "the library's queries are filed under the demo's name, so the two caches mix",
    file: 'renderer/src/hooks/source-identity.ts',
    find: "return `library:${settings.libraryRoot ?? ''}`;",
    replace: "return 'embedded';",
    tests: [naming],
  },
];

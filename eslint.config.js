// Lint keeps the layers apart, the way VS Code's layering rule does:
// - `layers` (scripts/lint/layers.mjs) is the allow-list of which folder may import which;
// - shared/ and renderer/ import no node:* and no electron;
// - only the Electron shell (electron/shell/) imports electron;
// - raw ipcMain / ipcRenderer live only in their typed wrappers;
// - in electron/, contract errors are made only in electron/host/contract-errors.ts.
// - only electron/base/workers/start-worker.ts calls new Worker.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importLayersRule } from './scripts/lint/import-layers.mjs';
import { layers } from './scripts/lint/layers.mjs';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'stream', 'stream/*', 'url', 'util', 'worker_threads', 'zlib', 'events', 'buffer'];

/** @param {string[]} group @param {string} message */
const forbid = (group, message) => ({ group, message });

/** Import bans per layer; exported so the boundary test can name them. */
export const boundaries = {
  shared: [
    forbid(['electron', 'electron/*'], 'shared/ is used by both sides: it must not import electron.'),
    forbid(nodeBuiltins, 'shared/ runs in the renderer too: it must not import Node built-ins.'),
    forbid(['**/electron/**', '../electron/*', '**/renderer/**', '../renderer/*'], 'shared/ must not import from electron/ or renderer/.'),
  ],
  renderer: [
    forbid(['electron', 'electron/*'], 'The renderer never imports electron: use the contract API.'),
    forbid(nodeBuiltins, 'The renderer has no Node access: move this to a main-process service.'),
    forbid(['**/electron/**'], 'The renderer must not import main-process code: call it through the contract.'),
  ],
  services: [
    forbid(['electron', 'electron/*'], 'Only the shell (electron/shell/) imports electron; everything else runs under plain Node.'),
    forbid(['**/renderer/**'], 'Main-process code must not import the renderer.'),
  ],
};


/** @type {import('eslint').Linter.RulesRecord} */
const layerRule = { 'local/import-layers': ['error', { root: import.meta.dirname, layers }] };

// A later config's no-restricted-imports replaces an earlier one, so each layer lists all its bans.
/** @param {...({ group: string[]; message: string } | { group: string[]; message: string }[])} bans @returns {import('eslint').Linter.RulesRecord} */
const restrict = (...bans) => ({ 'no-restricted-imports': ['error', { patterns: bans.flat() }] });

const rawIpcBans = [
  { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'Use registerContractIpc (electron/shell/ipc-main.ts), not raw ipcMain.' },
  { selector: "ImportSpecifier[imported.name='ipcRenderer']", message: 'Only electron/shell/preload.ts touches ipcRenderer.' },
  { selector: "MemberExpression[property.name=/^(ipcMain|ipcRenderer)$/]", message: 'Raw IPC is only allowed in its typed wrappers.' },
];
const contractErrorBan = {
  selector: "NewExpression[callee.name='ContractError']",
  message: 'Make contract errors in electron/host/contract-errors.ts: contractErrorOf for a failure, contractError or a named refusal there for the host\'s own.',
};
const rawWorkerBan = {
  selector: "NewExpression[callee.name='Worker']",
  message: 'Start worker threads with startWorker (electron/base/workers/start-worker.ts) and talk to them through WorkerChannel, not new Worker.',
};
// As with no-restricted-imports, a later no-restricted-syntax replaces an earlier one: each list is whole.
/** @param {...({ selector: string; message: string } | { selector: string; message: string }[])} bans @returns {import('eslint').Linter.RulesRecord} */
const restrictSyntax = (...bans) => ({ 'no-restricted-syntax': ['error', ...bans.flat()] });
const rawIpc = restrictSyntax(rawIpcBans);
const workerStarter = 'electron/base/workers/start-worker.ts';
const contractErrorHomes = ['electron/host/contract-errors.ts', 'electron/host/process/**/*.ts'];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/fixtures/**'] },
  js.configs.recommended,
  { plugins: { local: { rules: { 'import-layers': importLayersRule } } } },
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  { files: ['electron/**/*.ts', 'renderer/**/*.{ts,tsx}', 'shared/**/*.ts'], rules: layerRule },
  { files: ['shared/**/*.ts'], rules: { ...restrict(boundaries.shared) } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(boundaries.renderer) },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/shell/**'],
    languageOptions: { globals: globals.node },
    rules: { ...restrict(boundaries.services) },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/shell/ipc-main.ts', 'electron/shell/preload.ts', workerStarter, ...contractErrorHomes],
    rules: restrictSyntax(rawIpcBans, rawWorkerBan, contractErrorBan),
  },
  { files: ['electron/shell/ipc-main.ts', 'electron/shell/preload.ts'], rules: restrictSyntax(rawWorkerBan) },
  { files: [workerStarter], rules: restrictSyntax(rawIpcBans, contractErrorBan) },
  // The one home of the host's contract errors, and the link that rebuilds those that crossed from the host.
  { files: contractErrorHomes, rules: restrictSyntax(rawIpcBans, rawWorkerBan) },
  { files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'], rules: rawIpc },
  // Playwright reads a fixture's dependencies from its destructured first parameter; `{}` means none.
  { files: ['test/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);

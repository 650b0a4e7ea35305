// Lint keeps the layers apart, the way VS Code's layering rule does:
// - `layers` below is the allow-list of which folder may import which (scripts/lint/import-layers.mjs);
// - shared/ and renderer/ import no node:* and no electron;
// - only the Electron shell (electron/shell/) imports electron;
// - raw ipcMain / ipcRenderer live only in their typed wrappers;
// - only electron/base/workers/start-worker.ts calls new Worker.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importLayersRule } from './scripts/lint/import-layers.mjs';

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

/**
 * The layers, each a folder, and which others it may import (a file is in the layer of the longest
 * folder that holds it). Read top down: a layer imports only layers below it.
 * @type {import('./scripts/lint/import-layers.mjs').Layer[]}
 */
export const layers = [
  { name: 'shell', folder: 'electron/shell/', role: 'the Electron main process and preload', allow: ['host-process', 'host-contract', 'base', 'shared'] },
  { name: 'browser-mode', folder: 'electron/browser-mode/', role: "browser mode's front: page, uploads, contract socket", allow: ['host-process', 'host-contract', 'base', 'shared'] },
  { name: 'cli', folder: 'electron/cli/', role: 'the mde command line', allow: ['host', 'client', 'host-contract', 'server', 'simulator', 'codec', 'base', 'shared'] },
  { name: 'host-process', folder: 'electron/host/process/', role: 'the service host process and the link a front keeps to it', allow: ['host', 'host-contract', 'base', 'shared'] },
  { name: 'host', folder: 'electron/host/', role: 'the service host: contract handlers and the services behind them', allow: ['client', 'host-contract', 'server', 'codec', 'base', 'shared'] },
  { name: 'client', folder: 'electron/host/client/', role: 'the Market Data Service client: it is handed its key and knows no server', allow: ['base', 'shared'] },
  { name: 'host-contract', folder: 'electron/host/contract/', role: 'contract dispatch and events', allow: ['base', 'shared'] },
  { name: 'server', folder: 'electron/server/', role: 'the local Market Data Service (mde serve)', allow: ['simulator', 'codec', 'base', 'shared'] },
  { name: 'simulator', folder: 'electron/server/simulator/', role: 'the market simulator, beneath the service it feeds', allow: ['codec', 'base', 'shared'] },
  { name: 'codec', folder: 'electron/codec/', role: 'snapshot files: zstd, lines, records, their folders', allow: ['base', 'shared'] },
  { name: 'base', folder: 'electron/base/', role: 'Node helpers every program uses', allow: ['shared'] },
  { name: 'renderer', folder: 'renderer/', role: 'the React renderer', allow: ['shared'] },
  { name: 'shared', folder: 'shared/', role: 'code both sides use', allow: [] },
];

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
const rawWorkerBan = {
  selector: "NewExpression[callee.name='Worker']",
  message: 'Start worker threads with startWorker (electron/base/workers/start-worker.ts) and talk to them through WorkerChannel, not new Worker.',
};
// As with no-restricted-imports, a later no-restricted-syntax replaces an earlier one: each list is whole.
/** @param {...({ selector: string; message: string } | { selector: string; message: string }[])} bans @returns {import('eslint').Linter.RulesRecord} */
const restrictSyntax = (...bans) => ({ 'no-restricted-syntax': ['error', ...bans.flat()] });
const rawIpc = restrictSyntax(rawIpcBans);
const workerStarter = 'electron/base/workers/start-worker.ts';

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
    ignores: ['electron/shell/ipc-main.ts', 'electron/shell/preload.ts', workerStarter],
    rules: restrictSyntax(rawIpcBans, rawWorkerBan),
  },
  { files: ['electron/shell/ipc-main.ts', 'electron/shell/preload.ts'], rules: restrictSyntax(rawWorkerBan) },
  { files: [workerStarter], rules: rawIpc },
  { files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'], rules: rawIpc },
  // Playwright reads a fixture's dependencies from its destructured first parameter; `{}` means none.
  { files: ['test/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);

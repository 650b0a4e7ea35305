// Lint keeps the layers apart, the way VS Code's layering rule does:
// - shared/ imports neither side (no electron, no node:*, nothing from electron/ or renderer/);
// - renderer/ imports no node:* and no electron, and nothing from electron/;
// - only the shell (electron/main.ts, electron/preload.ts, electron/shell/) imports electron;
// - raw ipcMain / ipcRenderer live only in their typed wrappers;
// - inside electron/services/, the server and its neighbours stay apart: the simulator and the
//   client import no server code (local-service/), and the local service imports no client code;
// - the client imports nothing from keys/ either (loading it must not load the native keyring).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'stream', 'stream/*', 'url', 'util', 'worker_threads', 'zlib', 'events', 'buffer'];

const forbid = (group, message) => ({ group, message });

const serverCode = ['**/local-service', '**/local-service/**'];
const clientCode = ['**/client', '**/client/**'];

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
    forbid(['electron', 'electron/*'], 'Only the shell (main.ts, preload.ts, shell/) imports electron; services run under plain Node.'),
    forbid(['**/renderer/**'], 'Main-process code must not import the renderer.'),
  ],
  // Layers inside electron/services/; each list adds to `services`.
  simulator: [
    forbid(serverCode, 'The simulator sits beneath the local service: it must not import server code (electron/services/local-service/). Put shared types in shared/.'),
  ],
  client: [
    forbid(serverCode, 'The client talks to any Market Data Service over HTTP: it must not import server code (electron/services/local-service/).'),
  ],
  localService: [
    forbid(clientCode, 'The local service is the server: it must not import client code (electron/services/client/).'),
  ],
  clientKeys: [
    forbid(['**/keys', '**/keys/**'], 'The service client imports nothing from electron/services/keys/: it is handed the key, and must not load the native keyring.'),
  ],
};

// A later config's no-restricted-imports replaces an earlier one, so each layer lists all its bans.
const restrict = (...layers) => ({ 'no-restricted-imports': ['error', { patterns: layers.flat() }] });

const rawIpc = {
  'no-restricted-syntax': [
    'error',
    { selector: "ImportSpecifier[imported.name='ipcMain']", message: 'Use registerContractIpc (electron/shell/ipc-main.ts), not raw ipcMain.' },
    { selector: "ImportSpecifier[imported.name='ipcRenderer']", message: 'Only electron/preload.ts touches ipcRenderer.' },
    { selector: "MemberExpression[property.name=/^(ipcMain|ipcRenderer)$/]", message: 'Raw IPC is only allowed in its typed wrappers.' },
  ],
};

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/fixtures/**'] },
  js.configs.recommended,
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
  { files: ['shared/**/*.ts'], rules: { ...restrict(boundaries.shared) } },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, ...restrict(boundaries.renderer) },
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts', 'electron/shell/**'],
    languageOptions: { globals: globals.node },
    rules: { ...restrict(boundaries.services) },
  },
  { files: ['electron/services/simulator/**/*.ts'], rules: { ...restrict(boundaries.services, boundaries.simulator) } },
  { files: ['electron/services/client/**/*.ts'], rules: { ...restrict(boundaries.services, boundaries.client, boundaries.clientKeys) } },
  { files: ['electron/services/local-service/**/*.ts'], rules: { ...restrict(boundaries.services, boundaries.localService) } },
  {
    files: ['electron/**/*.ts'],
    ignores: ['electron/shell/ipc-main.ts', 'electron/preload.ts'],
    rules: rawIpc,
  },
  { files: ['renderer/**/*.{ts,tsx}', 'shared/**/*.ts'], rules: rawIpc },
  // Playwright reads a fixture's dependencies from its destructured first parameter; `{}` means none.
  { files: ['test/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
);

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const fixtures = join(root, 'test', 'fixtures', 'lint-boundaries');

// The project's own eslint.config.js, with type-aware rules off so that virtual paths can be
// linted; the boundary rules need no type information.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: tseslint.configs.disableTypeChecked,
  ignore: false,
});

async function boundaryErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

const expected: Record<string, RegExp> = {
  'shared-imports-electron.ts': /shared\/ is used by both sides/,
  'shared-imports-node.ts': /must not import Node built-ins/,
  'shared-imports-renderer.ts': /must not import from electron\/ or renderer\//,
  'renderer-imports-node.tsx': /no Node access/,
  'renderer-imports-electron.tsx': /never imports electron/,
  'renderer-imports-main.tsx': /must not import main-process code/,
  'service-imports-electron.ts': /Only the shell .* imports electron/,
  'service-uses-raw-ipc.ts': /not raw ipcMain/,
  'shell-uses-raw-ipc.ts': /not raw ipcMain/,
  'simulator-imports-local-service.ts': /The simulator sits beneath the local service/,
  'client-imports-local-service.ts': /The client talks to any Market Data Service over HTTP/,
  'local-service-imports-client.ts': /The local service is the server/,
  'client-imports-keys.ts': /service client imports nothing from electron\/services\/keys\//,
};

describe('lint enforces the layer boundaries', () => {
  it('has a fixture for every expectation and an expectation for every fixture', () => {
    const files = readdirSync(fixtures).filter((name) => /\.tsx?$/.test(name));
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.entries(expected))('fails %s', async (fixture, message) => {
    const code = readFileSync(join(fixtures, fixture), 'utf8');
    const asPath = /^\/\/ as: (\S+)/.exec(code)?.[1];
    expect(asPath).toBeDefined();
    const errors = await boundaryErrors(code, asPath ?? '');
    expect(errors.join('\n')).toMatch(message);
  });

  it('allows the shell to import electron and the IPC wrapper to use ipcMain', async () => {
    expect(await boundaryErrors("import { BrowserWindow } from 'electron';\nexport const W = BrowserWindow;\n", 'electron/shell/window-x.ts')).toEqual([]);
    expect(await boundaryErrors("import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n", 'electron/shell/ipc-main.ts')).toEqual([]);
  });

  it('keeps the services-wide bans inside the simulator, the client and the local service', async () => {
    for (const folder of ['simulator', 'client', 'local-service']) {
      const errors = await boundaryErrors("import { app } from 'electron';\nexport const a = app;\n", `electron/services/${folder}/x.ts`);
      expect(errors.join('\n'), folder).toMatch(/Only the shell .* imports electron/);
    }
  });

  it('allows the local service to import the simulator, and the simulator to import shared types', async () => {
    expect(await boundaryErrors("import { demoDatasets } from '../../simulator/demo-datasets.ts';\nexport const d = demoDatasets;\n", 'electron/services/local-service/store/x.ts')).toEqual([]);
    expect(await boundaryErrors("import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';\nexport type D = DatasetDescriptor;\n", 'electron/services/simulator/x.ts')).toEqual([]);
  });

  it('allows shared code to import zod and services to import node built-ins', async () => {
    expect(await boundaryErrors("import { z } from 'zod';\nexport const s = z.string();\n", 'shared/x.ts')).toEqual([]);
    expect(await boundaryErrors("import { join } from 'node:path';\nexport const p = join('a');\n", 'electron/services/x.ts')).toEqual([]);
  });
});

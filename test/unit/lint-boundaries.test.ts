import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layers } from '../../scripts/lint/layers.mjs';

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
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax' || m.ruleId === 'local/import-layers')
    .map((m) => `${m.ruleId ?? ''}: ${m.message}`);
}

const expected: Record<string, RegExp> = {
  'shared-imports-electron.ts': /shared\/ is used by both sides/,
  'shared-imports-node.ts': /must not import Node built-ins/,
  'shared-imports-renderer.ts': /must not import from electron\/ or renderer\//,
  'renderer-imports-node.tsx': /no Node access/,
  'renderer-imports-electron.tsx': /never imports electron/,
  'renderer-imports-main.tsx': /must not import main-process code/,
  'host-imports-electron.ts': /Only the shell .* imports electron/,
  'host-uses-raw-ipc.ts': /not raw ipcMain/,
  'shell-uses-raw-ipc.ts': /not raw ipcMain/,
  'host-builds-contract-error.ts': /Make contract errors in electron\/host\/contract-errors\.ts/,
  'simulator-imports-server.ts': /electron\/server\/simulator\/ \(the market simulator, beneath the service it feeds\) may not import electron\/server\//,
  'client-imports-server.ts': /electron\/host\/client\/ .* may not import electron\/server\//,
  'server-imports-client.ts': /electron\/server\/ .* may not import electron\/host\/client\//,
  'client-imports-keys.ts': /electron\/host\/client\/ .* may not import electron\/host\/ /,
  'view-imports-view.tsx': /renderer\/src\/views\/quotes\/ may not import renderer\/src\/views\/intents\/: the views, one per folder/,
  'view-imports-registry.ts': /renderer\/src\/views\/catalog\/ may not import renderer\/src\/views\/view-registry\.ts/,
  'navigation-imports-queries.ts': /renderer\/src\/navigation\/ \(routes, keys, the palette and the shortcut sheet, handed the views\) may not import renderer\/src\/hooks\//,
  'stores-imports-view.ts': /renderer\/src\/stores\/ \(UI state: the shown view and its parameters\) may not import renderer\/src\/views\//,
  'host-starts-raw-worker.ts': /Start worker threads with startWorker/,
};

/** A path inside a layer's folder that no deeper layer claims. */
function fileIn(folder: string, name: string): string {
  const deeper = layers.filter((l) => l.folder !== folder && l.folder.startsWith(folder));
  const sub = deeper.length === 0 ? '' : 'probe/';
  return `${folder}${sub}${name}`;
}

/** A relative import from one project path to another. */
function importFrom(fromPath: string, toPath: string): string {
  const up = fromPath.split('/').length - 1;
  return `import { x } from '${'../'.repeat(up)}${toPath}';\nexport const y = x;\n`;
}

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

  // Every pair of layers, through the real config: an import the allow-list names passes, any
  // other fails with the rule's message naming both folders.
  const pairs = layers.flatMap((from) => layers.filter((to) => to !== from).map((to) => ({ from, to })));
  it.each(pairs.map(({ from, to }) => [from.name, to.name, from.allow.includes(to.name)] as const))('%s importing %s is allowed: %s', async (fromName, toName, allowed) => {
    const from = layers.find((l) => l.name === fromName);
    const to = layers.find((l) => l.name === toName);
    if (from === undefined || to === undefined) throw new Error('unknown layer');
    const fromPath = fileIn(from.folder, 'probe-from.ts');
    const toPath = fileIn(to.folder, 'probe-to.ts');
    const errors = (await boundaryErrors(importFrom(fromPath, toPath), fromPath)).filter((e) => e.startsWith('local/import-layers'));
    if (allowed) expect(errors).toEqual([]);
    else expect(errors.join('\n')).toContain(`${from.folder} (${from.role}) may not import ${to.folder}`);
  });

  it('lets a view import inside its own folder, and the registry import every view', async () => {
    const layerErrors = async (code: string, path: string) => (await boundaryErrors(code, path)).filter((e) => e.startsWith('local/import-layers'));
    expect(await layerErrors("import { QuoteExplorer } from './QuoteExplorer.tsx';\nexport const q = QuoteExplorer;\n", 'renderer/src/views/quotes/x.tsx')).toEqual([]);
    expect(await layerErrors("import { heatmapScale } from '../heatmap/heatmap-scale.ts';\nexport const h = heatmapScale;\n", 'renderer/src/views/replay/session/x.ts')).toEqual([]);
    expect(await layerErrors("import { quotesView } from './quotes/view.ts';\nexport const q = quotesView;\n", 'renderer/src/views/view-registry.ts')).toEqual([]);
  });

  it('keeps the Node-wide bans inside the simulator, the client and the server', async () => {
    for (const folder of ['electron/server/simulator', 'electron/host/client', 'electron/server/store']) {
      const errors = await boundaryErrors("import { app } from 'electron';\nexport const a = app;\n", `${folder}/x.ts`);
      expect(errors.join('\n'), folder).toMatch(/Only the shell .* imports electron/);
    }
  });

  it('allows new Worker in startWorker alone, and still bans raw IPC there and raw workers in the IPC wrappers', async () => {
    const raw = "import { Worker } from 'node:worker_threads';\nexport const w = new Worker('x', { eval: true });\n";
    expect(await boundaryErrors(raw, 'electron/base/workers/start-worker.ts')).toEqual([]);
    expect((await boundaryErrors(raw, 'electron/shell/preload.ts')).join('\n')).toMatch(/Start worker threads with startWorker/);
    expect((await boundaryErrors(raw, 'electron/server/simulator/x.ts')).join('\n')).toMatch(/Start worker threads with startWorker/);
    expect((await boundaryErrors("import { ipcMain } from 'electron';\nipcMain.handle('x', () => 1);\n", 'electron/base/workers/start-worker.ts')).join('\n')).toMatch(/not raw ipcMain/);
  });

  it('allows the server to import the simulator, and the simulator to import shared types', async () => {
    expect(await boundaryErrors("import { demoDatasets } from '../simulator/demo-datasets.ts';\nexport const d = demoDatasets;\n", 'electron/server/store/x.ts')).toEqual([]);
    expect(await boundaryErrors("import type { DatasetDescriptor } from '../../../shared/dataset-descriptor.ts';\nexport type D = DatasetDescriptor;\n", 'electron/server/simulator/x.ts')).toEqual([]);
  });

  it('lets the one home, and the link that rebuilds errors from the host, make contract errors', async () => {
    const make = "import { ContractError } from '../../shared/contract/errors.ts';\nexport const e = new ContractError({ kind: 'internal', message: 'm', resolution: 'r', channel: null });\n";
    expect(await boundaryErrors(make, 'electron/host/contract-errors.ts')).toEqual([]);
    expect(await boundaryErrors(make.replace('../../', '../../../'), 'electron/host/process/x.ts')).toEqual([]);
  });

  it('allows shared code to import zod and services to import node built-ins', async () => {
    expect(await boundaryErrors("import { z } from 'zod';\nexport const s = z.string();\n", 'shared/x.ts')).toEqual([]);
    expect(await boundaryErrors("import { join } from 'node:path';\nexport const p = join('a');\n", 'electron/host/x.ts')).toEqual([]);
  });
});

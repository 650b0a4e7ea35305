import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The ESM build of tsx's register API, read from tsx's own exports map. */
function tsxEsmApi(moduleUrl: string): string {
  const packageJson = createRequire(moduleUrl).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(packageJson, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const entry = manifest.exports['./esm/api']?.import.default ?? './dist/esm/api/index.mjs';
  return pathToFileURL(join(dirname(packageJson), entry)).href;
}

/** How to start a worker script: a file, or a bootstrap to evaluate, and the Node flags it needs. */
export type WorkerEntry = { kind: 'file'; url: URL; execArgv: string[] } | { kind: 'eval'; code: string; execArgv: string[] };

/**
 * Finds the decode worker's script. From a build it is `snapshot-decode-worker.js` beside the
 * bundle that contains this module. From source (tsx, Vitest) it is `decode-worker.ts` beside
 * this module: Node 20 does not pass tsx's loader on to worker threads, so a small bootstrap
 * registers tsx inside the worker and then imports the TypeScript entry.
 */
export function snapshotWorkerEntry(moduleUrl: string = import.meta.url): WorkerEntry {
  if (!moduleUrl.endsWith('.ts')) {
    return { kind: 'file', url: new URL('./snapshot-decode-worker.js', moduleUrl), execArgv: [...process.execArgv] };
  }
  const tsxApi = tsxEsmApi(moduleUrl);
  const target = new URL('./decode-worker.ts', moduleUrl).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(target)}); });`;
  return { kind: 'eval', code, execArgv: [] };
}

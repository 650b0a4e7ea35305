import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hasFields } from '../../../shared/guards/object-fields.ts';

/** How to start a worker script: a file, or a bootstrap to evaluate, and the Node flags it needs. */
export type WorkerEntry = { kind: 'file'; url: URL; execArgv: string[] } | { kind: 'eval'; code: string; execArgv: string[] };

/** Where a worker's script is: its TypeScript source beside the caller, and its bundle's file name. */
export interface WorkerLocation {
  /** The worker's source file, relative to the calling module (e.g. `./book-worker.ts`). */
  sourceFile: string;
  /** The worker's bundle in a build, beside the main bundle (e.g. `book-replay-worker.js`). */
  builtFile: string;
}

/** The value at a path of field names inside parsed JSON, or undefined where the path breaks off. */
function fieldAt(value: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((at, name) => (hasFields(at) ? at[name] : undefined), value);
}

/** The ESM build of tsx's register API, read from tsx's own exports map. */
function tsxEsmApi(moduleUrl: string): string {
  const packageJson = createRequire(moduleUrl).resolve('tsx/package.json');
  const manifest: unknown = JSON.parse(readFileSync(packageJson, 'utf8'));
  const named = fieldAt(manifest, ['exports', './esm/api', 'import', 'default']);
  const entry = typeof named === 'string' ? named : './dist/esm/api/index.mjs';
  return pathToFileURL(join(dirname(packageJson), entry)).href;
}

/**
 * Finds a worker's script. From a build it is `builtFile` beside the main bundle (each worker is
 * its own entry in electron.vite.config.ts). From source (tsx, Vitest) it is `sourceFile`: Node 20
 * does not pass tsx's loader on to worker threads, so a small bootstrap registers tsx inside the
 * worker and then imports the TypeScript entry.
 */
export function workerEntry(moduleUrl: string, location: WorkerLocation): WorkerEntry {
  if (!moduleUrl.endsWith('.ts')) {
    // Shared code may land in out/main/chunks/; the worker bundles sit beside index.js.
    const base = new URL('.', moduleUrl);
    const bundleDir = base.pathname.endsWith('/chunks/') ? new URL('..', base) : base;
    return { kind: 'file', url: new URL(location.builtFile, bundleDir), execArgv: [...process.execArgv] };
  }
  const target = new URL(location.sourceFile, moduleUrl).href;
  const code = `import(${JSON.stringify(tsxEsmApi(moduleUrl))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(target)}); });`;
  return { kind: 'eval', code, execArgv: [] };
}

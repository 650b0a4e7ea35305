// `npm start`: builds if needed, then opens the Electron window, or serves browser mode when no
// Electron runtime can run here (or when --browser is given), saying why in one line.
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './build-freshness.mjs';
import { chooseRuntime } from './electron-runtime.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const wantsBrowser = args.includes('--browser');
const passThrough = args.filter((arg) => arg !== '--browser');

function build() {
  if (!buildIsStale(root)) return;
  const started = Date.now();
  process.stdout.write('Building the app… ');
  const result = spawnSync(process.execPath, [fileURLToPath(new URL('../node_modules/electron-vite/bin/electron-vite.js', import.meta.url)), 'build'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    console.error('failed.\n' + result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** @param {string} command @param {string[]} commandArgs @param {NodeJS.ProcessEnv} env */
function run(command, commandArgs, env) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

build();
const runtime = await chooseRuntime({
  root,
  browserFlag: wantsBrowser,
  env: process.env,
  onDownloadStart: () => console.log('Electron runtime not found; downloading it (first start only)…'),
});
if (runtime.kind === 'electron') {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  run(runtime.binary, ['.', ...passThrough], env);
} else {
  console.log(`Starting in browser mode: ${runtime.why}.`);
  run(process.execPath, ['--import', 'tsx', 'electron/browser-mode/main.ts', ...passThrough], process.env);
}

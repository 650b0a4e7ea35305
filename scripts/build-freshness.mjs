// Decides whether `out/` is older than the sources, so `npm start` and `npm run mde` only rebuild when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const sourceDirs = ['electron', 'renderer', 'shared'];
const sourceFiles = ['electron.vite.config.ts', 'package.json', 'package-lock.json'];
const stampFiles = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

/** @param {string} path @returns {number} */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * True when any of `outputs` is missing or older than any of `inputs` (files or folders, walked).
 * @param {string} root the project folder
 * @param {readonly string[]} inputs paths under root
 * @param {readonly string[]} outputs paths under root
 */
export function outputsAreStale(root, inputs, outputs) {
  const stamps = outputs.map((file) => join(root, file));
  if (!stamps.every((file) => existsSync(file))) return true;
  const built = Math.min(...stamps.map((file) => statSync(file).mtimeMs));
  const sources = inputs.map((p) => join(root, p)).filter((p) => existsSync(p));
  return sources.some((input) => newestMtime(input) > built);
}

/**
 * True when any app bundle is missing or older than a source file.
 * @param {string} root the project folder
 */
export function buildIsStale(root) {
  return outputsAreStale(root, [...sourceDirs, ...sourceFiles], stampFiles);
}

/**
 * True when the `mde` bundle is missing or older than the code it is built from.
 * @param {string} root the project folder
 */
export function cliBuildIsStale(root) {
  return outputsAreStale(root, ['electron', 'shared', 'package.json', 'package-lock.json', 'scripts/build-cli.mjs'], ['out/cli/mde.js']);
}

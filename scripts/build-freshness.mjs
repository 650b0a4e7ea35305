// Decides whether `out/` is older than the sources, so `npm start` only rebuilds when needed.
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
 * True when any bundle is missing or older than a source file.
 * @param {string} root the project folder
 */
export function buildIsStale(root) {
  const stamps = stampFiles.map((file) => join(root, file));
  if (!stamps.every((file) => existsSync(file))) return true;
  const built = Math.min(...stamps.map((file) => statSync(file).mtimeMs));
  const inputs = [...sourceDirs, ...sourceFiles].map((p) => join(root, p)).filter((p) => existsSync(p));
  return inputs.some((input) => newestMtime(input) > built);
}

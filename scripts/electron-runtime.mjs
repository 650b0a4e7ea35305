// Finds the Electron runtime, downloading it on first start when the install skipped it.
// Electron's npm package no longer downloads its binary at install time, so `npm ci` never
// fails on a machine that cannot reach Electron's release host; this is where we try instead.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the Electron binary is, or why it is not there.
 * @param {string} root the project folder
 * @returns {{ ok: true, path: string } | { ok: false, reason: string, downloadable: boolean }}
 */
export function findElectronBinary(root) {
  const packageDir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(packageDir, 'package.json'))) {
    return { ok: false, reason: 'the electron package is not installed (run npm ci)', downloadable: false };
  }
  const pathFile = join(packageDir, 'path.txt');
  if (!existsSync(pathFile)) {
    return { ok: false, reason: 'the Electron runtime has not been downloaded yet', downloadable: true };
  }
  const relative = readFileSync(pathFile, 'utf8').trim();
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const binary = override ? join(override, relative) : join(packageDir, 'dist', relative);
  return existsSync(binary)
    ? { ok: true, path: binary }
    : { ok: false, reason: `the Electron runtime is missing at ${binary}`, downloadable: true };
}

/**
 * Runs Electron's own installer once, bounded in time.
 * @param {string} root the project folder
 * @param {number} timeoutMs how long to wait for the download
 * @returns {Promise<{ ok: boolean, reason: string }>}
 */
export function downloadElectron(root, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(root, 'node_modules', 'electron', 'install.js')], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      resolve({ ok: false, reason: `the download did not finish within ${(timeoutMs / 1000).toFixed(timeoutMs < 10_000 ? 1 : 0)} s` });
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ ok: false, reason: error.message });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      const firstLine = stderr.split('\n').find((line) => line.trim() !== '') ?? `installer exited with code ${code}`;
      resolve(code === 0 ? { ok: true, reason: '' } : { ok: false, reason: `its download failed (${firstLine.trim()})` });
    });
  });
}

/**
 * Whether this machine can show a desktop window at all.
 * @param {NodeJS.ProcessEnv} env
 * @param {NodeJS.Platform} platform
 * @returns {string | null} why not, or null when it can
 */
export function missingDisplayReason(env = process.env, platform = process.platform) {
  if (platform !== 'linux') return null;
  if (env.DISPLAY || env.WAYLAND_DISPLAY) return null;
  return 'no graphical display (DISPLAY and WAYLAND_DISPLAY are unset)';
}

/**
 * Decides how `npm start` runs: the Electron window when its runtime is here (downloading it on
 * first start), else browser mode, with the reason in words.
 * @param {{ root: string, browserFlag: boolean, env: NodeJS.ProcessEnv, platform?: NodeJS.Platform,
 *           download?: (root: string, timeoutMs: number) => Promise<{ ok: boolean, reason: string }>,
 *           onDownloadStart?: () => void }} options
 * @returns {Promise<{ kind: 'electron', binary: string } | { kind: 'browser', why: string }>}
 */
export async function chooseRuntime({ root, browserFlag, env, platform = process.platform, download = downloadElectron, onDownloadStart = () => {} }) {
  if (browserFlag) return { kind: 'browser', why: '--browser was given' };
  if (env.MDE_BROWSER_MODE === '1') return { kind: 'browser', why: 'MDE_BROWSER_MODE=1 is set' };
  let found = findElectronBinary(root);
  if (!found.ok && found.downloadable && env.ELECTRON_SKIP_BINARY_DOWNLOAD !== '1') {
    onDownloadStart();
    const timeoutMs = Number(env.MDE_ELECTRON_DOWNLOAD_TIMEOUT_MS ?? 120_000);
    const result = await download(root, timeoutMs);
    found = result.ok
      ? findElectronBinary(root)
      : { ok: false, reason: `the Electron runtime is not installed and ${result.reason}`, downloadable: false };
  } else if (!found.ok && found.downloadable) {
    found = { ok: false, reason: `${found.reason} (ELECTRON_SKIP_BINARY_DOWNLOAD=1 is set)`, downloadable: false };
  }
  if (!found.ok) return { kind: 'browser', why: found.reason };
  const noDisplay = missingDisplayReason(env, platform);
  if (noDisplay !== null) return { kind: 'browser', why: noDisplay };
  return { kind: 'electron', binary: found.path };
}

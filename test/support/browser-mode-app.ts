import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

/** Debian's Chromium (CHROMIUM_PATH overrides); undefined when there is none. */
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));

/** How tests and benchmarks launch Chromium: headless, and never fetching anything of its own. */
export const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** A running browser-mode app (`node scripts/start.mjs --browser`). */
export interface BrowserModeApp {
  /** The URL it printed, carrying the token. */
  url: string;
  /** The launcher's process id (−1 when unknown). */
  pid: number;
  /** Everything it printed so far. */
  output: () => string;
  /** Stops it (SIGTERM) and waits for it to exit. */
  stop: () => Promise<void>;
}

/**
 * Starts the app in browser mode as a user does (it builds first when `out/` is stale), on
 * `userDataDir` (with no demo day built ahead), and resolves once it prints its URL; rejects when it exits first or takes over
 * `timeoutMs`.
 */
export async function startBrowserModeApp(userDataDir: string, timeoutMs = 180_000): Promise<BrowserModeApp> {
  // No demo day built ahead while a test or bench sits idle: minutes of work beside what is measured (set MDE_DEMO_PREGENERATE to override).
  const env = { MDE_DEMO_PREGENERATE: '0', ...process.env, MDE_USER_DATA_DIR: userDataDir };
  const child = spawn(process.execPath, ['scripts/start.mjs', '--browser'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not print its URL within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /^Open: (\S+)$/m.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited with ${code ?? 'a signal'}:\n${output}`));
    });
  });
  return {
    url,
    pid: child.pid ?? -1,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';

/** A running `npm start --browser` with its own user-data folder. */
export interface AppServer {
  /** The URL printed on start, carrying the token. */
  url: string;
  /** The origin without the token. */
  origin: string;
  /** Everything the launcher printed. */
  output: () => string;
  /** The app's user-data folder (the demo's hour files are under `demo-data/`). */
  userDataDir: string;
}

const root = join(import.meta.dirname, '..', '..');

async function startApp(userDataDir: string): Promise<{ server: AppServer; child: ChildProcess }> {
  const child = spawn(process.execPath, ['scripts/start.mjs', '--browser'], {
    cwd: root,
    env: { ...process.env, MDE_USER_DATA_DIR: userDataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`app did not print its URL in time:\n${output}`)), 60_000);
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
    child.on('exit', (code) => reject(new Error(`app exited with ${code ?? 'signal'}:\n${output}`)));
  });
  return { server: { url, origin: new URL(url).origin, output: () => output, userDataDir }, child };
}

/** Files to put in the user-data folder before the app starts: name → text, or null for a folder of that name. */
export type SeedFiles = Record<string, string | null>;

/** Playwright test with an `app` fixture: browser mode started fresh for each test (`seedFiles` go in its user-data folder first). */
export const test = base.extend<{ app: AppServer; seedFiles: SeedFiles }>({
  seedFiles: [{}, { option: true }],
  app: async ({ seedFiles }, use) => {
    const userDataDir = await mkdtemp(join(tmpdir(), 'mde-e2e-'));
    for (const [name, text] of Object.entries(seedFiles)) {
      if (text === null) await mkdir(join(userDataDir, name), { recursive: true });
      else await writeFile(join(userDataDir, name), text);
    }
    const { server, child } = await startApp(userDataDir);
    await use(server);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(userDataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';

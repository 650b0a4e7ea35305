import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { startBrowserModeApp } from '../support/browser-mode-app.ts';

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
    const app = await startBrowserModeApp(userDataDir, 60_000);
    await use({ url: app.url, origin: new URL(app.url).origin, output: app.output, userDataDir });
    await app.stop();
    await rm(userDataDir, { recursive: true, force: true });
  },
});

export { expect } from '@playwright/test';

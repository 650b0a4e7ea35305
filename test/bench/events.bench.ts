/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { defaultDemoSeed } from '../../electron/server/demo-seed.ts';
import { demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import { chromiumPath, launchArgs, startBrowserModeApp } from '../support/browser-mode-app.ts';
import { report } from './measure.ts';

// F14 point 5: the Events view's default (all sources, the last ten minutes) draws its first page
// within 1 s. Measured in Debian's Chromium on the app in browser mode over the demo, as a user
// meets it: the app has been open a while (its live hours built and kept recent in the
// background, nothing read for over 30 s, so no decoded hour is in memory), then Events is
// opened. The mark `mde:events-drawn` follows the frame that paints the list's first rows. The
// baseline, in the same run: opening the view again right after (hours decoded, merges kept).

/** Resolves once `check` holds, polling every second (up to `timeoutMs`). */
async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Opens the Events view from the catalog and answers the ms from the keypress to its first rows painted. */
async function openEvents(page: Page): Promise<number> {
  await page.keyboard.press('Alt+1');
  await page.getByRole('searchbox', { name: 'Search the catalog' }).waitFor();
  await page.evaluate(() => {
    performance.clearMarks('mde:events-open');
    performance.clearMarks('mde:events-drawn');
    performance.mark('mde:events-open');
  });
  await page.keyboard.press('Alt+6');
  await page.waitForFunction(() => performance.getEntriesByName('mde:events-drawn').length > 0, undefined, { timeout: 120_000 });
  return page.evaluate(() => (performance.getEntriesByName('mde:events-drawn')[0]?.startTime ?? Number.NaN) - (performance.getEntriesByName('mde:events-open')[0]?.startTime ?? Number.NaN));
}

/** Runs the Events figure in one Chromium. */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-events-'));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  const app = await startBrowserModeApp(userDataDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${app.url.split('#')[0] ?? app.url}#/catalog`);
    await page.locator('[data-testid="status-health"][data-health="ok"]').waitFor({ timeout: 180_000 });
    // The warm-up, then the busy market's live hour (built last, by the background refresh).
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const hour = now.toISOString().slice(11, 13);
    const busyLive = join(userDataDir, 'demo-data', demoSeedFolder(defaultDemoSeed), 'binance', 'BTCUSDT', date, `standard-binance-BTCUSDT-${date}-${hour}.jsonl.zst`);
    await until(() => existsSync(busyLive), 600_000, 'the busy market’s live hour');
    // Nothing read for over 30 s: no decoded hour is left in memory.
    await new Promise((resolve) => setTimeout(resolve, 40_000));
    const cold = await openEvents(page);
    const again = await openEvents(page);
    report({ name: 'Events view, all sources, last 10 min: first page drawn, ms', value: cold, unit: 'ms', baselineName: 'open it again', baseline: again, higherIsBetter: false, target: '< 1000 ms' });
    await page.close();
  } finally {
    await app.stop();
    await browser.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

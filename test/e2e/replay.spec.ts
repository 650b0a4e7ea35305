import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './app-server.ts';

// Book replay in browser mode on the embedded demo (issue F8): play, step, and the ladder
// checked against `mde book --at`, an independent reconstruction of the same hour file.

const shots = 'test-results/screenshots';
const root = join(import.meta.dirname, '..', '..');
const player = (page: Page) => page.getByTestId('replay-player');

/** The ladder on screen: asks best first, bids best first, as [price, size]. */
async function ladderOnScreen(page: Page): Promise<{ bids: number[][]; asks: number[][] }> {
  const read = async (side: 'bid' | 'ask'): Promise<number[][]> =>
    page.locator(`.ladder-row.${side}`).evaluateAll((rows) => rows.map((row) => [Number(row.getAttribute('data-price')), Number(row.getAttribute('data-size'))]));
  const asks = await read('ask');
  return { bids: await read('bid'), asks: asks.reverse() };
}

/** `mde book FILE --depth 25 --at T`: the book in force at T, as [price, size] per side. */
function bookAt(file: string, at: number): { bids: number[][]; asks: number[][] } {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'book', file, '--depth', '25', '--at', String(at)], { cwd: root, encoding: 'utf8' });
  const lines = output.trim().split('\n').filter((line) => line !== '');
  const row = JSON.parse(lines.at(-1) ?? '{}') as Record<string, number | null>;
  const side = (prefix: 'bid' | 'ask'): number[][] => {
    const levels: number[][] = [];
    for (let i = 0; i < 25; i++) {
      const slot = String(i).padStart(2, '0');
      const price = row[`${prefix}_px_${slot}`];
      const size = row[`${prefix}_sz_${slot}`];
      if (price === null || price === undefined || size === null || size === undefined) break;
      levels.push([price, size]);
    }
    return levels;
  };
  return { bids: side('bid'), asks: side('ask') };
}

/** The demo's hour file of hyperliquid BTC that holds time t. */
function demoHourFile(userDataDir: string, t: number): string {
  const iso = new Date(t).toISOString();
  const key = `standard-hyperliquid-BTC-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
  const file = join(userDataDir, 'demo-data', 'seed-20261122', 'hyperliquid', 'BTC', iso.slice(0, 10), `${key}.jsonl.zst`);
  if (!existsSync(file)) throw new Error(`the demo has not written ${file}`);
  return file;
}

test('replay a market: play at 10x, the clock and the ladder move; step back one event and the ladder equals mde book --at', async ({ app, page }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(app.url);
  await page.goto(`${app.origin}/#/replay/hyperliquid/BTC?span=10m`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  // The replay has finished loading when the status stops saying so.
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 90_000 });

  const startTime = Number(await player(page).getAttribute('data-time'));
  const startFrame = Number(await player(page).getAttribute('data-frame'));
  await page.getByTestId('playback-speed').selectOption('10');
  await page.locator('body').press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'true');
  await expect.poll(async () => Number(await player(page).getAttribute('data-time')), { timeout: 20_000 }).toBeGreaterThan(startTime + 1_000);
  await expect.poll(async () => Number(await page.getByTestId('depth-ladder').getAttribute('data-frame'))).toBeGreaterThan(startFrame);
  await page.screenshot({ path: `${shots}/replay-playing.png` });
  await page.locator('body').press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'false');

  // Step forward twice and back once: one event back, exactly.
  const before = Number(await player(page).getAttribute('data-frame'));
  await page.locator('body').press('ArrowRight');
  await page.locator('body').press('ArrowRight');
  await expect(player(page)).toHaveAttribute('data-frame', String(before + 2));
  await page.locator('body').press('ArrowLeft');
  await expect(player(page)).toHaveAttribute('data-frame', String(before + 1));
  // `mde book --at T` is the book after every event up to T: step back to the last event of its millisecond.
  for (let i = 0; i < 50 && (await player(page).getAttribute('data-last-in-ms')) !== 'true'; i++) await page.locator('body').press('ArrowLeft');
  await expect(player(page)).toHaveAttribute('data-last-in-ms', 'true');
  const at = Number(await player(page).getAttribute('data-collector-time'));
  const shown = await ladderOnScreen(page);
  const expected = bookAt(demoHourFile(app.userDataDir, at), at);
  expect(shown.bids.length).toBeGreaterThan(0);
  expect(shown).toEqual(expected);
  await page.screenshot({ path: `${shots}/replay-stepped.png` });
  expect(errors).toEqual([]);
});

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { writeHandDay, type HandHour } from '../support/capture-fixture.ts';
import { expect, test } from './app-server.ts';

// The Downloads view in browser mode on the demo (issue F9 items 1–3, 7): a day of a demo market
// is listed in the availability calendar, two hours are selected (a click, then the keyboard) and
// downloaded; they land in the library with their sizes and record counts, one is deleted (the
// calendar shows it downloadable again, also after a reload: F14 point 6), one opens in Files,
// and each downloaded file is byte for byte the demo's own hour file.

const shots = 'test-results/screenshots';

async function sha256(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
}

/** Screenshots at 1440×900 and 1280×720 (the sizes the UI is checked at), then back to 1440×900. */
async function shootBoth(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${shots}/${name}-${width}x${height}.png` });
  }
}

/** The demo's own copy of an hour file: `{userDataDir}/demo-data/<seed>/…/{key}.jsonl.zst`. */
async function demoFile(userDataDir: string, name: string): Promise<string> {
  const entries = await readdir(join(userDataDir, 'demo-data'), { recursive: true });
  const found = entries.find((entry) => entry.endsWith(`/${name}`) || entry === name);
  if (found === undefined) throw new Error(`the demo has no ${name}`);
  return join(userDataDir, 'demo-data', found);
}

test('select two hours of a demo market, download them, see them in the library, open one in Files; the bytes are the demo’s', async ({ app, page }) => {
  test.setTimeout(180_000);
  // Yesterday (UTC): a whole day the demo has recorded.
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const from = `${day}T00:00:00.000Z`;
  const to = `${day}T23:59:59.999Z`;
  await page.goto(`${app.url}#/downloads/hyperliquid/BTC?from=${from}&to=${to}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads');
  await expect(page.locator('.view-subtitle')).toContainText('hyperliquid · BTC');
  await expect(page.locator('.view-subtitle')).toContainText('simulated');

  const calendar = page.getByRole('grid', { name: 'Availability by UTC hour' });
  const hour = (h: number) => calendar.locator(`[data-hour="${day}T${String(h).padStart(2, '0')}"]`);
  // Listing a day makes the demo write its 24 hours first.
  await expect(hour(23)).toHaveAttribute('data-state', 'remote', { timeout: 90_000 });
  await expect(calendar.locator('[data-state="remote"]')).toHaveCount(24);
  await expect(page.getByTestId('dataset-access')).toHaveText('open');

  // A click selects 00:00; the keyboard moves to 01:00 and adds it.
  await hour(0).click();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await expect(hour(0)).toHaveAttribute('aria-selected', 'true');
  await expect(hour(1)).toHaveAttribute('aria-selected', 'true');
  await expect(hour(2)).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByTestId('selection-bar')).toContainText('2 hours selected');
  await page.screenshot({ path: `${shots}/downloads-selection.png` });

  await page.keyboard.press('Enter');
  const queue = page.getByTestId('queue-panel');
  const keyOf = (h: number): string => `standard-hyperliquid-BTC-${day}-${String(h).padStart(2, '0')}`;
  for (const h of [0, 1]) await expect(queue.locator(`[data-key="${keyOf(h)}"]`)).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('queue-totals')).toContainText('2 done · 0 failed');
  await expect(hour(0)).toHaveAttribute('data-state', 'local');
  await expect(hour(1)).toHaveAttribute('data-state', 'local');

  const library = page.getByTestId('library-panel');
  for (const h of [0, 1]) {
    const row = library.locator(`[data-key="${keyOf(h)}"]`);
    await expect(row.getByTestId('library-file-size')).toHaveText(/^\d+(\.\d+)? (KB|MB)$/);
    await expect(row.getByTestId('library-file-records')).toHaveText(/^\d{1,3}(,\d{3})*$/, { timeout: 30_000 });
  }
  await page.screenshot({ path: `${shots}/downloads-library.png` });

  // Each file in the library is the demo's own hour file, byte for byte.
  for (const h of [0, 1]) {
    const name = `${keyOf(h)}.jsonl.zst`;
    const downloaded = join(app.userDataDir, 'library', 'data', 'standard', 'hyperliquid', 'BTC', day, name);
    expect(await sha256(downloaded)).toBe(await sha256(await demoFile(app.userDataDir, name)));
  }

  // Deleting an hour from the library makes it downloadable again at once, and the queue no longer
  // calls its download done: it reads "Deleted" (greyed, with "Download again") until "Clear
  // finished"; so it stays after a reload (the calendar and the queue follow the disk).
  await library.getByRole('checkbox', { name: `Check ${day} 00:00 UTC` }).check();
  await library.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(library.locator(`[data-key="${keyOf(0)}"]`)).toHaveCount(0);
  await expect(hour(0)).toHaveAttribute('data-state', 'remote');
  await expect(hour(1)).toHaveAttribute('data-state', 'local');
  const deletedRow = queue.locator(`[data-key="${keyOf(0)}"]`);
  await expect(deletedRow).toHaveAttribute('data-state', 'deleted');
  await expect(deletedRow).toContainText('Deleted');
  await expect(deletedRow.getByRole('button', { name: `Download ${keyOf(0)} again` })).toBeVisible();
  await expect(queue.locator(`[data-key="${keyOf(1)}"]`)).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('queue-totals')).toContainText('1 done · 1 deleted · 0 failed');
  await shootBoth(page, 'downloads-deleted');
  await page.reload();
  await expect(hour(1)).toHaveAttribute('data-state', 'local', { timeout: 30_000 });
  await expect(hour(0)).toHaveAttribute('data-state', 'remote');
  await expect(queue.locator(`[data-key="${keyOf(0)}"]`)).toHaveAttribute('data-state', 'deleted');
  await expect(page.getByTestId('queue-totals')).toContainText('1 done · 1 deleted · 0 failed');

  // Exporting the dataset twice lands two files named by source, market, range and types; the
  // first is never replaced (F14 point 11).
  const exported = `hyperliquid-BTC-${day}T0100Z-${day}T0200Z-all`;
  await library.getByRole('button', { name: 'Export dataset' }).click();
  await expect(page.getByTestId('export-status')).toContainText(`${exported}.csv`, { timeout: 60_000 });
  await shootBoth(page, 'downloads-exported');
  await library.getByRole('button', { name: 'Export dataset' }).click();
  await expect(page.getByTestId('export-status')).toContainText(`${exported}-2.csv`, { timeout: 60_000 });
  expect((await readdir(join(app.userDataDir, 'library', 'exports'))).sort()).toEqual([`${exported}-2.csv`, `${exported}.csv`]);

  await library.getByRole('checkbox', { name: `Check ${day} 01:00 UTC` }).check();
  await library.getByRole('button', { name: 'Open in Files' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files');
  const summary = page.getByRole('region', { name: 'File summary' });
  await expect(summary).toContainText(`hyperliquid · BTC · ${day}`);
  await expect(summary).toContainText('Read to the end', { timeout: 30_000 });
});

test('a whole day is counted by its daily manifest before it downloads, then lands whole', async ({ app, page }) => {
  test.setTimeout(240_000);
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.goto(`${app.url}#/downloads/hyperliquid/BTC?from=${day}T00:00:00.000Z&to=${day}T23:59:59.999Z`);
  const calendar = page.getByRole('grid', { name: 'Availability by UTC hour' });
  await expect(calendar.locator('[data-state="remote"]')).toHaveCount(24, { timeout: 90_000 });

  // The cursor starts on the first day: `a` selects its every file.
  await page.keyboard.press('a');
  const bar = page.getByTestId('selection-bar');
  await expect(bar).toContainText('24 hours selected');
  await expect(bar.getByTestId('manifest')).toHaveText(new RegExp(`^${day}: whole day, 24 files · \\d+(\\.\\d+)? MB$`));
  await page.screenshot({ path: `${shots}/downloads-whole-day.png` });

  await page.keyboard.press('Enter');
  const totals = page.getByTestId('queue-totals');
  await expect(totals).toContainText(/[1-9]\d* done/, { timeout: 60_000 });
  await page.screenshot({ path: `${shots}/downloads-in-flight.png` });
  if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: 'docs/downloads.png' });

  await expect(totals).toContainText('24 done · 0 failed', { timeout: 120_000 });
  await expect(calendar.locator('[data-state="local"]')).toHaveCount(24);
  await expect(page.getByTestId('library-panel').locator('[data-testid="library-file"]')).toHaveCount(24);
});

test('a whole-day file in the library is local for all 24 hours of its day, and deleting it clears them; a deleted download downloads again', async ({ app, page }) => {
  test.setTimeout(240_000);
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const dayStart = Date.parse(`${day}T00:00:00.000Z`);
  const dayKey = `standard-hyperliquid-BTC-${day}`;
  // A daily file as the SDKs write one (our own rows), in the library folder before the view opens.
  const hours = [0, 5, 23].map((h): HandHour => ({
    source: 'hyperliquid',
    market: 'BTC',
    hourStart: dayStart + h * 3_600_000,
    rows: [{ sequence: h + 1, time: dayStart + h * 3_600_000 + 1_000, book: { instrument: null, snapshot: true, bids: [[100, 1]], asks: [[101, 1]] } }],
  }));
  await writeHandDay(join(app.userDataDir, 'library'), hours);

  await page.goto(`${app.url}#/downloads/hyperliquid/BTC?from=${day}T00:00:00.000Z&to=${day}T23:59:59.999Z`);
  const calendar = page.getByRole('grid', { name: 'Availability by UTC hour' });
  const hour = (h: number) => calendar.locator(`[data-hour="${day}T${String(h).padStart(2, '0')}"]`);
  await expect(calendar.locator('[data-state="local"]')).toHaveCount(24, { timeout: 90_000 });
  const library = page.getByTestId('library-panel');
  const dayRow = library.locator(`[data-key="${dayKey}"]`);
  await expect(dayRow).toContainText(`${day} · whole day (UTC)`);
  await shootBoth(page, 'downloads-day-file');

  // Deleting the day file clears all 24 hours: the demo lists each, so each is downloadable again.
  await library.getByRole('checkbox', { name: `Check ${day} · whole day (UTC)` }).check();
  await library.getByRole('button', { name: 'Delete…' }).click();
  await expect(page.getByRole('dialog')).toContainText(dayKey);
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dayRow).toHaveCount(0);
  await expect(calendar.locator('[data-state="remote"]')).toHaveCount(24, { timeout: 90_000 });

  // One hour downloaded, deleted, then downloaded again from the queue's "Download again".
  const key3 = `standard-hyperliquid-BTC-${day}-03`;
  await hour(3).click();
  await page.keyboard.press('Enter');
  const queue = page.getByTestId('queue-panel');
  const row = queue.locator(`[data-key="${key3}"]`);
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await library.getByRole('checkbox', { name: `Check ${day} 03:00 UTC` }).check();
  await library.getByRole('button', { name: 'Delete…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(row).toHaveAttribute('data-state', 'deleted');
  await expect(page.getByTestId('queue-totals')).toContainText('0 done · 1 deleted · 0 failed');
  await row.getByRole('button', { name: `Download ${key3} again` }).click();
  await expect(row).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(hour(3)).toHaveAttribute('data-state', 'local');
  await expect(page.getByTestId('queue-totals')).toContainText('1 done · 0 failed');
  await expect(library.locator(`[data-key="${key3}"]`)).toHaveCount(1);
});

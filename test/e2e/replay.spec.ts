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

test('replay a busy hour of a market: play at 10x, the clock and the ladder move; step back one event and the ladder equals mde book --at', async ({ app, page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The last complete hour of the demo's busiest book (about 18,000 book events).
  const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  const iso = (ms: number): string => new Date(ms).toISOString();
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/replay/hyperliquid/BTC?from=${iso(hourStart)}&to=${iso(hourStart + 3_599_999)}`);
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
  // `npm run screenshot` refreshes the README's picture of the book replay from this state.
  if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: 'docs/book-replay.png' });
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

/** Files → choose the file → "Replay this file's books", as a user does it; waits until the replay has loaded. */
async function replayFile(page: Page, path: string): Promise<void> {
  // In the replay `g` is "go to time", so the view is switched with Alt+8.
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files');
  await page.getByLabel('Choose a snapshot file').setInputFiles(path);
  await expect(page.getByRole('region', { name: 'File summary' })).toContainText('Read to the end', { timeout: 60_000 });
  await page.getByRole('button', { name: "Replay this file's books" }).click();
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 60_000 });
}

test('replay a file: a backward step of collector time is marked on the health lane and a click lands on it; a click on the heatmap seeks', async ({ app, page }) => {
  test.setTimeout(180_000);
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { hourOfEvents, writeSnapshotFile } = await import('../support/book-files.ts');
  const dir = await mkdtemp(join(tmpdir(), 'mde-e2e-replay-'));
  try {
    const spec = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, 7) };
    const events = hourOfEvents(spec, 21, 1200);
    // Event 700 (index 699) arrives 5 ms before the one ahead of it: a backward step there.
    const previous = events[698]?.collectorTimestamp ?? 0;
    const original = events[699];
    if (original === undefined) throw new Error('the generated hour is too short');
    events[699] = { ...original, collectorTimestamp: previous - 5 };
    const path = await writeSnapshotFile(dir, spec, events);
    await page.goto(app.url);
    await replayFile(page, path);

    const mark = page.getByTestId('health-lane').locator('[data-kind="backward-step"]');
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveAttribute('title', /steps back 5 ms at event 700/);
    await mark.click();
    // The player lands on the event that stepped back (its own collector time, 5 ms behind).
    await expect(player(page)).toHaveAttribute('data-frame', '699');
    await expect(player(page)).toHaveAttribute('data-collector-time', String(previous - 5));
    await page.screenshot({ path: `${shots}/replay-health-mark.png` });

    // A click at three quarters across the heatmap seeks about three quarters into the replay.
    const startTime = events[0]?.collectorTimestamp ?? 0;
    const endTime = events.at(-1)?.collectorTimestamp ?? 0;
    const plot = page.getByTestId('heatmap-plot');
    const box = await plot.boundingBox();
    if (box === null) throw new Error('the heatmap has no box');
    await plot.click({ position: { x: box.width * 0.75, y: box.height * 0.5 } });
    const seeked = Number(await player(page).getAttribute('data-time'));
    const fraction = (seeked - startTime) / (endTime - startTime);
    expect(fraction).toBeGreaterThan(0.6);
    expect(fraction).toBeLessThan(0.9);
    await page.screenshot({ path: `${shots}/replay-file-heatmap.png` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('cross-check: a demo hour file agrees with the service\'s books; the same file altered on purpose is flagged at that event, by how much', async ({ app, page }) => {
  test.setTimeout(240_000);
  // Replaying the market first has the demo write its live hour to disk.
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/replay/hyperliquid/BTC?span=10m`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 90_000 });
  const at = Number(await player(page).getAttribute('data-collector-time'));
  const text = execFileSync('zstd', ['-dc', demoHourFile(app.userDataDir, at)], { encoding: 'utf8', maxBuffer: 1 << 30 });

  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { compressZstdFrame } = await import('../../electron/services/snapshot/zstd-compressor.ts');
  const dir = await mkdtemp(join(tmpdir(), 'mde-e2e-cross-check-'));
  const iso = new Date(at).toISOString();
  const name = `standard-hyperliquid-BTC-${iso.slice(0, 10)}-${iso.slice(11, 13)}.jsonl.zst`;
  const check = page.getByTestId('cross-check');
  try {
    // The hour as the demo wrote it: its books rebuilt here agree with the service's, event by event.
    const unaltered = join(dir, 'unaltered', name);
    const { mkdir } = await import('node:fs/promises');
    await mkdir(join(dir, 'unaltered'));
    await writeFile(unaltered, compressZstdFrame(new TextEncoder().encode(text)));
    await replayFile(page, unaltered);
    await page.getByRole('button', { name: 'Cross-check' }).click();
    await expect(check).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
    await page.screenshot({ path: `${shots}/replay-cross-check-clean.png` });
    await expect(page.getByTestId('cross-check-status')).toContainText('No differences');

    // A snapshot line in the second half (its bids are best first) with the best bid's size raised by 1.
    const lines = text.split('\n');
    const target = lines.findIndex((line, i) => i > lines.length / 2 && line.includes('"is_snapshot":true'));
    if (target < 0) throw new Error('no book snapshot in the second half of the file');
    const original = lines[target] ?? '';
    lines[target] = original.replace(/"bids":\[\[([\d.]+),([\d.]+)\]/, (_match, price: string, size: string) => `"bids":[[${price},${(Number(size) + 1).toFixed(5)}]`);
    const alteredAt = Number(/"collector_timestamp":(\d+)/.exec(original)?.[1]);
    const altered = join(dir, name);
    await writeFile(altered, compressZstdFrame(new TextEncoder().encode(lines.join('\n'))));
    await replayFile(page, altered);
    await page.getByRole('button', { name: 'Cross-check' }).click();
    await expect(check).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
    await expect(page.getByTestId('cross-check-status')).toContainText(/events? differs? of/);
    const first = check.locator('.cross-check-item').first();
    await expect(first).toHaveAttribute('data-time', String(alteredAt));
    await expect(first).toContainText('largest size difference 1');
    await expect(page.getByTestId('health-lane').locator('[data-kind="difference"]').first()).toBeVisible();
    await first.click();
    await expect(player(page)).toHaveAttribute('data-collector-time', String(alteredAt));
    await page.screenshot({ path: `${shots}/replay-cross-check-differences.png` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

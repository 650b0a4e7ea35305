import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { defaultDemoSeed } from '../../electron/server/demo-seed.ts';
import { demoSeedFolder } from '../../electron/server/store/demo-store.ts';
import { expect, test } from './app-server.ts';
import { stepRightDrawn } from './replay-steps.ts';

// Book replay in browser mode on the embedded demo (issues F8, F11): play, step, and the ladder
// checked against `mde book --at`, an independent reconstruction of the same hour files; the
// heatmap anchored at the cursor; the entry from the rail; typed times; file trades.

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

/** `mde book FILE... --depth 25 --at T`: the book in force at T, as [price, size] per side. */
function bookAt(files: readonly string[], at: number): { bids: number[][]; asks: number[][] } {
  const output = execFileSync(process.execPath, ['--import', 'tsx', 'electron/cli/mde.ts', 'book', ...files, '--depth', '25', '--at', String(at)], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
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

/** The player's collector time once it stands on an event (the attribute is empty before the first frame). */
async function cursorTime(page: Page): Promise<number> {
  await expect(player(page)).toHaveAttribute('data-collector-time', /^\d+$/, { timeout: 30_000 });
  return Number(await player(page).getAttribute('data-collector-time'));
}

/** The transport's text and the instant it was drawn at (`data-drawn-at`), read in one go from the page. */
async function transportTime(page: Page): Promise<[string, number]> {
  return page.getByTestId('transport-bar').evaluate((bar): [string, number] => [bar.querySelector('[data-testid="replay-time"]')?.textContent ?? '', Number(bar.getAttribute('data-drawn-at'))]);
}

/** The demo's hour file of hyperliquid BTC that holds time t. */
function demoHourFile(userDataDir: string, t: number): string {
  const iso = new Date(t).toISOString();
  const key = `standard-hyperliquid-BTC-${iso.slice(0, 10)}-${iso.slice(11, 13)}`;
  const file = join(userDataDir, 'demo-data', demoSeedFolder(defaultDemoSeed), 'hyperliquid', 'BTC', iso.slice(0, 10), `${key}.jsonl.zst`);
  if (!existsSync(file)) throw new Error(`the demo has not written ${file}`);
  return file;
}

/** The demo's hour files of hyperliquid BTC up to the one that holds time t: the hour before it too when the demo wrote it (the book continues across hours). */
function demoHourFiles(userDataDir: string, t: number): string[] {
  const before = t - 3_600_000;
  try {
    return [demoHourFile(userDataDir, before), demoHourFile(userDataDir, t)];
  } catch {
    return [demoHourFile(userDataDir, t)];
  }
}

test('replay a busy hour of a market: play at 10x, the clock and the ladder move; step back one event and the ladder equals mde book --at', async ({ app, page }) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The last complete hour of hyperliquid BTC (about 20,000 book events).
  const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  const iso = (ms: number): string => new Date(ms).toISOString();
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/replay/hyperliquid/BTC?from=${iso(hourStart)}&to=${iso(hourStart + 3_599_999)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  // The replay has finished loading when the status stops saying so.
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 90_000 });
  // A closed hour of the demo is read from its hour file (downloaded into the library), every level of it.
  await expect(page.getByTestId('replay-read-from')).toHaveAttribute('data-read-from', 'files');
  await expect(page.getByTestId('replay-read-from')).toContainText('hour files · 1 h');
  // The latency lane: the demo's book events carry exchange times, so every one is known; hover names a column's figures.
  const lane = page.getByTestId('latency-lane');
  await expect(lane).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  expect(Number(await lane.getAttribute('data-known'))).toBeGreaterThan(10_000);
  await expect(lane).toHaveAttribute('aria-label', /^Latency p99 up to \d+(\.\d)? ms · max/);
  const laneBox = await lane.boundingBox();
  if (laneBox === null) throw new Error('the latency lane has no box');
  await page.mouse.move(laneBox.x + laneBox.width * 0.5, laneBox.y + laneBox.height / 2);
  await expect(page.getByTestId('latency-hover')).toContainText(/p50 \d+(\.\d)? ms · p99 \d+(\.\d)? ms · max .* events/);
  await page.screenshot({ path: `${shots}/replay-latency-lane.png` });
  await page.mouse.move(0, 0);

  const startTime = Number(await player(page).getAttribute('data-time'));
  const startFrame = Number(await player(page).getAttribute('data-frame'));
  await page.getByTestId('playback-speed').selectOption('10');
  await page.locator('body').press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'true');
  // Past the hour's first snapshot (1.5 to 4 s in), so the book is the hour file's own.
  await expect.poll(async () => Number(await player(page).getAttribute('data-time')), { timeout: 30_000 }).toBeGreaterThan(startTime + 8_000);
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
  const at = await cursorTime(page);
  const shown = await ladderOnScreen(page);
  const expected = bookAt(demoHourFiles(app.userDataDir, at), at);
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

test('replay a file: a backward step of collector time is marked on the health lane and a click lands on it; the file\'s trades are on the tape; a click on the heatmap seeks', async ({ app, page }) => {
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
    // The file's trades (the writer puts one after every 50th event from the 26th) are the tape's and the heatmap's.
    await expect(page.getByRole('region', { name: 'Trades up to the replay clock' })).toContainText(`of ${Math.floor((events.length - 26) / 50) + 1} so far`);

    const mark = page.getByTestId('health-lane').locator('[data-kind="backward-step"]');
    await expect(mark).toHaveCount(1);
    await expect(mark).toHaveAttribute('title', /steps back 5 ms at event 700/);
    await mark.click();
    // The player lands on the event that stepped back (its own collector time, 5 ms behind).
    await expect(player(page)).toHaveAttribute('data-frame', '699');
    await expect(player(page)).toHaveAttribute('data-collector-time', String(previous - 5));
    await page.screenshot({ path: `${shots}/replay-health-mark.png` });

    // With the whole replay in view, a click at three quarters across the plot seeks about three quarters into it.
    const startTime = events[0]?.collectorTimestamp ?? 0;
    const endTime = events.at(-1)?.collectorTimestamp ?? 0;
    await page.getByRole('button', { name: 'Whole range' }).click();
    await expect(page.getByTestId('liquidity-heatmap')).toHaveAttribute('data-following', 'false');
    const plot = page.getByTestId('heatmap-plot');
    const box = await plot.boundingBox();
    if (box === null) throw new Error('the heatmap has no box');
    // The plot is the canvas less the price axis (72 px) and the volume profile (60 px).
    await plot.click({ position: { x: (box.width - 132) * 0.75, y: box.height * 0.3 } });
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
  const at = await cursorTime(page);
  const text = execFileSync('zstd', ['-dc', demoHourFile(app.userDataDir, at)], { encoding: 'utf8', maxBuffer: 1 << 30 });

  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { compressZstdFrame } = await import('../../electron/codec/zstd/zstd-compressor.ts');
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

/** Opens a market replay by its link and waits until it has read everything. */
async function openLoaded(page: Page, url: string, hash: string): Promise<void> {
  await page.goto(`${url.split('#')[0] ?? url}${hash}`);
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 90_000 });
}

/** The heatmap's window and what its last paint drew up to, from its data attributes. */
async function heatmapState(page: Page): Promise<{ t0: number; t1: number; p0: number; p1: number; until: number; following: boolean; markers: number[] }> {
  const heatmap = page.getByTestId('liquidity-heatmap');
  const [t0 = 0, t1 = 0, p0 = 0, p1 = 0] = ((await heatmap.getAttribute('data-view')) ?? '').split(',').map(Number);
  return {
    t0,
    t1,
    p0,
    p1,
    until: Number(await heatmap.getAttribute('data-drawn-until')),
    following: (await heatmap.getAttribute('data-following')) === 'true',
    markers: ((await heatmap.getAttribute('data-markers')) ?? '').split(',').map((value) => (value === '' ? Number.NaN : Number(value))),
  };
}

test('the heatmap is anchored at now: it follows the cursor, draws nothing after it, its price markers are the ladder\'s, and the demo\'s books are never crossed', async ({ app, page }) => {
  test.setTimeout(240_000);
  await openLoaded(page, app.url, '#/replay/hyperliquid/BTC?span=10m');
  // Faithful books: the simulated venue's book is never crossed or locked, so neither is a replay of it.
  await expect(page.getByTestId('health-counts')).toContainText('0 crossed · 0 locked');

  // Follow mode: the window ends just after the cursor and moves with it.
  await page.getByTestId('playback-speed').selectOption('10');
  await page.locator('body').press(' ');
  await expect.poll(async () => (await heatmapState(page)).until, { timeout: 20_000 }).toBeGreaterThan(Number(await player(page).getAttribute('data-time')) + 5_000);
  await page.locator('body').press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
  const followed = await heatmapState(page);
  expect(followed.following).toBe(true);
  const span = followed.t1 - followed.t0;
  expect(Math.abs(followed.t1 - followed.until - span * 0.04)).toBeLessThan(span * 0.01);

  // The markers on the price axis are the ladder's best bid and ask at the cursor, wherever it goes.
  const ladderBest = async (): Promise<[number, number]> => {
    const bid = Number(await page.locator('.ladder-row.bid').first().getAttribute('data-price'));
    const ask = Number(await page.locator('.ladder-row.ask').last().getAttribute('data-price'));
    return [bid, ask];
  };
  // Both read in one go from the page (the ladder and the heatmap paint the same frame).
  const markersAndLadder = (): Promise<{ markers: number[]; ladder: number[] }> =>
    page.evaluate(() => {
      const markers = (document.querySelector('[data-testid="liquidity-heatmap"]')?.getAttribute('data-markers') ?? '').split(',').slice(0, 2).map(Number);
      const bids = document.querySelectorAll('.ladder-row.bid');
      const asks = document.querySelectorAll('.ladder-row.ask');
      const ladder = [Number(bids[0]?.getAttribute('data-price')), Number(asks[asks.length - 1]?.getAttribute('data-price'))];
      return { markers, ladder };
    });
  const agreed = async (): Promise<boolean> => {
    const { markers, ladder } = await markersAndLadder();
    return markers[0] === ladder[0] && markers[1] === ladder[1] && Number.isFinite(ladder[0]);
  };
  expect(await agreed()).toBe(true);
  const frameBefore = await page.getByTestId('depth-ladder').getAttribute('data-frame');
  const scrubber = page.getByTestId('replay-scrubber');
  const bar = await scrubber.boundingBox();
  if (bar === null) throw new Error('no scrubber');
  await page.mouse.click(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
  await expect(page.getByTestId('depth-ladder')).not.toHaveAttribute('data-frame', frameBefore ?? '');
  await expect.poll(agreed).toBe(true);

  // The whole range in view with the cursor half way: liquidity to its left, nothing to its right.
  await page.getByRole('button', { name: 'Whole range' }).click();
  await expect(page.getByTestId('liquidity-heatmap')).toHaveAttribute('data-following', 'false');
  // Its prices fit the book drawn (as the whole range's tiles arrive): the book at the cursor is inside them.
  await expect
    .poll(async () => {
      const { p0, p1 } = await heatmapState(page);
      const [bid, ask] = await ladderBest();
      return p0 < bid && p1 > ask;
    })
    .toBe(true);
  await expect(page.getByTestId('liquidity-heatmap')).not.toContainText('loading tiles');
  const whole = await heatmapState(page);
  const pixels = await page.evaluate(
    ({ t0, t1, until }) => {
      const canvas = document.querySelector('.heatmap-base');
      if (!(canvas instanceof HTMLCanvasElement)) return null;
      const ctx = canvas.getContext('2d');
      if (ctx === null) return null;
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const plotWidth = (canvas.getBoundingClientRect().width - 132) * scale;
      const plotHeight = (canvas.getBoundingClientRect().height - 22 - 64 - 4) * scale;
      const cut = Math.floor(((until - t0) / (t1 - t0)) * plotWidth);
      const colourful = (x0: number, x1: number): number => {
        const data = ctx.getImageData(x0, 0, Math.max(1, x1 - x0), Math.floor(plotHeight)).data;
        let count = 0;
        // Liquidity, lines and bubbles are bright or saturated; the background and grid lines are dark grey.
        for (let i = 0; i < data.length; i += 4) if (Math.max(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0) > 48) count++;
        return count;
      };
      return { before: colourful(0, cut - 2), after: colourful(cut + 2, Math.floor(plotWidth)) };
    },
    { t0: whole.t0, t1: whole.t1, until: whole.until },
  );
  expect(pixels).not.toBeNull();
  expect(pixels?.before).toBeGreaterThan(1000);
  expect(pixels?.after).toBe(0);
  await page.screenshot({ path: `${shots}/replay-heatmap-whole.png` });

  // Zooming time leaves follow mode; f returns to it.
  await page.getByRole('button', { name: /Follow/ }).click();
  await expect(page.getByTestId('liquidity-heatmap')).toHaveAttribute('data-following', 'true');
  const plot = page.getByTestId('heatmap-plot');
  const box = await plot.boundingBox();
  if (box === null) throw new Error('no heatmap plot');
  // Zoom in about the cursor (it stays put under the pointer, so it stays in view).
  const following = await heatmapState(page);
  // The plot is the stage less the profile and price axis on the right (132 px).
  const cursorX = box.x + (box.width - 132) * ((following.until - following.t0) / (following.t1 - following.t0));
  await page.mouse.move(cursorX - 1, box.y + box.height * 0.4);
  await page.mouse.wheel(0, -300);
  await expect(page.getByTestId('liquidity-heatmap')).toHaveAttribute('data-following', 'false');
  expect((await heatmapState(page)).t1 - (await heatmapState(page)).t0).toBeLessThan(following.t1 - following.t0);
  // The time zoom re-fitted prices to the book in view: the best bid and ask at the cursor are inside it.
  const zoomed = await heatmapState(page);
  const [bid, ask] = await ladderBest();
  expect(zoomed.p0).toBeLessThan(bid);
  expect(zoomed.p1).toBeGreaterThan(ask);
  await page.locator('body').press('f');
  await expect(page.getByTestId('liquidity-heatmap')).toHaveAttribute('data-following', 'true');
  await page.screenshot({ path: `${shots}/replay-heatmap-follow.png` });
  // `npm run screenshot` refreshes the README's picture of the book replay from this state (minutes played, following).
  if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: 'docs/book-replay.png' });
});

test('at 1280 × 720 the heatmap controls are usable: Linear/Log, contrast and cutoff move the legend, which stays legible', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLoaded(page, app.url, '#/replay/hyperliquid/ETH?span=10m');
  const log = page.getByRole('radio', { name: 'Log' });
  const box = await log.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(24);
  await log.click();
  await expect(log).toHaveAttribute('aria-checked', 'true');
  const legend = page.getByTestId('heatmap-legend');
  const ticks = legend.locator('.heatmap-legend-ticks span');
  await expect(ticks).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map((i) => ticks.nth(i).boundingBox()));
  for (let i = 1; i < boxes.length; i++) expect((boxes[i]?.x ?? 0) >= (boxes[i - 1]?.x ?? 0) + (boxes[i - 1]?.width ?? 0)).toBe(true);
  const top = await ticks.nth(2).textContent();
  await page.getByRole('slider', { name: 'Upper cutoff' }).fill('1');
  await expect(ticks.nth(2)).not.toHaveText(top ?? '');
  const middle = await ticks.nth(1).textContent();
  await page.getByRole('slider', { name: 'Contrast' }).fill('1.5');
  await expect(ticks.nth(1)).not.toHaveText(middle ?? '');
  // Everything in the toolbar is inside the heatmap, none of it clipped or hidden behind the ladder.
  const heatmap = await page.getByTestId('liquidity-heatmap').boundingBox();
  for (const control of [log, page.getByRole('slider', { name: 'Contrast' }), page.getByRole('slider', { name: 'Upper cutoff' }), page.getByTestId('heatmap-follow')]) {
    const at = await control.boundingBox();
    expect(at !== null && heatmap !== null && at.x >= heatmap.x && at.x + at.width <= heatmap.x + heatmap.width).toBe(true);
  }
  await page.screenshot({ path: `${shots}/replay-1280x720.png` });
});

test('Book replay from the rail opens the market open in the workspace; with nothing chosen it offers markets; the inline picker switches', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(app.url);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
  await page.getByRole('tab', { name: /Book replay/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
  await expect(page.getByText('Choose a market to replay')).toBeVisible();
  await expect(page.getByTestId('replay-market-choices').getByRole('button').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/replay-nothing-chosen.png` });

  await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/hyperliquid/SOL?span=1h`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Book replay');
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
  await expect(page.getByTestId('replay-market')).toHaveValue('hyperliquid / SOL');
  await expect(player(page)).toBeVisible({ timeout: 60_000 });

  const picker = page.getByTestId('replay-market');
  await picker.click();
  await picker.fill('binance eth');
  await expect(page.getByRole('option', { name: /binance\s+ETH-USDT/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(picker).toHaveValue('binance / ETH-USDT');
  await expect(page).toHaveURL(/#\/replay\/binance\/ETH-USDT/);
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
});

test('Go to time reads the time the player shows, a time of day on its date, and says which forms work', async ({ app, page }) => {
  test.setTimeout(180_000);
  await openLoaded(page, app.url, '#/replay/hyperliquid/SOL?span=10m');
  // Somewhere in the middle, then the time shown there is typed back after moving away.
  const bar = await page.getByTestId('replay-scrubber').boundingBox();
  if (bar === null) throw new Error('no scrubber');
  await page.mouse.click(bar.x + bar.width * 0.4, bar.y + bar.height / 2);
  await cursorTime(page);
  await stepRightDrawn(page);
  // The transport shows the instant every pane draws (the replay clock; ArrowRight went to the
  // scrubber the click focused, which moves it a step); read with it in one go.
  const [shown, at] = await transportTime(page);
  await page.mouse.click(bar.x + bar.width * 0.8, bar.y + bar.height / 2);
  await page.locator('body').press('g');
  await page.keyboard.type(shown);
  await page.keyboard.press('Enter');
  await expect(player(page)).toHaveAttribute('data-time', String(at));
  // A time of day alone lands on the shown date.
  const timeOfDay = shown.slice(11, 19);
  await page.locator('body').press('g');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(timeOfDay);
  await page.keyboard.press('Enter');
  await expect(player(page)).toHaveAttribute('data-time', String(Math.floor(at / 1000) * 1000));
  await page.locator('body').press('g');
  await page.keyboard.press('Control+a');
  await page.keyboard.type('half past');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Could not read "half past"');
});

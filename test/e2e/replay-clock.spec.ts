import type { Page } from '@playwright/test';
import { startMdeServe } from '../support/mde-serve.ts';
import { expect, test } from './app-server.ts';
import { saveKey, useRemote } from './settings-steps.ts';

// F16 points 3 and 5 in Chromium, on the demo's busy market (binance BTCUSDT, about half a million book events an hour): one clock for
// every pane, sampled in the page inside animation frames while playing at 1000×; and the trade
// bubbles where the trades were, checked against trades this test reads from the service itself
// and placed by its own arithmetic over the heatmap's exposed axes.

const shots = 'test-results/screenshots';
const key = 'mde-e2e-bubbles-key-4242';
const player = (page: Page) => page.getByTestId('replay-player');
const base = (url: string): string => url.split('#')[0] ?? url;
const iso = (ms: number): string => new Date(ms).toISOString();

/** A market replay opened by its link, once it has read everything. */
async function openLoaded(page: Page, url: string, hash: string): Promise<void> {
  await page.goto(`${base(url)}${hash}`);
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 90_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 180_000 });
  // A range opened at its start may stand before the first book event: one step lands on it.
  if ((await player(page).getAttribute('data-frame')) === '-1') await page.locator('body').press('ArrowRight');
  await expect(player(page)).toHaveAttribute('data-collector-time', /^\d+$/, { timeout: 30_000 });
}

/** Twenty minutes from the start of the last closed hour: read from its hour file, busy throughout. */
function closedRange(): { from: number; to: number } {
  const from = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
  return { from, to: from + 20 * 60_000 };
}

/** What the panes said on one animation frame. */
interface FrameSample {
  playing: boolean;
  /** The clock's own time (`data-time`), which the instant drawn may trail while a frame loads. */
  clock: number;
  /** `data-drawn-at` of the player, the transport, the ladder, the tape and the heatmap; the heatmap's markers, CVD and profile. */
  instants: Record<string, string>;
  ladderBid: number;
  markerBid: number;
  /** The tape's newest row (Unix ms), or NaN when the tape is empty. */
  tapeNewest: number;
}

test('one clock: at 1000× every pane draws the same instant on every frame, and the ladder\'s best bid is the heatmap\'s marker', async ({ app, page }) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.setViewportSize({ width: 1600, height: 900 });
  const { from, to } = closedRange();
  await openLoaded(page, app.url, `#/replay/binance/BTCUSDT?from=${iso(from)}&to=${iso(to)}`);
  // The trades are read too (the tape counts them), so the tape, CVD and profile have something to draw.
  await expect(page.getByTestId('replay-tape')).toContainText(/of [1-9][\d,]* so far/, { timeout: 60_000 });

  // At 1×, half way through, a few seconds played: a picture to look at.
  const bar = await page.getByTestId('replay-scrubber').boundingBox();
  if (bar === null) throw new Error('no scrubber');
  await page.mouse.click(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
  await page.mouse.move(0, 0);
  const half = Number(await player(page).getAttribute('data-time'));
  await page.locator('body').press(' ');
  await expect.poll(async () => Number(await player(page).getAttribute('data-drawn-at')), { timeout: 30_000 }).toBeGreaterThan(half + 5_000);
  await page.screenshot({ path: `${shots}/replay-clock-1x.png` });
  await page.locator('body').press(' ');
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
  // Back near the start for the fast run (on a loaded machine a frame may take a few hundred ms, 5 minutes of replay at 1000×).
  await page.mouse.click(bar.x + bar.width * 0.02, bar.y + bar.height / 2);
  await page.mouse.move(0, 0);

  await page.getByTestId('playback-speed').selectOption('1000');
  // Play, then read every pane inside the next animation frames (after the player's own tick or
  // before it, each frame's panes must agree).
  const samples = await page.evaluate(async (frames: number): Promise<FrameSample[]> => {
    const read = (): FrameSample => {
      const attribute = (selector: string, name: string): string => document.querySelector(selector)?.getAttribute(name) ?? 'missing';
      const heatmap = '[data-testid="liquidity-heatmap"]';
      return {
        playing: attribute('[data-testid="replay-player"]', 'data-playing') === 'true',
        clock: Number(attribute('[data-testid="replay-player"]', 'data-time')),
        instants: {
          player: attribute('[data-testid="replay-player"]', 'data-drawn-at'),
          transport: attribute('[data-testid="transport-bar"]', 'data-drawn-at'),
          ladder: attribute('[data-testid="depth-ladder"]', 'data-drawn-at'),
          tape: attribute('[data-testid="replay-tape"]', 'data-drawn-at'),
          heatmapCursor: attribute(heatmap, 'data-drawn-at'),
          heatmapMarkers: attribute(heatmap, 'data-markers-at'),
          cvd: attribute(heatmap, 'data-cvd-at'),
          profile: attribute(heatmap, 'data-profile-at'),
        },
        ladderBid: Number(document.querySelector('.ladder-row.bid')?.getAttribute('data-price')),
        markerBid: Number(attribute(heatmap, 'data-markers').split(',')[0]),
        tapeNewest: Number(attribute('[data-testid="trades-tape"]', 'data-newest') || Number.NaN),
      };
    };
    const button = document.querySelector('[data-testid="play-toggle"]');
    if (!(button instanceof HTMLButtonElement)) throw new Error('no play button');
    button.click();
    const out: FrameSample[] = [];
    // Frames until the clock has moved on `frames` of them (it waits, playing, while the first fast frames load), at most 600.
    let moved = 0;
    for (let i = 0; i < 600 && moved < frames; i++) {
      const sample = await new Promise<FrameSample>((resolve) => requestAnimationFrame(() => resolve(read())));
      if (sample.playing && sample.instants['player'] !== out.at(-1)?.instants['player']) moved++;
      out.push(sample);
      if (!sample.playing && moved > 0) break;
    }
    // Paused right after the last sample, so the picture is a frame drawn at 1000×.
    if (document.querySelector('[data-testid="replay-player"]')?.getAttribute('data-playing') === 'true') button.click();
    return out;
  }, 8);
  await page.screenshot({ path: `${shots}/replay-clock-1000x.png` });

  const playing = samples.filter((sample) => sample.playing);
  // The clock moved while it was sampled: several frames playing at new instants, more than a minute of replay apart end to end
  // (how many depends on the frame rate the machine gives; the range lasts 1.2 s of wall time at 1000×).
  const instants = [...new Set(playing.map((sample) => Number(sample.instants['player'])))];
  expect(instants.length, JSON.stringify(samples.map((sample) => [sample.playing, sample.clock, sample.instants['player']]))).toBeGreaterThanOrEqual(3);
  expect((instants.at(-1) ?? 0) - (instants[0] ?? 0)).toBeGreaterThan(60_000);
  for (const sample of samples) {
    const instant = sample.instants['player'] ?? '';
    expect(instant, JSON.stringify(sample)).toMatch(/^\d+(\.\d+)?$/);
    // Every pane, the same instant on this frame.
    expect(sample.instants, JSON.stringify(sample)).toEqual(Object.fromEntries(Object.keys(sample.instants).map((name) => [name, instant])));
    // The ladder and the heatmap's markers from one book frame.
    expect(Number.isFinite(sample.ladderBid), JSON.stringify(sample)).toBe(true);
    expect(sample.markerBid, JSON.stringify(sample)).toBe(sample.ladderBid);
    // The tape's newest row is at or before the instant.
    if (!Number.isNaN(sample.tapeNewest)) expect(sample.tapeNewest).toBeLessThanOrEqual(Number(instant));
  }
  expect(errors).toEqual([]);
});

/** One trade as this test reads it from the service. */
interface ServiceTrade {
  time: number;
  price: number;
}

/**
 * Every trade of [start, end] from `/historical/trades`, page by page, with the key, in the
 * service's order. The time is the one the replay documents for a trade: the running maximum of
 * collector times (a trade whose collector time steps back stands at the replay clock).
 */
async function fetchTrades(baseUrl: string, start: number, end: number): Promise<ServiceTrade[]> {
  const trades: ServiceTrade[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ source: 'binance', market: 'BTCUSDT', start: String(Math.floor(start)), end: String(Math.ceil(end)), limit: '1000' });
    if (cursor !== null) query.set('cursor', cursor);
    const response = await fetch(`${baseUrl}/historical/trades?${query}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: { collector_timestamp: number; price: number | string }[]; has_more: boolean; next_cursor?: string | null };
    for (const row of body.items) trades.push({ time: row.collector_timestamp, price: Number(row.price) });
    cursor = body.has_more ? (body.next_cursor ?? null) : null;
  } while (cursor !== null);
  let clock = Number.NEGATIVE_INFINITY;
  return trades.map((trade) => {
    clock = Math.max(clock, trade.time);
    return { time: clock, price: trade.price };
  });
}

test('bubbles where the trades were: each drawn bubble is a trade read from the service, at its time and price by the heatmap\'s axes within a pixel; the newest up to the cursor is drawn', async ({ app, page }) => {
  test.setTimeout(300_000);
  const service = await startMdeServe(['--keys', `${key}:paid`]);
  try {
    await page.setViewportSize({ width: 1600, height: 900 });
    await page.goto(app.url);
    await useRemote(page, service.baseUrl);
    await saveKey(page, key);
    const { from, to } = closedRange();
    await openLoaded(page, app.url, `#/replay/binance/BTCUSDT?from=${iso(from)}&to=${iso(to)}`);
    await expect(page.getByTestId('replay-tape')).toContainText(/of [1-9][\d,]* so far/, { timeout: 60_000 });
    // Half way through, following, played a little at 1× and paused: the window is full of trades.
    const bar = await page.getByTestId('replay-scrubber').boundingBox();
    if (bar === null) throw new Error('no scrubber');
    await page.mouse.click(bar.x + bar.width * 0.5, bar.y + bar.height / 2);
    await page.mouse.move(0, 0);
    const seeked = Number(await player(page).getAttribute('data-time'));
    await page.locator('body').press(' ');
    await expect.poll(async () => Number(await player(page).getAttribute('data-drawn-at')), { timeout: 30_000 }).toBeGreaterThan(seeked + 2_000);
    await page.locator('body').press(' ');
    await expect(player(page)).toHaveAttribute('data-playing', 'false');
    const heatmap = page.getByTestId('liquidity-heatmap');
    await expect(heatmap).toHaveAttribute('data-following', 'true');
    await expect(heatmap).not.toContainText('loading tiles', { timeout: 30_000 });
    await expect.poll(async () => (JSON.parse((await heatmap.getAttribute('data-bubbles')) ?? '[]') as unknown[]).length, { timeout: 30_000 }).toBeGreaterThan(20);
    await page.screenshot({ path: `${shots}/replay-bubbles.png` });

    const drawn = await heatmap.evaluate((element) => ({
      view: element.getAttribute('data-view') ?? '',
      plot: element.getAttribute('data-plot') ?? '',
      cursor: Number(element.getAttribute('data-drawn-at')),
      bubbles: element.getAttribute('data-bubbles') ?? '[]',
    }));
    const [t0 = 0, t1 = 0, p0 = 0, p1 = 0] = drawn.view.split(',').map(Number);
    const [width = 0, height = 0] = drawn.plot.split(',').map(Number);
    const bubbles = JSON.parse(drawn.bubbles) as [number, number, number, number][];
    expect(width).toBeGreaterThan(300);
    expect(drawn.cursor).toBeGreaterThan(t0);
    // From a minute before the view, so the running maximum of collector times is already the replay's at its left edge.
    const trades = (await fetchTrades(service.baseUrl, t0 - 60_000, drawn.cursor + 1_000)).filter((trade) => trade.time >= t0);
    expect(trades.length).toBeGreaterThan(bubbles.length);
    const known = new Set(trades.map((trade) => `${trade.time}|${trade.price}`));
    // The test's own mapping from the exposed axes: time left to right over the whole plot, price top to bottom.
    const xOf = (time: number): number => ((time - t0) / (t1 - t0)) * width;
    const yOf = (price: number): number => ((p1 - price) / (p1 - p0)) * height;
    for (const [time, price, x, y] of bubbles) {
      expect(known.has(`${time}|${price}`), `bubble at ${time}, ${price} is a trade the service has`).toBe(true);
      expect(time).toBeLessThanOrEqual(drawn.cursor);
      expect(Math.abs(x - xOf(time)), `x of the bubble at ${time}`).toBeLessThanOrEqual(1);
      expect(Math.abs(y - yOf(price)), `y of the bubble at ${price}`).toBeLessThanOrEqual(1);
    }
    // The newest trade at or before the cursor is drawn (its time, at one of the prices traded then).
    const newest = trades.filter((trade) => trade.time <= drawn.cursor).at(-1);
    if (newest === undefined) throw new Error('no trade before the cursor');
    const pricesThen = new Set(trades.filter((trade) => trade.time === newest.time).map((trade) => trade.price));
    expect(bubbles.some(([time, price]) => time === newest.time && pricesThen.has(price))).toBe(true);
  } finally {
    await service.stop();
  }
});

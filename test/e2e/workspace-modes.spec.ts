import type { Locator, Page } from '@playwright/test';
import { startMdeServe } from '../support/mde-serve.ts';
import { expect, test } from './app-server.ts';
import { saveKey, useRemote } from './settings-steps.ts';

// F13 points 1–2 in the market workspace: the chart modes (candles, footprint, tick / volume /
// dollar bars), their keys and link; the footprint kept in step with the chart's time scale
// through a pan and a zoom (checked against the chart's own crosshair); its POC and the bars'
// count checked against naive code over trades this test reads from the service itself.
// Browser mode on the embedded demo, and `mde serve` as a keyed remote for the naive checks.
// Each saves screenshots at 1440×900 and 1280×720.

const shots = 'test-results/screenshots';
const minute = 60_000;
const key = 'mde-e2e-footprint-key-4242';

const chart = (page: Page): Locator => page.getByTestId('candle-chart');
const base = (url: string): string => url.split('#')[0] ?? url;

/** A candle the footprint laid out: open time, centre x in the pane, complete, POC price. */
type LaidCandle = [number, number, 0 | 1, number | null];

async function laidCandles(page: Page): Promise<LaidCandle[]> {
  const text = await chart(page).getAttribute('data-footprint');
  return JSON.parse(text ?? '[]') as LaidCandle[];
}

/** Both sizes the UI is checked at. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    // No hover card or crosshair in the picture.
    await page.mouse.move(1, height - 1);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${shots}/${name}-${width}x${height}.png` });
  }
}

/** One trade as this test reads it from the service. */
interface ServiceTrade {
  time: number;
  price: number;
  quantity: number;
  side: string | null;
}

/** Every trade of a range from `/historical/trades`, page by page, with the key (spec 4.7, 2.10). */
async function fetchTrades(baseUrl: string, market: { source: string; market: string }, start: number, end: number): Promise<ServiceTrade[]> {
  const trades: ServiceTrade[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ source: market.source, market: market.market, start: String(start), end: String(end), limit: '1000' });
    if (cursor !== null) query.set('cursor', cursor);
    const response = await fetch(`${baseUrl}/historical/trades?${query}`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { collector_timestamp: number; price: number | string; quantity: number | string; side?: string | null }[]; has_more: boolean; next_cursor?: string | null };
    for (const row of page.items) trades.push({ time: row.collector_timestamp, price: Number(row.price), quantity: Number(row.quantity), side: row.side ?? null });
    cursor = page.has_more ? (page.next_cursor ?? null) : null;
  } while (cursor !== null);
  return trades;
}

/** The naive POC of one candle: volume per bucket ⌊price / step⌋ (all sides), the most volume, ties to the lower price. */
function naivePoc(trades: readonly ServiceTrade[], open: number, step: number): number | null {
  const volume = new Map<number, number>();
  for (const t of trades) {
    if (t.time < open || t.time >= open + minute) continue;
    const bucket = Math.floor(t.price / step + 1e-9);
    volume.set(bucket, (volume.get(bucket) ?? 0) + t.quantity);
  }
  let best: [number, number] | null = null;
  for (const [bucket, v] of [...volume].sort((a, b) => a[0] - b[0])) if (best === null || v > best[1]) best = [bucket, v];
  return best === null ? null : best[0] * step;
}

/** The naive count of bars closing at `size` of the measure (tick: 1 a trade; volume: the quantity), the last one possibly open. */
function naiveBarCount(trades: readonly ServiceTrade[], measure: (t: ServiceTrade) => number, size: number): number {
  let bars = 0;
  let sum = 0;
  let open = false;
  for (const t of trades) {
    sum += measure(t);
    open = true;
    if (sum >= size * (1 - 1e-12)) {
      bars++;
      sum = 0;
      open = false;
    }
  }
  return bars + (open ? 1 : 0);
}

/** Moves the mouse to pane point (x, y) of the candle chart. */
async function hover(page: Page, x: number, y: number): Promise<void> {
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  await page.mouse.move(box.x + x, box.y + y);
}

/**
 * Every complete candle the footprint laid out sits where the chart's own crosshair puts that
 * candle: the legend (fed by lightweight-charts' crosshair time) names the candle whose column
 * the pointer is in, 10 px left and right of the centre the footprint used.
 */
async function expectFootprintOnCandles(page: Page, y: number): Promise<number> {
  const laid = (await laidCandles(page)).filter((candle) => candle[2] === 1);
  expect(laid.length).toBeGreaterThan(2);
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  let checked = 0;
  for (const [open, x] of laid) {
    if (x < 20 || x > box.width - 110) continue;
    for (const dx of [-10, 10]) {
      await hover(page, x + dx, y);
      await expect(page.getByTestId('chart-legend')).toHaveAttribute('data-time', String(open));
    }
    checked++;
  }
  return checked;
}

/** What one funding pane shows of its crosshair: the candle it says it is on and that candle's x, and the x where the line is drawn. */
interface PaneCrosshair {
  pane: string;
  /** `data-crosshair-time` (null: the pane has none). */
  time: number | null;
  /** `data-crosshair-x`: the candle's x in the pane, from the chart's own time scale. */
  x: number | null;
  /** The column of the pane's crosshair layer holding most drawn pixels (the vertical line), in CSS px; null when nothing is drawn there. */
  drawnX: number | null;
}

/** Every funding pane's crosshair, as it says and as the pixels of its crosshair layer (the pane's upper canvas) show it. */
async function paneCrosshairs(page: Page): Promise<PaneCrosshair[]> {
  return page.getByTestId('funding-pane').evaluateAll((panes) =>
    panes.map((pane) => {
      const chartBox = pane.querySelector<HTMLElement>('.funding-pane-chart');
      const layer = chartBox?.querySelectorAll('canvas')[1];
      const name = pane.getAttribute('data-pane') ?? '';
      if (chartBox === null || layer === undefined) return { pane: name, time: null, x: null, drawnX: null };
      const pixels = layer.getContext('2d')?.getImageData(0, 0, layer.width, layer.height).data;
      let best = -1;
      let bestCount = 0;
      for (let x = 0; pixels !== undefined && x < layer.width; x++) {
        let count = 0;
        for (let y = 0; y < layer.height; y++) if ((pixels[(y * layer.width + x) * 4 + 3] ?? 0) > 0) count++;
        if (count > bestCount) [best, bestCount] = [x, count];
      }
      const time = chartBox.dataset['crosshairTime'];
      const x = chartBox.dataset['crosshairX'];
      return {
        pane: name,
        time: time === undefined ? null : Number(time),
        x: x === undefined || x === '' ? null : Number(x),
        // A dashed vertical line fills a good part of the column; a lone marker dot does not.
        drawnX: bestCount > layer.height / 4 ? best / (layer.width / layer.getBoundingClientRect().width) : null,
      };
    }),
  );
}

/**
 * Hovers activity bars from the left edge of the chart to the right of the bars (steps of 2 % of
 * its width): for each bar, the funding header names the candle the bar opened in, and every
 * pane's crosshair is drawn on that very candle. Returns how many bars were checked.
 */
async function expectFundingOnHoveredBars(page: Page): Promise<number> {
  const bars = page.getByTestId('activity-bars-chart');
  const legend = page.getByTestId('bars-legend');
  const box = await bars.boundingBox();
  if (box === null) throw new Error('the bars chart has no box');
  let checked = 0;
  for (let share = 0.01; share < 0.7; share += 0.02) {
    await page.mouse.move(box.x + box.width * share, box.y + box.height * 0.4);
    if ((await legend.getAttribute('data-hovered')) !== 'true') continue;
    await expect(async () => {
      const candle = Math.floor(Number(await legend.getAttribute('data-open')) / minute) * minute;
      const where = `the bar of ${new Date(Number(await legend.getAttribute('data-open'))).toISOString()} (${share.toFixed(2)} of the chart)`;
      await expect(page.getByTestId('funding-interval'), `the funding header for ${where}`).toHaveAttribute('data-time', String(candle), { timeout: 100 });
      for (const pane of await paneCrosshairs(page)) {
        expect(pane.time, `${pane.pane}'s crosshair candle for ${where}`).toBe(candle);
        expect(pane.x, `${pane.pane}: the candle's x`).not.toBeNull();
        expect(pane.drawnX, `${pane.pane}: a crosshair drawn for ${where}`).not.toBeNull();
        expect(Math.abs((pane.drawnX ?? 0) - (pane.x ?? 0)), `${pane.pane}: the line drawn at ${pane.drawnX ?? '-'} px, the candle at ${pane.x ?? '-'} px`).toBeLessThanOrEqual(1.5);
      }
    }).toPass({ timeout: 5_000 });
    checked++;
  }
  return checked;
}

test('chart modes by toolbar and keys: the link carries the mode, it survives leaving the view and Back, and + / − step the footprint', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(`${base(app.url)}#/workspace/hyperliquid/BTC?interval=1m&span=1h`);
  await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 90_000 });
  const modes = page.getByRole('radiogroup', { name: 'Chart mode' });
  await expect(modes.getByRole('radio', { name: 'Candles' })).toHaveAttribute('aria-checked', 'true');

  await page.keyboard.press('f');
  await expect(modes.getByRole('radio', { name: 'Footprint' })).toHaveAttribute('aria-checked', 'true');
  await expect(page).toHaveURL(/chart=footprint/);
  await expect(chart(page)).toHaveAttribute('data-footprint-cells', /^[1-9]\d*$/, { timeout: 60_000 });
  await expect(page.getByRole('region', { name: /^Footprint of hyperliquid BTC/ })).toBeVisible();

  // + and − walk the step's ladder from the automatic step.
  const step = Number(await chart(page).getAttribute('data-footprint-step'));
  expect(step).toBeGreaterThan(0);
  await expect(page.getByTestId('footprint-step')).toHaveAttribute('placeholder', `auto ${step}`);
  await page.keyboard.press('+');
  await expect(chart(page)).not.toHaveAttribute('data-footprint-step', String(step));
  const coarser = Number(await chart(page).getAttribute('data-footprint-step'));
  expect(coarser).toBeGreaterThan(step);
  await expect(page.getByTestId('footprint-step')).toHaveValue(String(coarser));
  await page.keyboard.press('-');
  await expect(chart(page)).toHaveAttribute('data-footprint-step', String(step));
  // A step typed by hand; a bad one is refused, named, and not applied.
  await page.getByTestId('footprint-step').fill('0');
  await expect(page.getByRole('alert')).toHaveText('A price step above 0, at most 10,000,000');
  await page.getByTestId('footprint-step').press('Escape');

  // a: tick bars; again: volume, dollar; c: candles (the default leaves the link).
  await page.keyboard.press('a');
  await expect(page.getByTestId('activity-bars-chart')).toHaveAttribute('data-kind', 'tick', { timeout: 30_000 });
  await expect(page).toHaveURL(/chart=tick-bars/);
  await expect(page.getByTestId('bars-legend')).toBeVisible();
  await screenshots(page, 'workspace-tick-bars');
  await page.keyboard.press('a');
  await expect(page.getByTestId('activity-bars-chart')).toHaveAttribute('data-kind', 'volume');
  await page.keyboard.press('a');
  await expect(page.getByTestId('activity-bars-chart')).toHaveAttribute('data-kind', 'dollar');
  await expect(page).toHaveURL(/chart=dollar-bars/);
  // The toolbar does the same.
  await modes.getByRole('radio', { name: 'Footprint' }).click();
  await expect(page).toHaveURL(/chart=footprint/);

  // Leaving the view and coming back (rail), then Back in history: the mode stays.
  await page.getByRole('tab', { name: /Catalog/ }).click();
  await expect(page).toHaveURL(/#\/catalog/);
  await page.getByRole('tab', { name: /Market/ }).click();
  await expect(modes.getByRole('radio', { name: 'Footprint' })).toHaveAttribute('aria-checked', 'true');
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(/#\/workspace\/.*chart=footprint/);
  await expect(modes.getByRole('radio', { name: 'Footprint' })).toHaveAttribute('aria-checked', 'true');

  await page.keyboard.press('c');
  await expect(modes.getByRole('radio', { name: 'Candles' })).toHaveAttribute('aria-checked', 'true');
  await expect(page).not.toHaveURL(/chart=/);

  // The ? sheet lists the keys.
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog');
  await expect(sheet).toContainText('Chart: time candles / footprint');
  await expect(sheet).toContainText('Footprint: coarser / finer price step');
});

test('activity bars: the funding panes follow the hovered bar, their crosshair on the candle their header names, before and after a zoom', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(`${base(app.url)}#/workspace/hyperliquid/BTC?interval=1m&span=1h`);
  await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 90_000 });
  // a: tick bars; again: volume bars.
  await page.keyboard.press('a');
  await page.keyboard.press('a');
  const bars = page.getByTestId('activity-bars-chart');
  await expect(bars).toHaveAttribute('data-kind', 'volume', { timeout: 30_000 });
  await expect(page.getByTestId('funding-chart')).toHaveAttribute('data-points', /^[1-9]\d*$/, { timeout: 60_000 });
  expect(await expectFundingOnHoveredBars(page)).toBeGreaterThan(20);
  const box = await bars.boundingBox();
  if (box === null) throw new Error('the bars chart has no box');
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4);
  await page.screenshot({ path: `${shots}/workspace-bars-funding-crosshair-1440x860.png` });

  // Zoomed in: fewer bars, the panes follow their narrower span; the first bar in view opened
  // before the first whole minute of it, and its candle is still in the panes' view.
  const before = await bars.getAttribute('data-bars');
  await page.mouse.wheel(0, -300);
  await expect(async () => {
    await page.mouse.move(box.x + box.width * 0.01, box.y + box.height * 0.4);
    await expect(page.getByTestId('bars-legend')).not.toHaveAttribute('data-bar', '0', { timeout: 100 });
  }).toPass({ timeout: 10_000 });
  expect(await bars.getAttribute('data-bars')).toBe(before);
  expect(await expectFundingOnHoveredBars(page)).toBeGreaterThan(10);
});

test('the footprint moves with the chart: after a pan and a zoom each cell column still sits on its candle', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(`${base(app.url)}#/workspace/hyperliquid/BTC?interval=1m&span=1h&chart=footprint`);
  await expect(chart(page)).toHaveAttribute('data-footprint-cells', /^[1-9]\d*$/, { timeout: 90_000 });
  // The first view's automatic step keeps rows tall enough to print "bid × ask", whatever the hour's price range.
  await expect(chart(page)).toHaveAttribute('data-footprint-numbers', 'true', { timeout: 10_000 });
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  const y = box.height * 0.3;
  expect(await expectFootprintOnCandles(page, y)).toBeGreaterThan(2);
  await screenshots(page, 'workspace-footprint');

  // Hover a cell: the card names its bucket, bid, ask, delta, trades and imbalance.
  const laid = (await laidCandles(page)).filter((candle) => candle[2] === 1);
  const target = laid.at(-2);
  if (target === undefined) throw new Error('no complete candle laid out');
  await expect(async () => {
    // Down the candle's column until the pointer is on a cell.
    for (let fy = 0.08; fy < 0.7; fy += 0.02) {
      await hover(page, target[1] + 8, box.height * fy);
      if (await page.getByTestId('footprint-hover').isVisible()) return;
    }
    throw new Error('no cell under the candle column');
  }).toPass({ timeout: 20_000 });
  const card = page.getByTestId('footprint-hover');
  await expect(card).toContainText('Bid (sells)');
  await expect(card).toContainText('Imbalance');
  await page.screenshot({ path: `${shots}/workspace-footprint-hover-1280x720.png` });

  // Pan: drag the chart right by ~3 bars.
  const before = await laidCandles(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  const wide = await chart(page).boundingBox();
  if (wide === null) throw new Error('the candle chart has no box');
  await page.mouse.move(wide.x + wide.width * 0.3, wide.y + wide.height * 0.5);
  await page.mouse.down();
  await page.mouse.move(wide.x + wide.width * 0.55, wide.y + wide.height * 0.5, { steps: 6 });
  await page.mouse.up();
  await expect.poll(async () => JSON.stringify(await laidCandles(page))).not.toBe(JSON.stringify(before));
  expect(await expectFootprintOnCandles(page, wide.height * 0.3)).toBeGreaterThan(2);

  // Zoom out with the wheel: more, narrower columns, still on their candles; then numbers give way to colour.
  const columnsBefore = (await laidCandles(page)).length;
  await page.mouse.move(wide.x + wide.width * 0.5, wide.y + wide.height * 0.4);
  await page.mouse.wheel(0, 400);
  await expect.poll(async () => (await laidCandles(page)).length).toBeGreaterThan(columnsBefore);
  expect(await expectFootprintOnCandles(page, wide.height * 0.3)).toBeGreaterThan(2);
  await expect(async () => {
    if ((await chart(page).getAttribute('data-footprint-numbers')) !== 'false') await page.mouse.wheel(0, 300);
    await expect(chart(page)).toHaveAttribute('data-footprint-numbers', 'false', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  expect(await expectFootprintOnCandles(page, wide.height * 0.3)).toBeGreaterThan(2);
  await screenshots(page, 'workspace-footprint-zoomed-out');

  // Zoomed back in far enough (columns and rows wide enough), "bid × ask" numbers come back.
  await expect(async () => {
    if ((await chart(page).getAttribute('data-footprint-numbers')) !== 'true') {
      await page.mouse.move(wide.x + wide.width * 0.8, wide.y + wide.height * 0.4);
      await page.mouse.wheel(0, -300);
    }
    await expect(chart(page)).toHaveAttribute('data-footprint-numbers', 'true', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
});

test('footprint POCs and activity bar counts equal naive code over the trades read from the service', async ({ app, page }) => {
  test.setTimeout(240_000);
  const service = await startMdeServe(['--keys', `${key}:paid`]);
  try {
    await page.goto(app.url);
    await useRemote(page, service.baseUrl);
    // Without a key the trades are the latest ten minutes: the chart says so, offers the key, and
    // candles before the first of those trades stay plain.
    await page.goto(`${base(app.url)}#/workspace/hyperliquid/BTC?interval=1m&span=1h&chart=footprint`);
    await expect(chart(page)).toHaveAttribute('data-footprint-cells', /^[1-9]\d*$/, { timeout: 90_000 });
    await expect(page.getByTestId('mode-notice')).toContainText('latest ten minutes of trades only (anonymous)');
    await expect(page.getByTestId('mode-notice').getByRole('button', { name: 'Add API key' })).toBeVisible();
    const anonymous = await page.getByTestId('trades-tape').getAttribute('data-oldest');
    const box = await chart(page).boundingBox();
    if (box === null) throw new Error('the candle chart has no box');
    // Pan back (drag right) until the candle of the first trade is in view.
    await expect(async () => {
      if (!(await laidCandles(page)).some((candle) => candle[2] === 0 && candle[0] < Number(anonymous))) {
        await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.4);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.4, { steps: 6 });
        await page.mouse.up();
      }
      await expect.poll(async () => (await laidCandles(page)).some((candle) => candle[2] === 0 && candle[0] < Number(anonymous)), { timeout: 1000 }).toBe(true);
    }).toPass({ timeout: 30_000 });
    for (const [open, , complete] of await laidCandles(page)) {
      if (complete === 1) expect(open, 'a complete candle opens at or after the first trade loaded').toBeGreaterThanOrEqual(Number(anonymous));
    }
    await screenshots(page, 'workspace-footprint-anonymous');
    await saveKey(page, key);
    // A fixed half hour of whole minutes, ending 20 minutes ago: every candle in it has all its trades.
    const from = Math.floor(Date.now() / minute) * minute - 50 * minute;
    const to = from + 30 * minute - 1;
    await page.goto(`${base(app.url)}#/workspace/hyperliquid/BTC?interval=1m&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&chart=footprint`);
    await expect(chart(page)).toHaveAttribute('data-footprint-cells', /^[1-9]\d*$/, { timeout: 90_000 });
    await expect(page.getByTestId('mode-notice')).toHaveCount(0);
    const trades = await fetchTrades(service.baseUrl, { source: 'hyperliquid', market: 'BTC' }, from, to);
    expect(trades.length).toBeGreaterThan(100);
    const step = Number(await chart(page).getAttribute('data-footprint-step'));
    const laid = (await laidCandles(page)).filter((candle) => candle[2] === 1);
    expect(laid.length).toBeGreaterThan(4);
    for (const [open, , , poc] of laid) {
      const expected = naivePoc(trades, open, step);
      if (expected === null) throw new Error(`no trades in the candle at ${open}`);
      expect(poc, `POC of the candle at ${new Date(open).toISOString()}`).toBeCloseTo(expected, 8);
    }
    // Every candle of the range is complete: none of those laid out is plain.
    expect((await laidCandles(page)).every((candle) => candle[2] === 1)).toBe(true);

    await page.keyboard.press('a');
    const bars = page.getByTestId('activity-bars-chart');
    await expect(bars).toHaveAttribute('data-kind', 'tick', { timeout: 30_000 });
    const tickSize = Number(await bars.getAttribute('data-size'));
    expect(tickSize).toBe(Math.ceil(trades.length / 200));
    expect(Number(await bars.getAttribute('data-bars'))).toBe(naiveBarCount(trades, () => 1, tickSize));
    expect(Number(await bars.getAttribute('data-trades'))).toBe(trades.length);
    await screenshots(page, 'workspace-activity-bars');

    await page.keyboard.press('a');
    await expect(bars).toHaveAttribute('data-kind', 'volume');
    const volumeSize = Number(await bars.getAttribute('data-size'));
    expect(Number(await bars.getAttribute('data-bars'))).toBe(naiveBarCount(trades, (t) => t.quantity, volumeSize));
    // A size typed by hand.
    await page.getByTestId('bar-size').fill(String(volumeSize * 2));
    await page.getByTestId('bar-size').press('Enter');
    await expect(bars).toHaveAttribute('data-size', String(volumeSize * 2));
    expect(Number(await bars.getAttribute('data-bars'))).toBe(naiveBarCount(trades, (t) => t.quantity, volumeSize * 2));
    // Hover a bar: its times, OHLC and volumes.
    const barsBox = await bars.boundingBox();
    if (barsBox === null) throw new Error('the bars chart has no box');
    await page.mouse.move(barsBox.x + barsBox.width * 0.3, barsBox.y + barsBox.height * 0.3);
    await expect(page.getByTestId('bars-legend')).toContainText('unknown');
  } finally {
    await service.stop();
  }
});

import type { Locator, Page } from '@playwright/test';
import { startCandleService } from '../support/candle-service.ts';
import { expect, test } from './app-server.ts';

// The market workspace as researchers found it (issue F14): history for every pane, long ranges
// keeping their newest trades, the interval longer than the range, a dropped service, and the
// funding panes. Browser mode on the embedded demo (and a hand-made remote for the dropped
// service); each saves screenshots at 1440×900 and 1280×720.

const shots = 'test-results/screenshots';
const minute = 60_000;

const chart = (page: Page): Locator => page.getByTestId('candle-chart');
const numberOf = async (locator: Locator, attribute: string): Promise<number> => Number(await locator.getAttribute(attribute));

/** Both sizes the UI is checked at. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Charts size themselves on the next frames.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page.screenshot({ path: `${shots}/${name}-${width}x${height}.png` });
  }
}

/** Drags the candle chart to the right (toward older bars) once. */
async function dragChartBack(page: Page): Promise<void> {
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.35);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.35, { steps: 8 });
  await page.mouse.up();
}

/** The legend's value after a label ("VWAP", "RV"), with the crosshair at `x` (a fraction of the chart's width). */
async function legendAt(page: Page, x: number, label: string): Promise<string> {
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  await page.mouse.move(box.x + box.width * x, box.y + box.height * 0.35);
  const text = (await page.getByTestId('chart-legend').textContent()) ?? '';
  return new RegExp(`${label} (\\S+)`).exec(text)?.[1] ?? '';
}

test('panning back loads every series: VWAP, realized vol, markers, the tape and funding follow the candles, and the range says what is loaded', async ({ app, page }) => {
  test.setTimeout(240_000);
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/hyperliquid/BTC?interval=1m&span=1h`);
  await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 90_000 });
  await expect(page.getByTestId('funding-chart')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('trades-tape')).toBeVisible({ timeout: 90_000 });
  const firstOpen = await numberOf(chart(page), 'data-first-open');
  const from = page.getByRole('textbox', { name: /^From/ });
  const fromBefore = await from.inputValue();

  await expect(async () => {
    await dragChartBack(page);
    expect(await numberOf(chart(page), 'data-first-open')).toBeLessThan(firstOpen - 30 * minute);
  }).toPass({ timeout: 120_000 });
  const oldest = await numberOf(chart(page), 'data-first-open');
  // Trades, and what is derived from them, reach back with the candles (within a candle of the oldest).
  await expect.poll(() => numberOf(page.getByTestId('trades-tape'), 'data-oldest'), { timeout: 60_000 }).toBeLessThan(oldest + minute);
  await expect.poll(() => numberOf(chart(page), 'data-vwap-from')).toBeLessThan(oldest + minute);
  await expect.poll(() => numberOf(chart(page), 'data-rv-from')).toBeLessThan(oldest + minute);
  await expect.poll(() => numberOf(chart(page), 'data-oldest-marker')).toBeLessThan(firstOpen);
  await expect.poll(() => numberOf(page.getByTestId('funding-chart'), 'data-first-time'), { timeout: 60_000 }).toBeLessThan(oldest + minute);
  await expect(page.getByTestId('loading-older')).toBeHidden({ timeout: 60_000 });
  // The range inputs and the link say what is loaded now.
  await expect(from).not.toHaveValue(fromBefore);
  await expect(page).toHaveURL(/from=.*&to=|to=.*&from=/);
  expect(Date.parse(`${await from.inputValue()}Z`)).toBeLessThanOrEqual(oldest);
  // The oldest candles read a VWAP and a realized volatility, not "—".
  await page.keyboard.press('Escape');
  expect(await legendAt(page, 0.04, 'VWAP')).toMatch(/^\d/);
  expect(await legendAt(page, 0.04, 'RV')).toMatch(/^\d/);
  await expect(page.getByTestId('older-notice')).toHaveCount(0);
  await screenshots(page, 'workspace-panned');
});

test('a 7-day range keeps its newest trades: the tape, VWAP and realized vol reach the end of the range', async ({ app, page }) => {
  test.setTimeout(300_000);
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/hyperliquid/BTC?interval=15m&span=7d`);
  const tape = page.getByTestId('trades-tape');
  await expect(tape).toBeVisible({ timeout: 240_000 });
  const to = Date.parse(`${await page.getByRole('textbox', { name: /^To/ }).inputValue()}Z`);
  // The newest trade is in the range's last minutes, and the last candle has trades behind its VWAP and RV.
  expect(await numberOf(tape, 'data-newest')).toBeGreaterThan(to - 10 * minute);
  const lastOpen = await numberOf(chart(page), 'data-last-open');
  expect(await numberOf(tape, 'data-newest')).toBeGreaterThanOrEqual(lastOpen);
  // And it holds every trade back to the first candle (the demo's coverage starts inside the week).
  expect(await numberOf(tape, 'data-oldest')).toBeLessThan((await numberOf(chart(page), 'data-first-open')) + 15 * minute);
  expect(await numberOf(tape, 'data-trades')).toBeGreaterThan(200_000);
  const legend = (await page.getByTestId('chart-legend').textContent()) ?? '';
  expect(legend).toMatch(/VWAP \d/);
  expect(legend).toMatch(/RV \d/);
  // Every trade of the range fits the budget here: nothing is said to be left out.
  await expect(page.getByTestId('tape-cut')).toHaveCount(0);
  await screenshots(page, 'workspace-7d');
});

test('a 7-day range on the busy market draws its newest candles while the older ones are still read', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/binance/BTCUSDT?interval=15m&span=7d`);
  // The latest hour is drawn as soon as it is read, with a word that older candles are on their way
  // (reading the whole week on a cold demo takes minutes: it was a blank chart until then).
  await expect(page.getByTestId('candles-arriving')).toBeVisible({ timeout: 120_000 });
  const to = Date.parse(`${await page.getByRole('textbox', { name: /^To/ }).inputValue()}Z`);
  expect(await numberOf(chart(page), 'data-candles')).toBeGreaterThan(0);
  expect(await numberOf(chart(page), 'data-last-open')).toBeGreaterThan(to - 2 * 60 * minute);
  // What is drawn so far is the end of the range, not the week.
  expect(await numberOf(chart(page), 'data-first-open')).toBeGreaterThan(to - 3 * 24 * 60 * minute);
});

test('an interval longer than the range says so and offers the fixes: a fitting interval, or a wider range', async ({ app, page }) => {
  test.setTimeout(180_000);
  // Ten minutes inside the previous hour (a span ending now holds an hour's open in the first ten
  // minutes of every hour, and then rightly draws that candle).
  const hourMs = 3_600_000;
  const from = Math.floor(Date.now() / hourMs) * hourMs - hourMs + 20 * 60_000;
  const to = from + 10 * 60_000;
  const link = `${app.url.split('#')[0] ?? app.url}#/workspace/hyperliquid/BTC?interval=1h&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  await page.goto(link);
  const empty = page.getByTestId('interval-too-long');
  await expect(empty).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('heading', { name: '1h candles are longer than this range' })).toBeVisible();
  await expect(page.getByText('No candles in this range')).toHaveCount(0);
  await screenshots(page, 'workspace-interval-too-long');

  await page.getByRole('button', { name: 'Show 1m candles' }).click();
  await expect(page).toHaveURL(/interval=1m/);
  await expect(chart(page)).toHaveAttribute('data-candles', /^([5-9]|1\d)$/, { timeout: 90_000 });

  await page.goto(link);
  await page.reload();
  await page.getByRole('button', { name: 'Widen the range to 24h' }).click();
  // The range keeps its end and reaches 24 h back.
  await expect(page.getByRole('textbox', { name: 'From (UTC)' })).toHaveValue(new Date(to - 24 * hourMs).toISOString().slice(0, 19));
  await expect(page.getByRole('textbox', { name: 'To (UTC)' })).toHaveValue(new Date(to).toISOString().slice(0, 19));
  await expect(page).toHaveURL(/interval=1h/);
  await expect(chart(page)).toHaveAttribute('data-candles', /^(2[3-5])$/, { timeout: 90_000 });
});

test('a dropped service keeps the chart, marked stale, with the error beside it', async ({ app, page }) => {
  test.setTimeout(180_000);
  const service = await startCandleService(600, Date.now());
  let stopped = false;
  try {
    await page.goto(app.url);
    await page.keyboard.press('Control+,');
    await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
    await page.getByRole('textbox', { name: 'Base URL' }).fill(service.baseUrl);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel(/New key/).fill('mde-e2e-stale-5150');
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('key-status')).toContainText('ending in 5150');
    await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/${service.source}/${service.market}?interval=1m&from=${new Date(service.firstOpen).toISOString()}&to=${new Date(service.lastOpen).toISOString()}`);
    await expect(chart(page)).toHaveAttribute('data-candles', '600', { timeout: 60_000 });

    await service.stop();
    stopped = true;
    // The health monitor notices within its period; the chart stays, marked stale, with the error and its fixes beside it.
    const banner = page.getByTestId('stale-banner');
    await expect(banner).toBeVisible({ timeout: 45_000 });
    await expect(banner).toHaveAttribute('data-kind', /network|unavailable/);
    await expect(banner.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Check data source' })).toBeVisible();
    await expect(chart(page)).toHaveAttribute('data-candles', '600');
    await expect(page.locator('.chart-area')).toHaveAttribute('data-stale', 'true');
    await expect(page.getByTestId('error-panel')).toHaveCount(0);
    await screenshots(page, 'workspace-stale');
  } finally {
    if (!stopped) await service.stop();
  }
});

test('the funding panes: one point per candle, funding and predicted apart, labels clear of the axis, nothing clipped at 1280×720', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/hyperliquid/BTC?interval=5m&span=6h`);
  const panes = page.getByTestId('funding-chart');
  await expect(panes).toBeVisible({ timeout: 120_000 });
  // Thousands of observations become one point per 5m candle (72 in six hours, one more where the range starts inside one).
  expect(await numberOf(panes, 'data-observations')).toBeGreaterThan(1000);
  expect(await numberOf(panes, 'data-points')).toBeGreaterThanOrEqual(72);
  expect(await numberOf(panes, 'data-points')).toBeLessThanOrEqual(73);
  await expect(page.getByTestId('funding-pane')).toHaveCount(5);
  await expect(page.locator('[data-pane="funding"] [data-field]')).toHaveAttribute('data-field', 'fundingRate');
  await expect(page.locator('[data-pane="predicted"] [data-field]')).toHaveAttribute('data-field', 'predictedFundingRate');

  const panel = await page.locator('.funding-panel').boundingBox();
  if (panel === null) throw new Error('the funding panel has no box');
  expect(panel.y + panel.height).toBeLessThanOrEqual(720 - 20);
  for (const pane of await page.getByTestId('funding-pane').all()) {
    const box = await pane.boundingBox();
    const label = await pane.locator('.funding-pane-label').boundingBox();
    if (box === null || label === null) throw new Error('a funding pane has no box');
    // Inside the panel, and its label inside the pane, clear of the price axis on the right.
    expect(box.y).toBeGreaterThanOrEqual(panel.y);
    expect(box.y + box.height).toBeLessThanOrEqual(panel.y + panel.height + 1);
    expect(box.height).toBeGreaterThanOrEqual(28);
    expect(label.y + label.height).toBeLessThanOrEqual(box.y + box.height);
    expect(label.x + label.width).toBeLessThanOrEqual(box.x + box.width - 84);
  }
  // Without a crosshair each field shows its newest published value, never "—" for a field the range published.
  await expect(page.getByTestId('funding-interval')).toHaveText('newest published values');
  for (const field of ['fundingRate', 'predictedFundingRate', 'premium', 'markPrice', 'indexPrice', 'openInterest']) await expect(page.locator(`[data-field="${field}"] b`)).toHaveText(/^-?\d/);
  // Hovering a candle shows that candle's funding, with its min and max.
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.3);
  await expect(page.getByTestId('funding-interval')).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d · \d+ obs$/);
  await expect(page.locator('[data-pane="predicted"] .funding-pane-range')).toBeVisible();
  await screenshots(page, 'workspace-funding');
});

test('range editing: a From past To keeps the range\'s length up to now, and the To typed next is kept', async ({ app, page }) => {
  const hourMs = 3_600_000;
  const to = Math.floor(Date.now() / hourMs) * hourMs - 6 * hourMs;
  const from = to - hourMs;
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/hyperliquid/BTC?interval=1m&from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`);
  const fromBox = page.getByRole('textbox', { name: 'From (UTC)' });
  const toBox = page.getByRole('textbox', { name: 'To (UTC)' });
  await expect(toBox).toHaveValue(new Date(to).toISOString().slice(0, 19));
  // From two hours past To, then straight on to To (Tab commits From).
  const laterFrom = to + 2 * hourMs;
  await fromBox.fill(new Date(laterFrom).toISOString().slice(0, 19));
  await page.keyboard.press('Tab');
  await expect(toBox).toBeFocused();
  // The range kept its hour from the new From: it never runs past now, nor into next year.
  await expect(toBox).toHaveValue(new Date(laterFrom + hourMs).toISOString().slice(0, 19));
  const typedTo = laterFrom + 3 * hourMs;
  await toBox.fill(new Date(typedTo).toISOString().slice(0, 19));
  await page.keyboard.press('Enter');
  await expect(fromBox).toHaveValue(new Date(laterFrom).toISOString().slice(0, 19));
  await expect(toBox).toHaveValue(new Date(typedTo).toISOString().slice(0, 19));
  await expect(page).toHaveURL(new RegExp(`to=${new Date(typedTo).toISOString().replace(/[.]/g, '\\.')}`));
});

import type { Page } from '@playwright/test';
import { startCandleService } from '../support/candle-service.ts';
import { startMdeServe } from '../support/mde-serve.ts';
import { expect, test } from './app-server.ts';

// The paths a new user takes through the explorer (issue F7), in browser mode on the embedded
// demo, and against remote services for the key and rate-limit paths. Each saves screenshots.

const shots = 'test-results/screenshots';


/** Settings → Remote → base URL → Save (and a key, when given), as a person does it. */
async function useRemote(page: Page, baseUrl: string, key?: string): Promise<void> {
  await page.keyboard.press('Control+,');
  await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('status-source')).toContainText(new URL(baseUrl).host);
  if (key === undefined) return;
  await page.getByLabel(/New key/).fill(key);
  await page.getByRole('button', { name: 'Save key' }).click();
  await expect(page.getByTestId('key-status')).toContainText(`ending in ${key.slice(-4)}`);
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

async function openFromCatalog(page: Page, search: string, market: string): Promise<void> {
  await page.keyboard.press('Alt+1');
  await page.getByRole('searchbox', { name: 'Search the catalog' }).fill(search);
  await page.getByRole('button', { name: `Open ${market}` }).first().click();
}

const chart = (page: Page) => page.getByTestId('candle-chart');
const candleInterval = (page: Page, name: string) => page.getByRole('radiogroup', { name: /^Candle interval/ }).getByRole('radio', { name, exact: true });

test('find a perpetual, open it, change the interval, pan back for more history, and reload the deep link', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(app.url);
  await page.keyboard.press('Alt+1');
  const search = page.getByRole('searchbox', { name: 'Search the catalog' });
  await search.fill('hyperliquid btc');
  await expect(page.getByRole('table', { name: 'Markets' })).toContainText('hyperliquid');
  // Enter on the search field opens the selected market.
  await search.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('hyperliquid');
  await expect(page).toHaveURL(/#\/workspace\/hyperliquid\/BTC/);
  await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 60_000 });
  await expect(page.getByTestId('trades-tape')).toBeVisible();
  await page.screenshot({ path: `${shots}/explorer-workspace.png` });
  // `npm run screenshot` refreshes the README's picture of the market workspace from this state.
  if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: 'docs/market-workspace.png' });

  await candleInterval(page, '5m').click();
  await expect(candleInterval(page, '5m')).toBeChecked();
  await expect(page).toHaveURL(/interval=5m/);
  await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 60_000 });
  const firstOpen = Number(await chart(page).getAttribute('data-first-open'));

  // Pan back: drag the chart to the right until older candles have been loaded before the first.
  const box = await chart(page).boundingBox();
  if (box === null) throw new Error('the candle chart has no box');
  await expect(async () => {
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.35);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.95, box.y + box.height * 0.35, { steps: 8 });
    await page.mouse.up();
    expect(Number(await chart(page).getAttribute('data-first-open'))).toBeLessThan(firstOpen);
  }).toPass({ timeout: 90_000 });
  await page.screenshot({ path: `${shots}/explorer-workspace-panned.png` });

  const link = page.url();
  await page.reload();
  expect(page.url()).toBe(link);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('hyperliquid');
  await expect(candleInterval(page, '5m')).toBeChecked();
  await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 60_000 });
});

test('open the option chain and switch expiry', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.goto(app.url);
  await openFromCatalog(page, 'deribit', 'deribit/BTC');
  await expect(page).toHaveURL(/#\/options\/deribit\/BTC/);
  const expiries = page.getByRole('radiogroup', { name: 'Expiry' }).getByRole('radio');
  await expect(expiries.first()).toBeVisible({ timeout: 60_000 });
  expect(await expiries.count()).toBeGreaterThan(1);
  const chain = page.getByRole('table', { name: 'Option chain' });
  await expect(chain.locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/explorer-options.png` });

  const second = expiries.nth(1);
  const label = await second.textContent();
  await second.click();
  await expect(second).toBeChecked();
  await expect(page).toHaveURL(/expiry=/);
  // `]` steps to the next expiry, `[` back.
  await page.keyboard.press(']');
  await expect(expiries.nth(2)).toBeChecked();
  await page.keyboard.press('[');
  await expect(expiries.nth(1)).toHaveText(label ?? '');
  await expect(expiries.nth(1)).toBeChecked();
  await expect(chain.locator('tbody tr').first()).toBeVisible();
});

test('open an intent lifecycle and a quote ladder', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.goto(app.url);
  await openFromCatalog(page, 'uniswapx', 'uniswapx/intents');
  await expect(page).toHaveURL(/#\/intents\/uniswapx\/intents/);
  const lifecycle = page.getByTestId('intent-lifecycle').first();
  await expect(lifecycle).toBeVisible({ timeout: 60_000 });
  await lifecycle.click();
  await expect(page.getByTestId('intent-step').first()).toBeVisible();
  await page.screenshot({ path: `${shots}/explorer-intents.png` });

  await openFromCatalog(page, 'metric', 'metric/ethereum');
  await expect(page).toHaveURL(/#\/quotes\/metric\/ethereum/);
  const observation = page.getByTestId('quote-observation').first();
  await expect(observation).toBeVisible({ timeout: 60_000 });
  await observation.click();
  await expect(page.getByTestId('ladder-row').first()).toBeVisible();
  const before = page.url();
  await page.keyboard.press('j');
  await expect.poll(() => page.url()).not.toBe(before);
  await page.screenshot({ path: `${shots}/explorer-quotes.png` });
});

test('an anonymous-window limit is said before sending, and adding the key loads the chart', async ({ app, page }) => {
  test.setTimeout(180_000);
  const key = 'mde-e2e-explorer-key-4242';
  const remote = await startMdeServe(['--keys', key]);
  try {
    await page.goto(app.url);
    await useRemote(page, remote.baseUrl);
    await openFromCatalog(page, 'hyperliquid btc', 'hyperliquid/BTC');
    const panel = page.getByTestId('key-required');
    await expect(panel).toBeVisible({ timeout: 60_000 });
    await expect(panel).toContainText('This needs an API key');
    await page.screenshot({ path: `${shots}/explorer-key-required.png` });

    await panel.getByRole('button', { name: 'Add API key' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await page.getByLabel(/New key/).fill(key);
    await page.getByRole('button', { name: 'Save key' }).click();
    // Saving the key returns to where the user was: the market, which now loads with it.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('hyperliquid · BTC');
    await expect(page).toHaveURL(/#\/workspace\/hyperliquid\/BTC/);
    await expect(page.getByTestId('key-required')).toBeHidden();
    await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 90_000 });
  } finally {
    await remote.stop();
  }
});

test('a rate limit on the candles counts down and recovers by itself', async ({ app, page }) => {
  test.setTimeout(120_000);
  const service = await startCandleService(600, Date.now(), { rateLimitedOhlcv: 1, retryAfterSeconds: 12 });
  try {
    await page.clock.install();
    await page.goto(app.url);
    await useRemote(page, service.baseUrl);
    await page.goto(`${app.url.split('#')[0] ?? app.url}#/workspace/${service.source}/${service.market}?interval=1m&span=1h`);
    const panel = page.getByTestId('error-panel');
    await expect(panel).toHaveAttribute('data-kind', 'rate-limited', { timeout: 60_000 });
    const countdown = panel.getByTestId('retry-countdown');
    await expect(countdown).toHaveText(/^Retry in (12|11|10) s$/);
    await page.screenshot({ path: `${shots}/explorer-rate-limited.png` });
    await page.clock.fastForward(13_000);
    await expect(chart(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 60_000 });
    await expect(panel).toBeHidden();
  } finally {
    await service.stop();
  }
});

test('a long history: the candles come before the interval probe, the newest bars draw first, and panning back widens from memory before asking the service', async ({ app, page }) => {
  test.setTimeout(180_000);
  const service = await startCandleService(15_000, Date.now());
  try {
    await page.goto(app.url);
    await useRemote(page, service.baseUrl, 'mde-e2e-long-history-7001');
    const route = `#/workspace/${service.source}/${service.market}?interval=1m&from=${new Date(service.firstOpen).toISOString()}&to=${new Date(service.lastOpen).toISOString()}`;
    await page.goto(`${app.url.split('#')[0] ?? app.url}${route}`);
    await expect(chart(page)).toHaveAttribute('data-candles', '15000', { timeout: 60_000 });
    // 6,000 of the 15,000 are handed to the chart at first (`drawn-window.ts`).
    await expect(chart(page)).toHaveAttribute('data-drawn', '6000');
    // The service offers only 1m: once the probe has answered, the picker offers that alone.
    await expect(page.getByRole('radiogroup', { name: /^Candle interval/ }).getByRole('radio')).toHaveCount(1, { timeout: 60_000 });
    const log = service.ohlcvLog();
    const firstProbe = log.findIndex((request) => !request.ranged);
    const lastRanged = log.findLastIndex((request) => request.ranged);
    expect(log[0]).toEqual({ interval: '1m', ranged: true, continued: false });
    expect(firstProbe).toBeGreaterThan(lastRanged);
    await page.screenshot({ path: `${shots}/explorer-long-history.png` });

    // Panning back draws the older loaded candles, twice as many each time, without a request.
    const requests = service.requests();
    await expect(async () => {
      await dragChartBack(page);
      expect(await chart(page).getAttribute('data-drawn')).toBe('12000');
    }).toPass({ timeout: 60_000 });
    await expect(async () => {
      await dragChartBack(page);
      expect(await chart(page).getAttribute('data-drawn')).toBe('15000');
    }).toPass({ timeout: 60_000 });
    expect(service.requests()).toBe(requests);
    await expect(page.getByTestId('error-panel')).toBeHidden();
  } finally {
    await service.stop();
  }
});

test('the mixed event stream: drawn as pages arrive, types filtered without asking again, the cap stated with ways to narrow', async ({ app, page }) => {
  test.setTimeout(180_000);
  // Every stream load the page asks for, as it goes out on the contract socket.
  const loads: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      const text = typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8');
      if (text.includes('"market.eventsStream"')) loads.push(text);
    });
  });
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/events?span=10m`);
  const list = page.getByRole('grid', { name: 'Events' });
  const rows = list.locator('[role="row"]:not(.event-head)');
  // The first page is drawn while later pages are still being read (ten minutes of every market is over the cap).
  await expect(rows.first()).toBeVisible({ timeout: 150_000 });
  await expect(page.getByText(/events so far/)).toBeVisible();
  await page.screenshot({ path: `${shots}/explorer-events-streaming.png` });
  const capNote = page.getByRole('status').filter({ hasText: /^First 20,000 events only/ });
  await expect(capNote).toBeVisible({ timeout: 150_000 });
  expect(loads).toHaveLength(1);

  const chips = page.getByRole('group', { name: /Event types/ });
  const trade = chips.getByRole('button').first();
  await expect(trade).toHaveAttribute('aria-pressed', 'true');
  // `1` hides trades at once, from what is loaded: the list keeps every other event, and nothing is asked again.
  const tradeCount = Number((await trade.locator('.type-count').innerText()).replace(/,/g, ''));
  expect(tradeCount).toBeGreaterThan(0);
  await page.keyboard.press('1');
  await expect(trade).toHaveAttribute('aria-pressed', 'false');
  await expect(list).toHaveAttribute('aria-rowcount', String(20_000 - tradeCount));
  await expect(page.getByText(`${(20_000 - tradeCount).toLocaleString('en-US')} of 20,000 events`)).toBeVisible();
  await expect(list.locator('.event-type', { hasText: 'trade' })).toHaveCount(0);
  expect(loads).toHaveLength(1);
  await page.keyboard.press('j');
  await expect(page).toHaveURL(/focus=/);
  await page.screenshot({ path: `${shots}/explorer-events.png` });

  // The cap offers the narrower load: only the six types shown.
  await capNote.getByRole('button', { name: 'Load only the 6 types shown' }).click();
  await expect.poll(() => loads.length).toBe(2);
  expect(loads[1]).toContain('"types":["l2_update","funding_rate","intent","quote","option_ticker","ohlcv"]');
  await expect(page.getByText(/^Loaded only|^First 20,000 events only/).first()).toBeVisible({ timeout: 150_000 });
});

test('the Events list gives each event its whole summary at 1440 px: no Event cell is cut', async ({ app, page }) => {
  await page.goto(`${app.url.split('#')[0] ?? app.url}#/events?span=10m`);
  const rows = page.getByRole('grid', { name: 'Events' }).locator('[role="row"]:not(.event-head)');
  await expect(rows.first()).toBeVisible({ timeout: 150_000 });
  const cells = page.locator('.event-summary');
  await expect.poll(() => cells.count()).toBeGreaterThan(20);
  // A cell whose text is wider than its column is cut; the summaries of every kind fit.
  const cut = await cells.evaluateAll((elements) => elements.filter((element) => element.scrollWidth > element.clientWidth + 1).map((element) => element.textContent));
  expect(cut).toEqual([]);
  // Each summary is also the cell's title, whole.
  expect(await cells.first().getAttribute('title')).toMatch(/\S/);
});

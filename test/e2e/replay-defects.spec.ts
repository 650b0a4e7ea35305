import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './app-server.ts';
import { stepRightDrawn } from './replay-steps.ts';

// Book replay's smaller defects, each checked in Chromium against what the test itself knows:
// the ladder's real book under aggregation, the picker overlaying, Go to time replacing its text,
// a link to an unknown market or a future range, a link's instant outside the range, the tape
// counting the trades up to the cursor, and a file replay named by its address.

const shots = 'test-results/screenshots';
const player = (page: Page) => page.getByTestId('replay-player');
const base = (url: string): string => url.split('#')[0] ?? url;

/** The transport's text and the instant it was drawn at (`data-drawn-at`), read in one go from the page. */
async function transportTime(page: Page): Promise<[string, number]> {
  return page.getByTestId('transport-bar').evaluate((bar): [string, number] => [bar.querySelector('[data-testid="replay-time"]')?.textContent ?? '', Number(bar.getAttribute('data-drawn-at'))]);
}

/** Opens a market replay by its link and waits until it has read everything. */
async function openLoaded(page: Page, url: string, hash: string): Promise<void> {
  await page.goto(`${base(url)}${hash}`);
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).toContainText('events', { timeout: 60_000 });
  await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 90_000 });
}

test('the ladder: spread and cost to trade from the real book under aggregation, an order larger than the book; Go to time replaces its text; the picker overlays the player', async ({ app, page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1600, height: 900 });
  // A minute of the busy spot market (tick 0.1): quick to read.
  const end = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  await openLoaded(page, app.url, `#/replay/binance/BTC-USDT?from=${new Date(end - 60_000).toISOString()}&to=${new Date(end).toISOString()}`);
  await expect(player(page)).toHaveAttribute('data-collector-time', /^\d+$/, { timeout: 30_000 });
  // One frame, paused: the readouts with no aggregation are the reference.
  const spread = page.getByTestId('ladder-spread');
  const buy = page.getByTestId('cost-buy');
  const sell = page.getByTestId('cost-sell');
  await expect(spread).not.toHaveText('—');
  const reference = { spread: await spread.textContent(), buy: await buy.textContent(), sell: await sell.textContent() };
  // The spread row's text is the real one, and not zero.
  expect(reference.spread).toMatch(/^[\d,.]+ · [\d.]+ bps$/);
  expect(Number((reference.spread ?? '').split(' ')[0]?.replace(/,/g, ''))).toBeGreaterThan(0);
  const aggregate = page.getByLabel('Aggregate price levels');
  const choices = await aggregate.locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value') ?? ''));
  for (const choice of choices.slice(1, 3)) {
    await aggregate.selectOption(choice);
    // The rows are buckets now (prices on the tick), but every readout is the real book's.
    const prices = await page.locator('.ladder-row.bid').evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-price'))));
    for (const price of prices) expect(Math.abs(price / Number(choice) - Math.round(price / Number(choice)))).toBeLessThan(1e-6);
    await expect(spread).toHaveText(reference.spread ?? '');
    await expect(buy).toHaveText(reference.buy ?? '');
    await expect(sell).toHaveText(reference.sell ?? '');
    await expect(page.locator('.ladder-spread-row')).toHaveText(`spread ${(reference.spread ?? '').split(' ')[0] ?? ''}`);
  }
  await page.getByLabel('Size to trade').fill('1e14');
  await expect(buy).toHaveAttribute('data-cost', 'larger-than-book');
  await expect(buy).toContainText('larger than the book');
  await expect(buy).not.toContainText('avg');
  await expect(sell).toHaveAttribute('data-cost', 'larger-than-book');
  await page.screenshot({ path: `${shots}/replay-ladder-aggregated.png` });

  // Go to time, twice, typing without clearing: the second time replaces the first.
  const scrubber = await page.getByTestId('replay-scrubber').boundingBox();
  if (scrubber === null) throw new Error('no scrubber');
  await page.mouse.click(scrubber.x + scrubber.width * 0.3, scrubber.y + scrubber.height / 2);
  // The transport shows the instant every pane draws; ArrowRight goes to the scrubber the click focused, which moves the clock a step. Read once moved and drawn.
  const stepped = async (): Promise<[string, number]> => {
    await expect(player(page)).toHaveAttribute('data-collector-time', /^\d+$/, { timeout: 30_000 });
    await stepRightDrawn(page);
    return transportTime(page);
  };
  const [first, firstAt] = await stepped();
  await page.mouse.click(scrubber.x + scrubber.width * 0.7, scrubber.y + scrubber.height / 2);
  const [second, secondAt] = await stepped();
  await page.locator('body').press('g');
  await page.keyboard.type(first);
  await page.keyboard.press('Enter');
  await expect(player(page)).toHaveAttribute('data-time', String(firstAt));
  await page.locator('body').press('g');
  await expect(page.getByLabel('Go to time')).toHaveValue(first);
  await page.keyboard.type(second);
  await expect(page.getByLabel('Go to time')).toHaveValue(second);
  await page.keyboard.press('Enter');
  await expect(player(page)).toHaveAttribute('data-time', String(secondAt));

  // The market picker's list lies over the player: the player does not move, and the list is drawn as a list box, not bullets.
  const before = await player(page).boundingBox();
  await page.getByTestId('replay-market').click();
  const list = page.getByRole('listbox', { name: 'Book markets' });
  await expect(list.getByRole('option').first()).toBeVisible();
  const after = await player(page).boundingBox();
  expect(after?.y).toBe(before?.y);
  expect(await list.evaluate((element) => [getComputedStyle(element).position, getComputedStyle(element).listStyleType])).toEqual(['absolute', 'none']);
  await page.screenshot({ path: `${shots}/replay-market-picker-open.png` });
  await page.keyboard.press('Escape');
});

test('a link to an unknown market, or to a range in the future, says what is wrong and offers the fix', async ({ app, page }) => {
  test.setTimeout(180_000);
  await page.goto(`${base(app.url)}#/replay/hyperliquid/NOPE?span=10m`);
  const problem = page.getByTestId('replay-problem');
  await expect(problem).toHaveAttribute('data-kind', 'unknown-market', { timeout: 30_000 });
  await expect(problem).toContainText('hyperliquid / NOPE is not a market of this data');
  await expect(page.getByText('No order book in this data')).toHaveCount(0);
  await page.screenshot({ path: `${shots}/replay-unknown-market.png` });
  await problem.getByRole('button', { name: 'hyperliquid / BTC' }).click();
  await expect(page).toHaveURL(/#\/replay\/hyperliquid\/BTC/);
  await expect(player(page)).toBeVisible({ timeout: 60_000 });

  await page.goto(`${base(app.url)}#/replay/hyperliquid/BTC?from=2099-01-01T00:00:00.000Z&to=2099-01-01T00:10:00.000Z`);
  await expect(problem).toHaveAttribute('data-kind', 'future-range', { timeout: 30_000 });
  await expect(problem).toContainText('This range is in the future');
  await page.screenshot({ path: `${shots}/replay-future-range.png` });
  await problem.getByRole('button', { name: /Replay the last 10 m 00 s instead/ }).click();
  await expect(player(page)).toBeVisible({ timeout: 60_000 });
  const to = new URL(page.url().replace('#/', '')).searchParams.get('to') ?? '';
  expect(Date.parse(to)).toBeLessThanOrEqual(Date.now());
});

test("a span link opened later: its instant is before the range loaded; the player says so and goes there on request", async ({ app, page }) => {
  test.setTimeout(180_000);
  // A link shared 22 minutes ago, 5 minutes into its 10-minute span (a whole second: the demo's clock).
  const at = Math.floor((Date.now() - 27 * 60_000) / 1000) * 1000;
  await openLoaded(page, app.url, `#/replay/hyperliquid/BTC?span=10m&at=${new Date(at).toISOString()}`);
  const notice = page.getByTestId('link-instant-notice');
  await expect(notice).toHaveAttribute('data-place', 'before');
  await expect(notice).toContainText("This link's instant");
  // The player stands in the range, on a book, not "before the first event" with empty panes.
  await expect(player(page)).toHaveAttribute('data-collector-time', /^\d+$/, { timeout: 30_000 });
  await page.screenshot({ path: `${shots}/replay-link-instant-before.png` });
  await notice.getByRole('button', { name: /^Go to / }).click();
  await expect(notice).toHaveCount(0);
  await expect(player(page)).toHaveAttribute('data-time', String(at), { timeout: 60_000 });
  await expect(player(page)).toHaveAttribute('data-collector-time', /^\d+$/, { timeout: 60_000 });
  expect(Number(await player(page).getAttribute('data-collector-time'))).toBeLessThanOrEqual(at);
  await expect(page).toHaveURL(/from=.*to=/);
});

test("a file replay: the tape counts the trades up to the cursor from the start, as the heatmap does; the address names the file, a reload reopens it, a gone grant is said", async ({ app, page }) => {
  test.setTimeout(240_000);
  const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { hourOfEvents, snapshotKey, v2FileText } = await import('../support/book-files.ts');
  const { compressZstdFrame } = await import('../../electron/codec/zstd/zstd-compressor.ts');
  const dir = await mkdtemp(join(tmpdir(), 'mde-e2e-replay-defects-'));
  try {
    const spec = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, 7) };
    const events = hourOfEvents(spec, 33, 600);
    const firstBook = events[0]?.collectorTimestamp ?? 0;
    const firstBid = events[0]?.bids[0] ?? 100;
    // Three trades before the first book event (the hour's file often starts so), then the writer's own (one every 50 events from the 26th).
    const early = [300, 200, 100].map((ms, i) => ({ time: firstBook - ms, price: firstBid - i }));
    const lines = v2FileText(spec, events).trimEnd().split('\n');
    const earlyLines = early.map((trade) =>
      JSON.stringify({ collector_timestamp: trade.time, collector_sequence: 0, exchange_timestamp: null, exchange_sequence: null, source: spec.source, market: spec.market, type: 'trade', data: { order_id: null, price: trade.price, quantity: 0.25, side: 'sell' } }),
    );
    const rows = [lines[0] ?? '', ...earlyLines, ...lines.slice(1)];
    // Sequences rise through the file (one capture session).
    let sequence = 1_000_000;
    const text = rows.map((line, i) => (i === 0 ? line : JSON.stringify({ ...(JSON.parse(line) as object), collector_sequence: sequence++ }))).join('\n');
    const path = join(dir, `${snapshotKey(spec)}.jsonl.zst`);
    await writeFile(path, compressZstdFrame(new TextEncoder().encode(`${text}\n`)));
    const tradeTimes = [...early.map((trade) => trade.time), ...events.filter((_, i) => i % 50 === 25).map((event) => event.collectorTimestamp)];
    const tradePrices = [...early.map((trade) => trade.price), ...events.filter((_, i) => i % 50 === 25).map((event) => event.bids[0] ?? 1)];

    await page.goto(app.url);
    await page.keyboard.press('Alt+8');
    await page.getByLabel('Choose a snapshot file').setInputFiles(path);
    await expect(page.getByRole('region', { name: 'File summary' })).toContainText('Read to the end', { timeout: 60_000 });
    await page.getByRole('button', { name: "Replay this file's books" }).click();
    await expect(page.getByTestId('replay-status')).not.toContainText('loading', { timeout: 60_000 });
    const tape = page.getByRole('region', { name: 'Trades up to the replay clock' });
    await expect(tape).toContainText(`of ${tradeTimes.length} so far`);
    // Paused at the start: the tape holds exactly the file's trades up to the cursor, and its newest is the heatmap's last-trade marker.
    const cursor = Number(await player(page).getAttribute('data-time'));
    const upTo = tradeTimes.filter((time) => time <= cursor).length;
    expect(upTo).toBeGreaterThanOrEqual(3);
    await expect(tape).toContainText(`${upTo} of ${tradeTimes.length} so far`);
    await expect(tape.locator('.tape-row')).toHaveCount(upTo);
    await expect(page.getByTestId('liquidity-heatmap')).toHaveAttribute('data-markers', new RegExp(`,${String(tradePrices[upTo - 1]).replace('.', '\\.')}$`));
    await page.screenshot({ path: `${shots}/replay-file-tape-at-start.png` });

    // The address names the file; a reload plays it again.
    await expect(page).toHaveURL(new RegExp(`file=[^&:]+:${snapshotKey(spec)}\\.jsonl\\.zst`));
    await page.reload();
    await expect(player(page)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText(`${snapshotKey(spec)}.jsonl.zst`);
    await expect(tape).toContainText(`of ${tradeTimes.length} so far`, { timeout: 60_000 });

    // A grant the app no longer has (a link from before a restart) is said, with the file's name and the way to open it again.
    await page.goto(`${base(app.url)}#/replay?file=00000000-0000-4000-8000-000000000000:${snapshotKey(spec)}.jsonl.zst`);
    const gone = page.getByTestId('replay-files-gone');
    await expect(gone).toContainText('This file is no longer open', { timeout: 30_000 });
    await expect(gone).toContainText(`${snapshotKey(spec)}.jsonl.zst`);
    await page.screenshot({ path: `${shots}/replay-file-grant-gone.png` });
    await gone.getByRole('button', { name: 'Open snapshot files' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

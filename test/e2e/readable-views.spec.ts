import type { Page } from '@playwright/test';
import { expect, test } from './app-server.ts';

// F14 points 7 and 8 in Chromium on the embedded demo: intents and quotes read as token amounts
// with symbols and an implied price (exact figures on hover), the intents summary repeats the
// status chip's count, and the option chain brackets the underlying with sane IVs and says what
// its greeks are in. Screenshots at 1440×900 and 1280×720.

const shots = 'test-results/screenshots';
const sizes = [
  [1440, 900],
  [1280, 720],
] as const;

async function shootBoth(page: Page, name: string): Promise<void> {
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${shots}/${name}-${width}x${height}.png` });
  }
}

test('intents show token amounts, an implied price and exact units on hover; the chip and the summary agree', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.goto(`${app.url}#/intents/uniswapx/intents`);
  const lifecycle = page.getByTestId('intent-lifecycle').first();
  await expect(lifecycle).toBeVisible({ timeout: 60_000 });
  const amounts = lifecycle.locator('.token-amount');
  await expect(amounts.first()).toHaveText(/^[\d,]+(\.\d+)? (WETH|USDC)\s*(Ethereum|Arbitrum)$/);
  await expect(amounts.first()).toHaveAttribute('title', /= \d+ smallest units \((18|6) decimals\)/);
  await expect(lifecycle.locator('.implied-price')).toHaveText(/^[\d,]+\.\d+ USDC\/WETH$/);
  // No raw base units beside an address anywhere in the list.
  await expect(page.locator('[data-testid=intent-lifecycle] .token-amount.raw')).toHaveCount(0);

  const settledChip = page.getByRole('group', { name: 'Filter by current status' }).getByRole('button', { name: /^settled/ });
  const chipCount = (await settledChip.locator('.chip-count').textContent()) ?? '';
  await expect(page.getByTestId('intents-figures')).toContainText(` ${chipCount} settled ·`);
  await lifecycle.click();
  await expect(page.getByTestId('intent-step').first()).toBeVisible();
  await shootBoth(page, 'intents-amounts');
});

test('quote ladders name their tokens and prices by symbol', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.goto(`${app.url}#/quotes/metric/ethereum`);
  await expect(page.getByTestId('quote-observation').first()).toBeVisible({ timeout: 60_000 });
  const pairs = page.getByRole('group', { name: 'Filter by pair' });
  await expect(pairs).toContainText('WETH → USDC');
  await expect(pairs).toContainText('USDC → WETH');
  const ladder = page.getByRole('region', { name: 'Ladder' });
  await expect(ladder.locator('.ladder-pair')).toContainText(/^Sell\s*(WETH|USDC)/);
  await expect(ladder.locator('thead')).toContainText(/Price\s*(WETH\/USDC|USDC\/WETH)/);
  await expect(page.getByTestId('ladder-row')).toHaveCount(6);
  // Every column header lies inside the ladder panel (nothing squeezed out).
  const panel = await ladder.boundingBox();
  for (const header of await ladder.locator('th').all()) {
    const box = await header.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((panel?.x ?? 0) + (panel?.width ?? 0) + 1);
  }
  await shootBoth(page, 'quotes-symbols');
});

test('the demo option chain brackets the underlying, keeps IV sane and labels its greek units', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.goto(`${app.url}#/options/deribit/ETH`);
  const chain = page.getByRole('table', { name: 'Option chain' });
  await expect(chain.locator('tbody tr').first()).toBeVisible({ timeout: 60_000 });
  const head = chain.locator('thead');
  await expect(head).toContainText('USD/1%');
  await expect(head).toContainText('USD/day');
  await expect(head).toContainText('ETH');
  await expect(page.locator('.chain-legend')).toContainText('ν in USD per vol point (1 %) · Θ in USD per day');
  const underlying = Number(((await chain.locator('.strike-head').first().textContent()) ?? '').replace(/[^\d.]/g, ''));
  const strikes = (await chain.locator('tbody td.strike').allTextContents()).map((text) => Number(text.replace(/,/g, '')));
  expect(strikes.some((strike) => strike < underlying)).toBe(true);
  expect(strikes.some((strike) => strike > underlying)).toBe(true);
  for (const iv of await chain.locator('tbody td.iv').allTextContents()) {
    if (iv === '—') continue;
    expect(Number(iv)).toBeGreaterThanOrEqual(40);
    expect(Number(iv)).toBeLessThanOrEqual(120);
  }
  await shootBoth(page, 'options-chain');
});

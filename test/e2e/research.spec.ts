import type { Page } from '@playwright/test';
import { expect, test } from './app-server.ts';

// The Research view in browser mode on the embedded demo (issue F13): reached by keyboard (g a),
// a market chosen in its field, and each panel drawn from what main computed (data-* counts),
// with screenshots at 1440×900 and 1280×720 for a person to look at.

const shots = 'test-results/screenshots';

/** A positive integer attribute of the element with this test id, once it is there. */
async function countOf(page: Page, testId: string, attribute: string): Promise<number> {
  const element = page.getByTestId(testId);
  await expect(element).toBeVisible({ timeout: 90_000 });
  return Number(await element.getAttribute(attribute));
}

test('each research panel draws what main computed for a demo market, reached by keyboard', async ({ app, page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(app.url);
  await expect(page.getByRole('heading', { name: 'Catalog' })).toBeVisible();
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page.getByRole('heading', { name: 'Research', exact: true })).toBeVisible();
  await expect(page.getByText('Choose a market to study')).toBeVisible();

  // The market field: / focuses it, typing filters, Enter chooses.
  await page.keyboard.press('/');
  await expect(page.getByTestId('research-market')).toBeFocused();
  await page.keyboard.type('hyperliquid btc');
  await expect(page.getByRole('option').first()).toHaveText('hyperliquid BTC');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('research-market')).toHaveValue('hyperliquid / BTC');
  await expect(page).toHaveURL(/#\/research\/hyperliquid\/BTC/);

  // 1 Markouts: the summary table, the band chart and the large trades.
  expect(await countOf(page, 'markouts-panel', 'data-trades')).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('markout-summary').getAttribute('data-rows'))).toBe(3 * 6 * 4);
  expect(Number(await page.getByTestId('markout-band-chart').getAttribute('data-bands'))).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('large-trades').getAttribute('data-rows'))).toBeGreaterThan(0);
  await page.screenshot({ path: `${shots}/research-markouts-1440.png` });

  // Export the summary as CSV: main says where it landed.
  await page.getByTestId('research-export').first().getByRole('button', { name: 'CSV' }).click();
  await expect(page.getByTestId('research-export').first()).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('research-export').first()).toContainText('exports');

  // 2 Depth: three panes from the books, the band and notional adjustable.
  await page.keyboard.press('2');
  expect(await countOf(page, 'depth-panel', 'data-samples')).toBeGreaterThan(100);
  expect(Number(await page.getByTestId('depth-chart').getAttribute('data-points'))).toBeGreaterThan(100);
  await page.getByTestId('depth-band').fill('0.05');
  await page.getByTestId('depth-band').press('Enter');
  await expect(page.getByTestId('depth-panel')).toHaveAttribute('data-band-pct', '0.05', { timeout: 60_000 });
  await page.screenshot({ path: `${shots}/research-depth-1440.png` });

  // 3 Latency: figures, the series over time, unknowns counted apart.
  await page.keyboard.press('3');
  expect(await countOf(page, 'latency-panel', 'data-intervals')).toBeGreaterThan(0);
  const known = Number(await page.getByTestId('latency-panel').getAttribute('data-known'));
  const unknown = Number(await page.getByTestId('latency-panel').getAttribute('data-unknown'));
  expect(known + unknown).toBeGreaterThan(0);
  await page.screenshot({ path: `${shots}/research-latency-1440.png` });

  // 4 Venues: BTC on the other venues of the catalog, lead–lag bars.
  await page.keyboard.press('4');
  expect(await countOf(page, 'venues-panel', 'data-venues')).toBe(3);
  expect(Number(await page.getByTestId('venues-chart').getAttribute('data-points'))).toBeGreaterThan(100);
  expect(Number(await page.getByTestId('lead-lag-chart').getAttribute('data-bars'))).toBeGreaterThan(0);
  await page.screenshot({ path: `${shots}/research-venues-1440.png` });

  // 5 Activity: bars, CVD and the profile.
  await page.keyboard.press('5');
  expect(await countOf(page, 'activity-panel', 'data-bars')).toBeGreaterThan(10);
  expect(Number(await page.getByTestId('cvd-chart').getAttribute('data-points'))).toBeGreaterThan(0);
  expect(Number(await page.getByTestId('volume-profile-chart').getAttribute('data-buckets'))).toBeGreaterThan(5);
  await page.screenshot({ path: `${shots}/research-activity-1440.png` });

  // The same panels at 1280×720.
  await page.setViewportSize({ width: 1280, height: 720 });
  for (const [key, name] of [
    ['1', 'markouts'],
    ['2', 'depth'],
    ['3', 'latency'],
    ['4', 'venues'],
    ['5', 'activity'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId(`${name}-panel`)).toBeVisible({ timeout: 60_000 });
    await page.screenshot({ path: `${shots}/research-${name}-1280.png` });
  }
});

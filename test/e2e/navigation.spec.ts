import type { Page } from '@playwright/test';
import { expect, test } from './app-server.ts';

/** The view shown: its tab in the rail is the selected one. */
async function expectView(page: Page, tab: RegExp): Promise<void> {
  await expect(page.getByRole('tab', { selected: true })).toHaveAccessibleName(tab);
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a deep link to the market workspace survives a reload, and Back returns to the view before it', async ({ app, page }) => {
  const errors = collectErrors(page);
  await page.goto(app.url);
  await expectView(page, /Catalog/);
  await expect(page).toHaveURL(`${app.origin}/#/catalog`);

  const link = `${app.origin}/#/workspace/hyperliquid/BTC?interval=5m&span=6h`;
  await page.goto(link);
  await expectView(page, /Market/);
  await expect(page).toHaveURL(link);
  await expect(page).toHaveTitle('Market · hyperliquid BTC — Market Data Explorer');

  await page.reload();
  await expectView(page, /Market/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The hash is written back from the UI store once the app has started: the same view, market, range and interval.
  await expect(page).toHaveURL(link);
  await expect(page).toHaveTitle('Market · hyperliquid BTC — Market Data Explorer');
  await page.screenshot({ path: 'test-results/screenshots/navigation-deep-link.png' });

  // Another interval of the same market replaces the history entry: Back does not step through intervals.
  const oneMinute = `${app.origin}/#/workspace/hyperliquid/BTC?interval=1m&span=6h`;
  await page.keyboard.press('Control+k');
  await page.keyboard.insertText(oneMinute);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(oneMinute);
  await page.goBack();
  await expectView(page, /Catalog/);
  await expect(page).toHaveURL(`${app.origin}/#/catalog`);
  await page.goForward();
  await expectView(page, /Market/);
  await expect(page).toHaveURL(oneMinute);
  // Another view by keyboard is a new entry: Back returns to the market, with its interval.
  await page.keyboard.press('g');
  await page.keyboard.press('o');
  await expectView(page, /Options/);
  await expect(page).toHaveURL(`${app.origin}/#/options`);
  await page.goBack();
  await expectView(page, /Market/);
  await expect(page).toHaveURL(oneMinute);

  // A link that names no view leaves the app where it is, says so, and puts the real view back in the address.
  await page.goto(`${app.origin}/#/nowhere/at/all`);
  await expect(page.getByTestId('status-notice')).toContainText('Link ignored: "nowhere" is not a view');
  await expectView(page, /Market/);
  await expect(page).toHaveURL(oneMinute);
  // A bad interval is dropped and named; the rest of the link is kept.
  await page.goto(`${app.origin}/#/options/deribit/BTC?interval=7m`);
  await expectView(page, /Options/);
  await expect(page).toHaveURL(`${app.origin}/#/options/deribit/BTC`);
  await expect(page.getByTestId('status-notice')).toContainText('interval "7m"');
  expect(errors).toEqual([]);
});

test('a deep link wins over the view saved last time, and the view shown is saved', async ({ app, page }) => {
  await page.goto(app.url);
  await page.keyboard.press('Alt+9');
  await expectView(page, /Downloads/);
  await expect(page).toHaveURL(`${app.origin}/#/downloads`);
  // A fresh start on a deep link (a bookmark opened): the link wins over the saved Downloads.
  await page.goto('about:blank');
  await page.goto(`${app.origin}/#/quotes/fermiswap/ethereum?focus=obs-1`);
  await expectView(page, /Quotes/);
  await expect(page.getByTestId('status-health')).toHaveAttribute('data-health', 'ok');
  await page.reload();
  await expectView(page, /Quotes/);
  await expect(page).toHaveURL(`${app.origin}/#/quotes/fermiswap/ethereum?focus=obs-1`);
  // Without a hash, the view shown last comes back (its parameters lived in the link, not in settings).
  await page.goto(`${app.origin}/`);
  await expectView(page, /Quotes/);
  await expect(page).toHaveURL(`${app.origin}/#/quotes`);
});

test('the command palette goes to a market, a view or an action by keyboard, and Escape returns focus', async ({ app, page }) => {
  const errors = collectErrors(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(app.url);
  await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(22);

  // Escape closes the palette and focus returns to where it was.
  const catalogTab = page.getByRole('tab', { name: /Catalog/ });
  await catalogTab.focus();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await expect(palette.getByRole('combobox')).toBeFocused();
  await expect(palette.getByRole('option', { name: /Copy a link to this view/ })).toContainText('Alt');
  await page.screenshot({ path: 'test-results/screenshots/navigation-palette.png' });
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(catalogTab).toBeFocused();

  // "Go to market…" finds deribit BTC and opens it in the Options view.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('go to market');
  await expect(palette.getByRole('option', { selected: true })).toContainText('Go to market…');
  await page.keyboard.press('Enter');
  await expect(palette.getByText('Go to market', { exact: true })).toBeVisible();
  await page.keyboard.type('deribit btc');
  await expect(palette.getByRole('option')).toHaveCount(1);
  await expect(palette.getByRole('option', { selected: true })).toContainText('deribit');
  await expect(palette.getByRole('option', { selected: true })).toContainText('→ Options');
  await page.screenshot({ path: 'test-results/screenshots/navigation-go-to-market.png' });
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expectView(page, /Options/);
  await expect(page).toHaveURL(`${app.origin}/#/options/deribit/BTC`);

  // It is now first among the recently viewed markets.
  await page.keyboard.press('Control+Shift+K');
  await expect(palette.getByRole('group', { name: 'Recently viewed' }).getByRole('option').first()).toContainText('deribit');
  await page.keyboard.press('Escape');

  // A view by name, and an action: copy a link to the current view.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('intents');
  await expect(palette.getByRole('option', { selected: true })).toContainText('Intents');
  await page.keyboard.press('Enter');
  await expectView(page, /Intents/);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('copy link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('status-notice')).toContainText('Link copied');
  const copied: unknown = await page.evaluate('navigator.clipboard.readText()');
  expect(copied).toBe(`${app.origin}/#/intents`);

  // A pasted link opens what it names.
  await page.keyboard.press('Control+k');
  await page.keyboard.insertText(`${app.origin}/#/workspace/binance/BTC-USDT?interval=1m`);
  await expect(palette.getByRole('option', { selected: true })).toContainText('Open link: Market · binance BTC-USDT');
  await page.keyboard.press('Enter');
  await expectView(page, /Market/);
  await expect(page).toHaveURL(`${app.origin}/#/workspace/binance/BTC-USDT?interval=1m`);

  // An action that moves focus on purpose keeps it: Settings → API key focuses the key section.
  await page.keyboard.press('Control+k');
  await page.keyboard.type('api key');
  await expect(palette.getByRole('option', { selected: true })).toContainText('Settings → API key');
  await page.keyboard.press('Enter');
  await expectView(page, /Settings/);
  await expect(page.getByRole('form', { name: 'API key' })).toBeFocused();
  expect(errors).toEqual([]);
});

test('? lists every shortcut by section, Alt+0 opens Settings, and the status bar toggles UTC and local time', async ({ app, page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('status-health')).toHaveAttribute('data-health', 'ok');
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  for (const section of ['Go to', 'Anywhere', 'Command palette', 'Catalog', 'Market', 'Options', 'Intents', 'Quotes', 'Events', 'Book replay', 'Research']) {
    await expect(sheet.getByRole('region', { name: new RegExp(`^${section}`) })).toBeVisible();
  }
  await expect(sheet.getByRole('region', { name: /^Go to/ }).getByRole('row')).toHaveCount(11);
  await expect(sheet.getByRole('row', { name: /Settings/ }).first()).toContainText('0');
  await expect(sheet).toContainText('Toggle favourite');
  await expect(sheet).toContainText('Jump the chart to the latest candle');
  await page.screenshot({ path: 'test-results/screenshots/navigation-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await page.keyboard.press('Alt+0');
  await expectView(page, /Settings/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(page).toHaveURL(`${app.origin}/#/settings`);

  const clock = page.getByTestId('status-clock');
  await expect(clock).toHaveAttribute('data-zone', 'utc');
  await clock.click();
  await expect(clock).toHaveAttribute('data-zone', 'local');
  await expect(page.getByRole('combobox', { name: 'Times shown in' })).toHaveValue('local');
  await page.keyboard.press('Alt+Shift+U');
  await expect(clock).toHaveAttribute('data-zone', 'utc');
  await page.screenshot({ path: 'test-results/screenshots/navigation-status-clock.png' });
});

test('a settings change between g and its second key keeps the chord', async ({ app, page }) => {
  // The page clock stands still, so the chord window cannot run out while the setting is saved.
  await page.clock.install();
  await page.goto(app.url);
  await expectView(page, /Catalog/);
  await expect(page.getByTestId('status-health')).toHaveAttribute('data-health', 'ok');
  const clock = page.getByTestId('status-clock');
  await expect(clock).toHaveAttribute('data-zone', 'utc');
  await page.keyboard.press('g');
  // Saving a setting refetches the settings, which gives the shell a new command runner.
  await clock.click();
  await expect(clock).toHaveAttribute('data-zone', 'local');
  await page.keyboard.press('o');
  await expectView(page, /Options/);
});

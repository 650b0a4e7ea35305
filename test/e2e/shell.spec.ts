import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { settingsSchema } from '../../shared/settings.ts';
import { expect, test } from './app-server.ts';

test('browser mode says why it runs, and serves nothing without the token', async ({ app, request }) => {
  expect(app.output()).toContain('Starting in browser mode: --browser was given.');
  const refused = await request.get(`${app.origin}/`);
  expect(refused.status()).toBe(401);
  expect(await refused.text()).not.toContain('<div id="root">');
});

test('the shell renders and health comes back over the contract', async ({ app, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(app.url);
  // The token is traded for a cookie and dropped from the address; the hash names the view shown.
  await expect(page).toHaveURL(`${app.origin}/#/catalog`);
  await expect(page.getByRole('tab', { name: /Catalog/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('SIMULATED DATA · Embedded demo')).toBeVisible();
  const health = page.getByTestId('status-health');
  await expect(health).toHaveAttribute('data-health', 'ok');
  await expect(health).toContainText('Healthy');
  await expect(page.getByTestId('status-mode')).toContainText('Browser mode');
  await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(22);
  await page.getByRole('table', { name: 'Markets' }).locator('tbody tr').nth(16).click();
  await page.screenshot({ path: 'test-results/screenshots/shell-catalog.png' });
  // `npm run screenshot` refreshes the README's picture from this same state.
  if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: 'docs/screenshot.png' });
  expect(errors).toEqual([]);
});

test('keyboard navigation moves between views and the choice survives a reload', async ({ app, page }) => {
  await page.goto(app.url);
  await expect(page.getByTestId('status-health')).toHaveAttribute('data-health', 'ok');
  await page.keyboard.press('g');
  await page.keyboard.press('r');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
  await page.keyboard.press('Alt+8');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files');
  await page.getByRole('tab', { name: /Files/ }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads');
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Downloads');
});

test('settings validate a remote base URL and test the connection', async ({ app, page }) => {
  await page.goto(app.url);
  await page.keyboard.press('Control+,');
  // A shortcut pressed while settings are still loading must win over restoring the last view.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
  await page.getByRole('textbox', { name: 'Base URL' }).fill('https://key:secret@api.example.com');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('keychain');

  await page.getByRole('radio', { name: /Embedded demo service/ }).check();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('connection-result')).toContainText('Connected in');
  await page.screenshot({ path: 'test-results/screenshots/settings.png' });
});

test('the catalog lists the simulated markets of the embedded service, searchable by keyboard', async ({ app, page }) => {
  await page.goto(app.url);
  const rows = page.getByRole('table', { name: 'Markets' }).locator('tbody tr');
  await expect(rows).toHaveCount(22);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
  await expect(page.locator('.view-subtitle')).toContainText('22 markets · 8 sources · simulated');
  await page.keyboard.press('/');
  await page.keyboard.type('usdt');
  await expect(rows).toHaveCount(8);
  await page.getByRole('radio', { name: 'Spot' }).click();
  await expect(rows).toHaveCount(5);
  await page.getByRole('table', { name: 'Markets' }).locator('tbody').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('complementary')).toContainText('ETH-USDT');
  await page.screenshot({ path: 'test-results/screenshots/catalog.png' });
});

test('the API key section needs a remote service and never shows a key', async ({ app, page }) => {
  await page.goto(app.url);
  await page.keyboard.press('Control+,');
  await expect(page.getByTestId('key-status')).toContainText('The embedded demo needs none');
  await expect(page.getByRole('button', { name: 'Save key' })).toBeDisabled();
});

test.describe('settings that name a view this app does not have', () => {
  const settings = {
    schemaVersion: 1,
    dataSource: 'embedded',
    remoteBaseUrl: null,
    libraryRoot: null,
    ui: { density: 'comfortable', timeZone: 'utc', lastView: 'ticker-tape', reduceMotion: false },
    markets: { favourites: [], recent: [] },
  };
  test.use({ seedFiles: { 'settings.json': JSON.stringify(settings) } });

  test('the app opens its first view, keeps every other setting, and nothing is set aside', async ({ app, page }) => {
    await page.goto(app.url);
    await expect(page.getByTestId('status-health')).toHaveAttribute('data-health', 'ok');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
    await expect(page).toHaveURL(`${app.origin}/#/catalog`);
    await expect(page.getByRole('tab', { name: /Catalog/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('.app-shell')).toHaveClass(/density-comfortable/);
    await expect(page.getByRole('alert', { name: 'Files the app could not read' })).toBeHidden();
    // The view shown is saved as the last view, as after any other start.
    await expect.poll(async () => settingsSchema.parse(JSON.parse(await readFile(join(app.userDataDir, 'settings.json'), 'utf8'))).ui.lastView).toBe('catalog');
  });
});

test.describe('state files that cannot be read', () => {
  test.use({ seedFiles: { 'settings.json': null, 'downloads.json': '{"version":1,"items":[{"key":' } });

  test('the app starts, and a banner says once what was kept aside and what it means', async ({ app, page }) => {
    await page.goto(app.url);
    const banner = page.getByRole('alert', { name: 'Files the app could not read' });
    await expect(banner).toContainText('2 files of the app could not be read and were kept aside');
    await expect(banner).toContainText('settings.json: it is a folder, not a file.');
    await expect(banner).toContainText('settings.json.unreadable-');
    await expect(banner).toContainText('The app started with default settings');
    await expect(banner).toContainText('downloads.json: it is not valid JSON');
    await expect(banner).toContainText('The download queue started empty.');
    // The app works under it, and the log has each line once.
    await expect(page.getByText('SIMULATED DATA · Embedded demo')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/state-notice-banner.png' });
    expect(app.output().match(/\[state\] .*settings\.json could not be read/g)).toHaveLength(1);
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
  });
});

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { expect, test } from './app-server.ts';

// Offline mode in browser mode (issue F9 item 4): the user switches to "Local library (offline)"
// in Settings over the app's default library folder, which starts empty (the catalog says how to
// fill it); two hours land in the public tool's layout, a download cut short beside them; a check
// of the library finds them, and the status bar, the catalog and a chart work from the folder
// alone. Each state is saved as a screenshot.

const shots = 'test-results/screenshots';
const hours: SnapshotFileSpec[] = [
  { source: 'binance', market: 'ETH-USDT', hour: Date.UTC(2024, 2, 10, 7) },
  { source: 'binance', market: 'ETH-USDT', hour: Date.UTC(2024, 2, 10, 8) },
];

test('switch to the local library in Settings: the status bar says so, the catalog lists the folder’s market, and its chart draws', async ({ app, page }) => {
  test.setTimeout(120_000);
  await page.goto(app.url);
  await expect(page.getByTestId('status-source')).toHaveText(/Demo · simulated data/);
  await expect(page.getByText('SIMULATED DATA · Embedded demo')).toBeVisible();
  await page.keyboard.press('Control+,');
  const section = page.getByTestId('data-source-settings');
  const library = page.getByRole('radio', { name: /Local library \(offline\)/ });
  const folderField = page.getByRole('textbox', { name: 'Library folder' });
  await expect(folderField).toBeDisabled();
  await expect(folderField).toHaveValue(join(app.userDataDir, 'library'));

  await library.check();
  await expect(folderField).toBeEnabled();
  // A relative path is refused by the settings schema, with what to do.
  await folderField.fill('market-data');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(section.getByRole('alert')).toHaveText('Enter an absolute folder path (it starts with / or a drive letter)');
  await section.screenshot({ path: `${shots}/offline-settings-invalid.png` });
  await page.getByRole('button', { name: 'Use the default folder' }).click();
  await expect(folderField).toHaveValue(join(app.userDataDir, 'library'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const status = page.getByTestId('status-source');
  // The default folder is made on first use, empty: the status bar and the catalog say so and how to fill it.
  await expect(status).toHaveText('Source Library · offline · empty');
  await expect(page.getByTestId('status-health')).toContainText('The library is empty: download hours in the Downloads view, or run mde download');
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'The library is empty' })).toBeVisible();
  await expect(page.getByText(join(app.userDataDir, 'library'), { exact: true })).toBeVisible();
  await page.screenshot({ path: `${shots}/offline-catalog-empty.png` });

  const folder = join(app.userDataDir, 'library', 'data', 'standard', 'binance', 'ETH-USDT', '2024-03-10');
  await mkdir(folder, { recursive: true });
  for (const [index, spec] of hours.entries()) await writeSnapshotFile(folder, spec, hourOfEvents(spec, 7 + index, 3000));
  await writeSnapshotFile(folder, { ...hours[0], hour: Date.UTC(2024, 2, 10, 9) } as SnapshotFileSpec, [], 'standard-binance-ETH-USDT-2024-03-10-09.jsonl.zst.part');
  await page.getByRole('button', { name: 'Choose another folder' }).click();
  await page.getByRole('button', { name: 'Check library' }).click();

  await expect(status).toHaveText('Source Library · offline · 2 files');
  await expect(page.getByTestId('status-health')).toContainText('2 hour files in 1 dataset');
  await expect(page.getByTestId('status-health')).toContainText('1 download not finished');
  await expect(page.getByText('LOCAL LIBRARY · offline')).toBeVisible();
  await expect(page.getByText(/SIMULATED/)).toHaveCount(0);
  await expect(page.getByTestId('connection-result')).toContainText('2 hour files in 1 dataset');
  await section.screenshot({ path: `${shots}/offline-settings.png` });
  // The library is not metered: no "requests left".
  await expect(page.getByTestId('status-quota')).toHaveCount(0);
  await page.getByRole('status').screenshot({ path: `${shots}/offline-status-bar.png` });

  await page.keyboard.press('Alt+1');
  const markets = page.getByRole('table', { name: 'Markets' });
  await expect(markets).toContainText('ETH-USDT');
  await expect(markets.getByRole('row')).toHaveCount(2); // the header and the one market
  await expect(page.getByText(/simulated/i)).toHaveCount(0);
  await page.screenshot({ path: `${shots}/offline-catalog.png` });

  await page.getByRole('button', { name: 'Open binance/ETH-USDT', exact: true }).click();
  await expect(page).toHaveURL(/#\/workspace\/binance\/ETH-USDT/);
  // The workspace opens on the span ending now; the library's hours are from 2024, and it says so.
  await expect(page.getByText('binance ETH-USDT has data from 2024-03-10 07:00 to 2024-03-10 09:00 (UTC).')).toBeVisible();
  await page.getByRole('button', { name: 'Show the end of the coverage' }).click();
  await expect(page.getByTestId('candle-chart')).toHaveAttribute('data-candles', /^[1-9]\d*$/, { timeout: 60_000 });
  await expect(page.getByText('SIMULATED', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/offline-workspace.png` });
});

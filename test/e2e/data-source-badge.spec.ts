import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startMdeServe } from '../support/mde-serve.ts';
import { expect, test, type AppServer } from './app-server.ts';

// F14 point 10: the top bar's badge says SIMULATED for the app's own demo served by `mde serve`
// and used as a "remote" (its /health says so), LIVE SERVICE only for a healthy real one, and
// follows health: once the service stops, the badge is no longer green and says it is down.

const shots = 'test-results/screenshots';

/** Settings → Remote → base URL → Save, as a person does it; then the catalog. */
async function useRemote(page: Page, app: AppServer, baseUrl: string): Promise<void> {
  await page.goto(app.url);
  await page.keyboard.press('Control+,');
  await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('status-source')).toContainText(new URL(baseUrl).host);
  await page.keyboard.press('Alt+1');
}

/** A service like a real one: `/health` answers `{"status":"ok"}` (no simulated flag), everything else 404. */
async function plainRemote(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    response.writeHead(request.url === '/health' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(request.url === '/health' ? '{"status":"ok"}' : '{"error":{"code":"not_found","message":"no","resolution":"none"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('the demo served by `mde serve` as a remote is badged SIMULATED, and the badge turns to down when it stops', async ({ app, page }) => {
  test.setTimeout(120_000);
  const remote = await startMdeServe([]);
  const host = new URL(remote.baseUrl).host;
  const badge = page.getByTestId('source-badge');
  try {
    await useRemote(page, app, remote.baseUrl);
    await expect(badge).toHaveText(`SIMULATED DATA · ${host}`, { timeout: 30_000 });
    await expect(badge).toHaveAttribute('data-tone', 'simulated');
    await expect(page.getByTestId('status-source')).toContainText('simulated data');
    await expect(page.locator('.view-subtitle')).toContainText('simulated', { timeout: 30_000 });
    for (const [width, height] of [
      [1440, 900],
      [1280, 720],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${shots}/badge-simulated-remote-${width}x${height}.png` });
    }
  } finally {
    await remote.stop();
  }
  // The app measures health every 15 s and pushes a change at once.
  await expect(badge).toHaveText(`SIMULATED DATA · ${host} · down`, { timeout: 40_000 });
  await expect(badge).toHaveAttribute('data-tone', 'down');
  await expect(badge).toHaveAttribute('title', /Unreachable/);
  await page.screenshot({ path: `${shots}/badge-simulated-remote-down-1280x720.png` });
});

test('a real-looking remote is LIVE SERVICE while healthy and SERVICE DOWN, not green, once it stops', async ({ app, page }) => {
  test.setTimeout(90_000);
  const remote = await plainRemote();
  const host = new URL(remote.baseUrl).host;
  const badge = page.getByTestId('source-badge');
  await useRemote(page, app, remote.baseUrl);
  await expect(badge).toHaveText(`LIVE SERVICE · ${host}`, { timeout: 30_000 });
  await expect(badge).toHaveAttribute('data-tone', 'live');
  await remote.stop();
  await expect(badge).toHaveText(`SERVICE DOWN · ${host}`, { timeout: 40_000 });
  await expect(badge).toHaveAttribute('data-tone', 'down');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${shots}/badge-remote-down-1440x900.png` });
});

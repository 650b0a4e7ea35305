import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startMdeServe } from '../support/mde-serve.ts';
import { expect, test, type AppServer } from './app-server.ts';

const root = join(import.meta.dirname, '..', '..');
const shots = 'test-results/screenshots';


/** The answer of one `/catalog` call. */
type CatalogAnswer = { status: number; headers?: Record<string, string>; body: string };

/** A hand-made remote service, and what a test can see and steer of it. */
interface FakeRemote {
  baseUrl: string;
  /** `/catalog` calls so far. */
  calls: () => number;
  /** Lets held `/health` probes through (with `holdHealth`), and all later ones. */
  releaseHealth: () => void;
  stop: () => Promise<void>;
}

/**
 * A hand-made remote service: healthy, with `/catalog` answered by `catalog` (one call at a time,
 * counted). With `holdHealth`, `/health` probes wait until `releaseHealth()`, so a test decides
 * when the app learns the new source's health.
 */
async function startFakeRemote(catalog: (call: number) => CatalogAnswer, options: { holdHealth?: boolean } = {}): Promise<FakeRemote> {
  let calls = 0;
  let held: (() => void)[] | null = options.holdHealth === true ? [] : null;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/catalog') {
      const answer = (): void => {
        response.writeHead(path === '/health' ? 200 : 404, { 'content-type': 'application/json' });
        response.end('{}');
      };
      if (path === '/health' && held !== null) held.push(answer);
      else answer();
      return;
    }
    const answer = catalog(calls++);
    response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    releaseHealth: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const catalogFixture = (name: string): string => readFileSync(join(root, 'test', 'fixtures', 'catalog', name), 'utf8');

/** Settings → Remote → base URL → Save, as a person does it; then back to the catalog by keyboard. */
async function useRemote(page: Page, app: AppServer, baseUrl: string): Promise<void> {
  await page.goto(app.url);
  await page.keyboard.press('Control+,');
  await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('status-source')).toContainText(new URL(baseUrl).host);
}

async function showCatalog(page: Page): Promise<void> {
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
}

test('catalog metadata down: the service words, Retry, and "Check data source" reaching the base URL', async ({ app, page }) => {
  const remote = await startMdeServe(['--fail', 'metadata']);
  try {
    await useRemote(page, app, remote.baseUrl);
    await showCatalog(page);
    const panel = page.getByTestId('error-panel');
    // The main process retries a 503 with backoff first (up to ~8 s) before it reports.
    await expect(panel).toHaveAttribute('data-kind', 'unavailable', { timeout: 30_000 });
    await expect(panel.getByRole('heading')).toHaveText('Service unavailable');
    await expect(panel).toContainText('Catalog metadata is temporarily unavailable');
    await expect(panel).toContainText('Retry after a short wait.');
    await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
    await page.screenshot({ path: `${shots}/catalog-error-unavailable.png` });

    await panel.getByRole('button', { name: 'Check data source' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByRole('textbox', { name: 'Base URL' })).toBeFocused();
  } finally {
    await remote.stop();
  }
});

test('a wrong API key: "Add API key" goes to the key field, and the right key brings the catalog', async ({ app, page }) => {
  const remote = await startMdeServe(['--keys', 'mde-e2e-good-key-7788']);
  try {
    await useRemote(page, app, remote.baseUrl);
    const keyField = page.getByLabel(/New key/);
    await keyField.fill('mde-e2e-wrong-key-0000');
    await page.getByRole('button', { name: 'Save key' }).click();
    await expect(page.getByTestId('key-status')).toContainText('ending in 0000');
    await showCatalog(page);
    const panel = page.getByTestId('error-panel');
    await expect(panel).toHaveAttribute('data-kind', 'auth-required');
    await expect(panel.getByRole('heading')).toHaveText('API key not accepted');
    await expect(panel).toContainText('The API key is not valid');
    await expect(panel).toContainText('Check the key, or create a new one in your account.');
    await page.screenshot({ path: `${shots}/catalog-error-auth-required.png` });

    await panel.getByRole('button', { name: 'Add API key' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(keyField).toBeFocused();
    await page.keyboard.type('mde-e2e-good-key-7788');
    await page.keyboard.press('Enter');
    // Saving the key returns to the view that asked for it, which now loads.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Catalog');
    await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(22);
    await page.keyboard.press('Control+,');
    await expect(page.getByTestId('key-status')).toContainText('ending in 7788');
  } finally {
    await remote.stop();
  }
});

test('a rate limit counts down from Retry-After on the page clock, then retries by itself', async ({ app, page }) => {
  const remote = await startFakeRemote((call) =>
    call === 0
      ? { status: 429, headers: { 'retry-after': '12' }, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Request quota exceeded: 60 requests per 60 s', resolution: 'Wait 12 s as Retry-After says, then retry.' } }) }
      : { status: 200, body: catalogFixture('well-formed.json') },
  );
  try {
    await page.clock.install();
    await useRemote(page, app, remote.baseUrl);
    await showCatalog(page);
    const panel = page.getByTestId('error-panel');
    await expect(panel).toHaveAttribute('data-kind', 'rate-limited');
    await expect(panel).toContainText('Request quota exceeded');
    const countdown = panel.getByTestId('retry-countdown');
    await expect(countdown).toHaveText(/^Retry in (12|11|10) s$/);
    await expect(countdown).toHaveAttribute('aria-disabled', 'true');
    await page.screenshot({ path: `${shots}/catalog-error-rate-limited.png` });
    await page.clock.fastForward(5_000);
    await expect(countdown).toHaveText(/^Retry in [5-7] s$/);
    expect(remote.calls()).toBe(1);
    await page.clock.fastForward(8_000);
    await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(2);
    await expect(panel).toBeHidden();
    expect(remote.calls()).toBe(2);
  } finally {
    await remote.stop();
  }
});

test('a 429 that asks for no wait is asked again after growing waits, then shown with its countdown and Retry now, never stormed', async ({ app, page }) => {
  const remote = await startFakeRemote(() => ({ status: 429, headers: { 'retry-after': '0' }, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Request quota exceeded', resolution: 'Wait, then retry.' } }) }));
  try {
    await page.clock.install();
    await useRemote(page, app, remote.baseUrl);
    await showCatalog(page);
    const panel = page.getByTestId('error-panel');
    // The services wait 0.25 + 0.5 + 1 + 2 + 4 s between the six asks before they report.
    await expect(panel).toHaveAttribute('data-kind', 'rate-limited', { timeout: 30_000 });
    // Six asks in all, then the wait the next one would have had: not hundreds of asks a second.
    expect(remote.calls()).toBe(6);
    await expect(panel.getByTestId('retry-countdown')).toHaveText(/^Retry in [5-8] s$/);
    await expect(panel.getByRole('button', { name: 'Retry now' })).toBeVisible();
    await page.screenshot({ path: `${shots}/catalog-error-rate-limited-no-wait.png` });
  } finally {
    await remote.stop();
  }
});

test('a reset_at in year 9999 counts down from an hour at most, and Retry now is always there', async ({ app, page }) => {
  const remote = await startFakeRemote((call) =>
    call === 0
      ? { status: 429, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Request quota exceeded', resolution: 'Wait, then retry.' }, reset_at: '9999-01-01T00:00:00Z' }) }
      : { status: 200, body: catalogFixture('well-formed.json') },
  );
  try {
    await page.clock.install();
    await useRemote(page, app, remote.baseUrl);
    await showCatalog(page);
    const panel = page.getByTestId('error-panel');
    await expect(panel).toHaveAttribute('data-kind', 'rate-limited');
    await expect(panel.getByTestId('retry-countdown')).toHaveText('Retry in 60 min');
    expect(remote.calls()).toBe(1);
    await panel.getByRole('button', { name: 'Retry now' }).click();
    await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(2);
    await expect(panel).toBeHidden();
    expect(remote.calls()).toBe(2);
  } finally {
    await remote.stop();
  }
});

test('right after a switch, the catalog waits for the new source\'s health and shows that source\'s own answer', async ({ app, page }) => {
  const remote = await startFakeRemote(
    (call) =>
      call === 0
        ? { status: 429, headers: { 'retry-after': '30' }, body: JSON.stringify({ error: { code: 'rate_limited', message: 'Request quota exceeded', resolution: 'Wait 30 s, then retry.' } }) }
        : { status: 200, body: catalogFixture('well-formed.json') },
    { holdHealth: true },
  );
  try {
    await useRemote(page, app, remote.baseUrl);
    await showCatalog(page);
    // The last health report still describes the embedded demo: nothing is asked of either yet.
    await expect(page.getByText('Loading the catalog…')).toBeVisible();
    expect(remote.calls()).toBe(0);
    remote.releaseHealth();
    const panel = page.getByTestId('error-panel');
    await expect(panel).toHaveAttribute('data-kind', 'rate-limited');
    await expect(panel).toContainText('Request quota exceeded');
    expect(remote.calls()).toBe(1);
  } finally {
    await remote.stop();
  }
});

test('malformed remote catalog entries are skipped with a calm warning, never a crash', async ({ app, page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const remote = await startFakeRemote(() => ({ status: 200, body: catalogFixture('two-malformed-entries.json') }));
  try {
    await useRemote(page, app, remote.baseUrl);
    await showCatalog(page);
    await expect(page.getByRole('table', { name: 'Markets' }).locator('tbody tr')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: 'malformed' })).toHaveText(
      '2 catalog entries were malformed and skipped: #2 kestrel/SOL-PERP (categories: expected array, received undefined); #3 (source: expected string, received undefined).',
    );
    await page.screenshot({ path: `${shots}/catalog-warning-malformed.png` });
    expect(errors).toEqual([]);
  } finally {
    await remote.stop();
  }
});

test('an empty catalog has its own state', async ({ app, page }) => {
  const empty = await startFakeRemote(() => ({ status: 200, body: JSON.stringify({ updatedAt: '2026-03-02T09:15:00Z', markets: [], has_more: false, next_cursor: null }) }));
  try {
    await useRemote(page, app, empty.baseUrl);
    await showCatalog(page);
    await expect(page.getByRole('heading', { name: 'The data source lists no markets' })).toBeVisible();
    await page.screenshot({ path: `${shots}/catalog-empty.png` });
  } finally {
    await empty.stop();
  }
});

test('an unreachable service: the reason, Retry and "Check data source"', async ({ app, page }) => {
  // A port that was free a moment ago: nothing listens on it.
  const vacant = await startFakeRemote(() => ({ status: 200, body: '{}' }));
  await vacant.stop();
  await useRemote(page, app, vacant.baseUrl);
  await showCatalog(page);
  const panel = page.getByTestId('error-panel');
  await expect(panel).toHaveAttribute('data-kind', 'network');
  await expect(panel.getByRole('heading')).toHaveText('Service unreachable');
  await expect(panel).toContainText('Unreachable: ');
  await expect(panel).toContainText('ECONNREFUSED');
  await expect(panel.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Check data source' })).toBeVisible();
  await page.screenshot({ path: `${shots}/catalog-error-unreachable.png` });
});

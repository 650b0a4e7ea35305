/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { chromiumPath, launchArgs, startBrowserModeApp } from '../support/browser-mode-app.ts';
import { startCandleService } from '../support/candle-service.ts';
import { startMdeServe } from '../support/mde-serve.ts';
import { report } from './measure.ts';

// The UI figures of F7, measured in Debian's Chromium with the app's own performance marks
// (`mde:*`), each beside a baseline measured in the same run:
// - app start to an interactive catalog (browser mode, demo), beside DOMContentLoaded;
// - catalog filter over 20k entries per keystroke, beside a naive filter of the same entries;
// - 100k candles from arrival to the painted chart (the chart is handed the newest 6,000 and
//   widens from memory as the user pans: `drawn-window.ts`), beside bare lightweight-charts
//   handed all 100k;
// - opening a market to a drawn chart (demo), beside re-opening it from the query cache.

const root = join(import.meta.dirname, '..', '..');
export { chromiumPath, launchArgs };

/** A running browser-mode app. */
export interface Running {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Browser mode (`npm start -- --browser`), builds first if stale; with a fresh user-data folder
 * (removed on stop) unless one is given (kept, so a second start finds the demo's hours on disk).
 */
export async function startApp(keptUserDataDir?: string): Promise<Running> {
  const userDataDir = keptUserDataDir ?? (await mkdtemp(join(tmpdir(), 'mde-bench-ui-')));
  const app = await startBrowserModeApp(userDataDir, 120_000);
  return {
    url: app.url,
    stop: async () => {
      await app.stop();
      if (keptUserDataDir === undefined) await rm(userDataDir, { recursive: true, force: true });
    },
  };
}


/** The median (the upper one of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Opens the app and waits until it is connected and its source healthy. */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-testid="status-health"][data-health="ok"]').waitFor({ timeout: 120_000 });
}

/** Settings → Remote → base URL → Save (and a key, when given), as a person does it. */
async function useRemote(page: Page, baseUrl: string, key?: string): Promise<void> {
  await page.keyboard.press('Control+,');
  await page.getByRole('radio', { name: /Remote Market Data Service/ }).check();
  await page.getByRole('textbox', { name: 'Base URL' }).fill(baseUrl);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByTestId('status-source').filter({ hasText: new URL(baseUrl).host }).waitFor();
  if (key !== undefined) {
    await page.getByLabel(/New key/).fill(key);
    await page.getByRole('button', { name: 'Save key' }).click();
    await page.getByTestId('key-status').filter({ hasText: key.slice(-4) }).waitFor();
  }
}

async function markStart(page: Page, name: string): Promise<number | null> {
  return page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? null, name);
}

async function appStart(browser: Browser): Promise<void> {
  const app = await startApp();
  try {
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let run = 0; run < 5; run++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
      await page.goto(app.url);
      await page.waitForFunction(() => performance.getEntriesByName('mde:catalog-interactive').length > 0, undefined, { timeout: 60_000 });
      const interactive = await markStart(page, 'mde:catalog-interactive');
      const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.domContentLoadedEventEnd ?? null);
      // The first load warms the demo's catalog; the figure is the median of the later ones.
      if (run > 0 && interactive !== null && loaded !== null) {
        ours.push(interactive);
        baseline.push(loaded);
      }
      await page.close();
    }
    report({ name: 'app start to interactive catalog, ms', value: median(ours), unit: 'ms', baselineName: 'DOMContentLoaded', baseline: median(baseline), higherIsBetter: false, target: 'report it' });
  } finally {
    await app.stop();
  }
}

async function catalogFilter(browser: Browser): Promise<void> {
  const remote = await startMdeServe(['--extra-markets', '20000']);
  const app = await startApp();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await openApp(page, app.url);
    await useRemote(page, remote.baseUrl);
    await page.keyboard.press('Alt+1');
    // The demo's catalog was on screen before the switch; wait for the remote's markets, counted as
    // the remote itself counts them (/count), never a number written here that moves with the demo.
    const served = ((await (await fetch(`${remote.baseUrl}/count`)).json()) as { markets: number }).markets;
    await page.getByText(`${served.toLocaleString('en-US')} markets`).first().waitFor({ timeout: 120_000 });
    const search = page.getByRole('searchbox', { name: 'Search the catalog' });
    const words = ['s', 'sy', 'syn', 'syn1', 'syn12', 'syn1', 'syn', 'sy', 's', '', 'b', 'bt', 'btc', 'bt', 'b', ''];
    await page.evaluate(() => performance.clearMeasures('mde:catalog-filter'));
    for (const word of words) {
      await search.fill(word);
      await page.waitForTimeout(50);
    }
    const durations = await page.evaluate(() => performance.getEntriesByName('mde:catalog-filter').map((entry) => entry.duration));
    // The same 20k entries, filtered the naive way: lower-case every field on every keystroke.
    const naive = await page.evaluate(
      ({ count, queries }) => {
        const markets = Array.from({ length: count }, (_, i) => ({ source: `venue-${i % 40}`, market: `SYN${i}-USD`, symbol: `SYN${i}USD`, categories: i % 3 === 0 ? ['Futures', 'Perpetual'] : ['Spot'] }));
        const times: number[] = [];
        for (let round = 0; round < 3; round++) {
          for (const query of queries) {
            const started = performance.now();
            const needle = query.toLowerCase();
            markets.filter((m) => needle === '' || [m.source, m.market, m.symbol, ...m.categories].some((field) => field.toLowerCase().includes(needle)));
            times.push(performance.now() - started);
          }
        }
        return times;
      },
      { count: served, queries: words },
    );
    report({ name: `catalog filter, ${served.toLocaleString('en-US')} entries, ms per keystroke`, value: median(durations), unit: 'ms', baselineName: 'naive filter', baseline: median(naive), higherIsBetter: false, target: '< 16 ms' });
    await page.close();
  } finally {
    await app.stop();
    await remote.stop();
  }
}

async function hundredThousandCandles(browser: Browser): Promise<void> {
  const count = 100_000;
  const service = await startCandleService(count, Date.now());
  const app = await startApp();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await openApp(page, app.url);
    await useRemote(page, service.baseUrl, 'bench-key-0001');
    const route = `#/workspace/${service.source}/${service.market}?interval=1m&from=${new Date(service.firstOpen).toISOString()}&to=${new Date(service.lastOpen).toISOString()}`;
    await page.goto(`${app.url}${route}`);
    await page.waitForFunction(() => performance.getEntriesByName('mde:chart-drawn').length > 0, undefined, { timeout: 300_000 });
    const drawnMs = await page.evaluate(() => {
      const received = performance.getEntriesByName('mde:candles-received')[0]?.startTime ?? Number.NaN;
      const drawn = performance.getEntriesByName('mde:chart-drawn')[0]?.startTime ?? Number.NaN;
      return drawn - received;
    });
    const candles = Number(await page.getByTestId('candle-chart').getAttribute('data-candles'));
    await page.close();

    // Baseline: bare lightweight-charts drawing the same number of candles on a blank page.
    const bare = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await bare.setContent('<div id="chart" style="width:1200px;height:600px"></div>');
    await bare.addScriptTag({ path: join(root, 'node_modules', 'lightweight-charts', 'dist', 'lightweight-charts.standalone.production.js') });
    const bareMs = await bare.evaluate(async (n) => {
      type Lwc = { createChart: (el: HTMLElement, o: object) => { addSeries: (t: unknown, o?: object) => { setData: (d: object[]) => void } }; CandlestickSeries: unknown };
      const lib = Reflect.get(window, 'LightweightCharts') as Lwc;
      const data = Array.from({ length: n }, (_, i) => ({ time: 1_700_000_000 + i * 60, open: 100 + Math.sin(i / 500), high: 102 + Math.sin(i / 500), low: 98 + Math.sin(i / 500), close: 100.5 + Math.sin(i / 500) }));
      const started = performance.now();
      const chart = lib.createChart(document.getElementById('chart') as HTMLElement, { autoSize: false, width: 1200, height: 600 });
      chart.addSeries(lib.CandlestickSeries).setData(data);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return performance.now() - started;
    }, count);
    await bare.close();
    report({ name: `${candles.toLocaleString('en-US')} candles, received to drawn, ms`, value: drawnMs, unit: 'ms', baselineName: 'bare lightweight-charts', baseline: bareMs, higherIsBetter: false, target: '< 500 ms' });
  } finally {
    await app.stop();
    await service.stop();
  }
}

async function openMarket(browser: Browser): Promise<void> {
  // A user's demo hours are generated once and kept in the user-data folder: on the first start
  // the user opens the market from the catalog (its hours are generated, and it becomes recently
  // viewed); the figure is taken on the next start (hours on disk, nothing in memory).
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-ui-kept-'));
  const first = await startApp(userDataDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await openApp(page, `${first.url.split('#')[0] ?? first.url}#/catalog`);
    await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('hyperliquid BTC');
    await page.getByRole('button', { name: 'Open hyperliquid/BTC' }).first().click();
    await page.waitForFunction(() => performance.getEntriesByName('mde:chart-drawn').length > 0, undefined, { timeout: 300_000 });
    await page.close();
  } finally {
    await first.stop();
  }
  const app = await startApp(userDataDir);
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await openApp(page, `${app.url.split('#')[0] ?? app.url}#/catalog`);
    await page.waitForFunction(() => performance.getEntriesByName('mde:catalog-interactive').length > 0, undefined, { timeout: 120_000 });
    const open = async (): Promise<number> => {
      await page.keyboard.press('Alt+1');
      await page.getByRole('searchbox', { name: 'Search the catalog' }).fill('hyperliquid BTC');
      await page.evaluate(() => {
        performance.clearMarks('mde:open-market');
        performance.clearMarks('mde:chart-drawn');
      });
      await page.getByRole('button', { name: 'Open hyperliquid/BTC' }).first().click();
      await page.waitForFunction(() => performance.getEntriesByName('mde:chart-drawn').length > 0, undefined, { timeout: 120_000 });
      return page.evaluate(() => (performance.getEntriesByName('mde:chart-drawn')[0]?.startTime ?? Number.NaN) - (performance.getEntriesByName('mde:open-market')[0]?.startTime ?? Number.NaN));
    };
    const cold = await open();
    const warm = await open();
    report({ name: 'open a market to a drawn chart (demo), ms', value: cold, unit: 'ms', baselineName: 'reopen from cache', baseline: warm, higherIsBetter: false, target: '< 1000 ms' });
    await page.close();
  } finally {
    await app.stop();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

/** Runs the UI figures in one Chromium. */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    await appStart(browser);
    await catalogFilter(browser);
    await openMarket(browser);
    await hundredThousandCandles(browser);
  } finally {
    await browser.close();
  }
}

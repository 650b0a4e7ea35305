/// <reference lib="dom" />
import { chromium, type Browser, type Page } from '@playwright/test';
import { report } from './measure.ts';
import { chromiumPath, launchArgs, median, openApp, startApp } from './ui.bench.ts';

// F13's footprint figure, in Debian's Chromium on the embedded demo: a 24 h range of 1-minute
// candles in footprint mode, from the range's trades arriving in the renderer
// (`mde:trades-received`) to the frame that paints the first footprint cells having been shown
// (`mde:footprint-drawn`). Beside it, in the same run and the same app: the same range in candle
// mode, from its candles arriving (`mde:candles-received`) to its painted chart (`mde:chart-drawn`),
// so the ratio says what the footprint costs over a plain chart. `npm run bench -- ui-footprint`.

const route = '#/workspace/hyperliquid/BTC?interval=1m&span=24h';
const rounds = 3;

/** Opens the route in a fresh page and returns `to − from` of the first marks, and what was drawn. */
async function between(browser: Browser, url: string, chart: string, from: string, to: string): Promise<{ ms: number; page: Page }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  await openApp(page, `${url.split('#')[0] ?? url}${route}${chart}`);
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, to, { timeout: 600_000 });
  const ms = await page.evaluate(([a, b]) => (performance.getEntriesByName(b ?? '')[0]?.startTime ?? Number.NaN) - (performance.getEntriesByName(a ?? '')[0]?.startTime ?? Number.NaN), [from, to]);
  return { ms, page };
}

async function footprintFigure(browser: Browser): Promise<void> {
  const app = await startApp();
  try {
    // The first open generates the demo's 24 hours; the figures are taken on the later ones.
    const warm = await between(browser, app.url, '&chart=footprint', 'mde:trades-received', 'mde:footprint-drawn');
    await warm.page.close();
    const footprint: number[] = [];
    const candles: number[] = [];
    let drawn = { trades: 0, candles: 0 };
    for (let round = 0; round < rounds; round++) {
      const plain = await between(browser, app.url, '', 'mde:candles-received', 'mde:chart-drawn');
      candles.push(plain.ms);
      await plain.page.close();
      const cells = await between(browser, app.url, '&chart=footprint', 'mde:trades-received', 'mde:footprint-drawn');
      footprint.push(cells.ms);
      const chart = cells.page.getByTestId('candle-chart');
      drawn = { trades: Number(await cells.page.getByTestId('trades-tape').getAttribute('data-trades')), candles: Number(await chart.getAttribute('data-candles')) };
      await cells.page.close();
    }
    console.log(`  (${drawn.candles.toLocaleString('en-US')} candles, ${drawn.trades.toLocaleString('en-US')} trades; medians of ${rounds}: footprint ${footprint.map((v) => v.toFixed(0)).join(', ')} ms, candles ${candles.map((v) => v.toFixed(0)).join(', ')} ms)`);
    report({ name: 'footprint, 24 h of 1m candles, trades received to drawn, ms', value: median(footprint), unit: 'ms', baselineName: 'candle mode, received to drawn', baseline: median(candles), higherIsBetter: false, target: '< 500 ms' });
  } finally {
    await app.stop();
  }
}

/** Runs the footprint figure in one Chromium. */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    await footprintFigure(browser);
  } finally {
    await browser.close();
  }
}

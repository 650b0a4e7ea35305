/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { serveHeatmapHarness } from './heatmap-harness.ts';
import { report } from './measure.ts';

// The liquidity heatmap's first paint of a busy hour (20,000 frames × 25 levels a side, ~8,000
// trades), measured in Debian's Chromium on the harness page (the component alone on a simulated
// book) from mount to the end of its first paint (`mde:heatmap-paint`: bin, colour, put, lines,
// dots, axes), beside a bare putImageData + scaled drawImage of the same pixel count in the same
// page. Also the repaint of a zoom (rebin of the whole window), and a cursor move (overlay only).

const chromiumPath = process.env['CHROMIUM_PATH'] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Mount to the end of the first paint, ms, and the plot's pixel count. */
async function firstPaint(page: Page, url: string): Promise<{ ms: number; cells: number }> {
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('mde:heatmap-painted').length > 0, undefined, { timeout: 60_000 });
  return page.evaluate(() => {
    const mount = performance.getEntriesByName('harness:mount')[0]?.startTime ?? Number.NaN;
    const paint = performance.getEntriesByName('mde:heatmap-paint')[0];
    const plot = document.querySelector('[data-testid="heatmap-plot"]');
    const box = plot?.getBoundingClientRect();
    const cells = box === undefined ? 0 : Math.round(box.width - 72) * Math.round(box.height - 22);
    return { ms: paint === undefined ? Number.NaN : paint.startTime + paint.duration - mount, cells };
  });
}

/** A bare putImageData of `cells` pixels scaled onto a canvas, ms (median of 5). */
async function barePut(page: Page, cells: number): Promise<number> {
  return page.evaluate((count) => {
    const width = 1366;
    const height = Math.max(1, Math.round(count / width));
    const target = document.createElement('canvas');
    target.width = width;
    target.height = height;
    document.body.append(target);
    const times: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      const scratch = document.createElement('canvas');
      scratch.width = width;
      scratch.height = height;
      const image = new ImageData(width, height);
      for (let i = 0; i < image.data.length; i += 4) image.data[i + 3] = 255;
      scratch.getContext('2d')?.putImageData(image, 0, 0);
      target.getContext('2d')?.drawImage(scratch, 0, 0);
      target.getContext('2d')?.getImageData(0, 0, 1, 1);
      times.push(performance.now() - started);
    }
    target.remove();
    return times.sort((a, b) => a - b)[2] ?? Number.NaN;
  }, cells);
}

/** The figures in one Chromium. */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const outDir = await mkdtemp(join(tmpdir(), 'mde-bench-heatmap-'));
  const harness = await serveHeatmapHarness(outDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    const url = `${harness.url}?scenario=busy&frames=20000`;
    const ours: number[] = [];
    let cells = 0;
    for (let run = 0; run < 5; run++) {
      const paint = await firstPaint(page, url);
      ours.push(paint.ms);
      cells = paint.cells;
    }
    const bare = await barePut(page, cells);
    report({ name: 'heatmap first paint, 1 h (20k frames × 25), ms', value: median(ours), unit: 'ms', baselineName: 'bare putImageData', baseline: bare, higherIsBetter: false, target: '< 500 ms' });

    // A zoom rebins the window; a cursor move repaints only the overlay (no `mde:heatmap-paint`).
    const plot = page.getByTestId('heatmap-plot');
    const box = await plot.boundingBox();
    if (box !== null) {
      await page.evaluate(() => performance.clearMeasures('mde:heatmap-paint'));
      for (let step = 0; step < 10; step++) {
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.wheel(0, step < 5 ? -120 : 120);
        await page.waitForTimeout(30);
      }
      const zooms = await page.evaluate(() => performance.getEntriesByName('mde:heatmap-paint').map((entry) => entry.duration));
      report({ name: 'heatmap zoom repaint (rebin), ms', value: median(zooms), unit: 'ms', baselineName: 'bare putImageData', baseline: bare, higherIsBetter: false, target: '< 16.7 ms' });
      await page.evaluate(() => performance.clearMeasures('mde:heatmap-paint'));
      for (let step = 0; step < 10; step++) await plot.click({ position: { x: 100 + step * 50, y: 200 } });
      const rebinsOnSeek = await page.evaluate(() => performance.getEntriesByName('mde:heatmap-paint').length);
      console.log(`  heatmap rebins on 10 click-seeks (cursor moves): ${rebinsOnSeek} (target 0: the cursor is on the overlay)`);
      if (rebinsOnSeek !== 0) throw new Error(`cursor moves rebinned the heatmap ${rebinsOnSeek} times`);
      const seeks = await page.evaluate(() => (Reflect.get(window, 'heatmapSeeks') as number[]).length);
      if (seeks !== 10) throw new Error(`10 clicks on the heatmap made ${seeks} seeks`);
    }
    await page.close();
  } finally {
    await browser.close();
    await harness.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

/// <reference lib="dom" />
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { serveHeatmapHarness } from './heatmap-harness.ts';
import { chromiumPath, launchArgs } from '../support/browser-mode-app.ts';
import { report } from './measure.ts';

// The liquidity heatmap's figures (F11), in Debian's Chromium on the harness page (the component
// alone, its tiles built in the page from a simulated busy hour of 500,000 book events, as the
// replay builds them in main), each beside a baseline from the same page:
// - pan or zoom repaint, p95: from the gesture (wheel, drag, key) to the painted canvas
//   (`mde:heatmap-gesture`), beside a bare drawImage of a full plot-sized canvas;
// - first paint with tiles, beside a bare putImageData of the plot's pixels.

const busyHourEvents = 500_000;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** A bare putImageData of `cells` pixels plus a scaled drawImage onto a canvas, ms (median of 5). */
function barePut(page: Page, cells: number): Promise<number> {
  return page.evaluate((count) => {
    const width = 1000;
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

/** Bare drawImage of a plot-sized canvas onto another (the floor of any repaint), ms p95 of 40. */
function bareDraw(page: Page, width: number, height: number): Promise<number> {
  return page.evaluate(
    ([w, h]) => {
      const source = document.createElement('canvas');
      source.width = w;
      source.height = h;
      source.getContext('2d')?.fillRect(0, 0, w, h);
      const target = document.createElement('canvas');
      target.width = w;
      target.height = h;
      document.body.append(target);
      const ctx = target.getContext('2d');
      const times: number[] = [];
      for (let run = 0; run < 40; run++) {
        const started = performance.now();
        ctx?.clearRect(0, 0, w, h);
        ctx?.drawImage(source, run % 3, 0, w, h);
        ctx?.getImageData(0, 0, 1, 1);
        times.push(performance.now() - started);
      }
      target.remove();
      times.sort((a, b) => a - b);
      return times[Math.floor(0.95 * times.length)] ?? Number.NaN;
    },
    [width, height] as const,
  );
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
    const started = Date.now();
    await page.goto(`${harness.url}?scenario=busy&frames=${busyHourEvents}&at=0.6`);
    await page.waitForFunction(() => performance.getEntriesByName('mde:heatmap-painted').length > 0, undefined, { timeout: 300_000 });
    console.log(`  (a busy hour: ${busyHourEvents.toLocaleString('en-US')} book events; its tiles built in the page in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    const plot = page.getByTestId('heatmap-plot');
    const box = await plot.boundingBox();
    if (box === null) throw new Error('no heatmap plot');
    const firstPaint = await page.evaluate(() => performance.getEntriesByName('mde:heatmap-paint').find((entry) => entry.startTime >= (performance.getEntriesByName('mde:heatmap-painted')[0]?.startTime ?? 0) - 50)?.duration ?? Number.NaN);
    report({ name: 'heatmap paint with tiles loaded, ms', value: firstPaint, unit: 'ms', baselineName: 'bare putImageData of the plot', baseline: await barePut(page, Math.round(box.width * box.height)), higherIsBetter: false, target: 'report it' });

    await page.evaluate(() => performance.clearMeasures('mde:heatmap-gesture'));
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height / 2);
    // Zoom out to the whole hour and back in to a second, then pan both ways: every level is drawn.
    for (let step = 0; step < 24; step++) {
      await page.mouse.wheel(0, 240);
      await page.waitForTimeout(40);
    }
    for (let step = 0; step < 40; step++) {
      await page.mouse.wheel(0, -240);
      await page.waitForTimeout(40);
    }
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await page.mouse.down();
    for (let step = 0; step < 30; step++) {
      await page.mouse.move(box.x + box.width * (0.5 - step * 0.01), box.y + box.height / 2 + (step % 5) * 3);
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
    await plot.focus();
    for (const key of ['-', '-', '-', '-', '-', '-', '-', '-', 'ArrowLeft', 'ArrowLeft', 'ArrowRight', ']', ']', '[', '+', '+', '+', '+', '0', 'f']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(40);
    }
    const gestures = await page.evaluate(() => performance.getEntriesByName('mde:heatmap-gesture').map((entry) => entry.duration));
    const plotSize = await page.evaluate(() => {
      const canvas = document.querySelector('[data-testid="heatmap-plot"]');
      return canvas instanceof HTMLCanvasElement ? [canvas.width, canvas.height] : [1000, 600];
    });
    const floor = await bareDraw(page, plotSize[0] ?? 1000, plotSize[1] ?? 600);
    console.log(`  (${gestures.length} pan and zoom repaints measured; median ${quantile(gestures, 0.5).toFixed(1)} ms)`);
    report({ name: 'heatmap pan or zoom repaint, busy hour, p95, ms', value: quantile(gestures, 0.95), unit: 'ms', baselineName: 'bare drawImage of the canvas, p95', baseline: floor, higherIsBetter: false, target: '< 16.7 ms' });
    await page.close();
  } finally {
    await browser.close();
    await harness.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

// Renders resources/icon.svg to the PNG sizes electron-builder and the renderer use, with
// Debian's Chromium (run by hand after editing the SVG: node scripts/render-icon.mjs).
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(`${root}resources/icon.svg`, 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
/** @type {[number, string][]} */
const outputs = [[1024, 'resources/icon.png'], [64, 'renderer/public/favicon.png']];
for (const [size, path] of outputs) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('width="1024" height="1024"', `width="${size}" height="${size}"`)}</body></html>`);
  await page.screenshot({ path: `${root}${path}`, omitBackground: true });
  await page.close();
}
await browser.close();

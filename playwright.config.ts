import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium; never a browser downloaded by the test tool. CHROMIUM_PATH overrides.
const chromiumPath = process.env['CHROMIUM_PATH'] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (chromiumPath === undefined) {
  throw new Error('End-to-end tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
}

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    viewport: { width: 1440, height: 860 },
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
    trace: 'retain-on-failure',
  },
});

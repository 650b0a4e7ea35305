import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hourOfEvents, writeSnapshotFile, type SnapshotFileSpec } from '../support/book-files.ts';
import { expect, test } from './app-server.ts';

// The snapshot file viewer in browser mode (issue F8 item 7): a generated file is chosen in the
// page, streamed to the server, summarized, filtered, searched by time and opened as raw JSON;
// then its books go to the replay. Each state is saved as a screenshot.

const shots = 'test-results/screenshots';
const hour: SnapshotFileSpec = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, 7) };

test('open a file by choosing it, read its summary, filter to trades, jump to a time, read a raw line and replay its books', async ({ app, page }) => {
  test.setTimeout(120_000);
  const dir = await mkdtemp(join(tmpdir(), 'mde-e2e-file-'));
  try {
    // 2,000 book events, a trade after events 25, 75, …: 40 trades.
    const events = hourOfEvents(hour, 11, 2000);
    const path = await writeSnapshotFile(dir, hour, events);
    await page.goto(app.url);
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files');
    await expect(page.getByRole('heading', { name: 'Open a snapshot file' })).toBeVisible();
    await page.screenshot({ path: `${shots}/files-empty.png` });

    await page.getByLabel('Choose a snapshot file').setInputFiles(path);
    const summary = page.getByRole('region', { name: 'File summary' });
    await expect(summary).toContainText('v2 (schema v2) · binance · BTC-USDT · 2024-03-10');
    await expect(summary).toContainText('Read to the end');
    await expect(summary).toContainText('2,040 (the header declares 2,000)');
    await expect(page.getByText('2,040 records', { exact: true })).toBeVisible();
    const table = page.getByRole('grid', { name: 'Records' });
    // One day in the user's zone: the day is in the header, the rows show the time of day.
    await expect(table.getByRole('columnheader', { name: 'Collector · UTC' })).toHaveAttribute('title', /on 2024-03-10/);
    await expect(table.getByRole('row').nth(1)).toContainText('07:00:01.000');
    await page.screenshot({ path: `${shots}/files-summary.png` });
    // `npm run screenshot` refreshes the README's picture of the file viewer from this state.
    if (process.env['UPDATE_DOCS_SCREENSHOT'] === '1') await page.screenshot({ path: 'docs/file-viewer.png' });

    await summary.getByRole('button', { name: /^trade/ }).click();
    await expect(page.getByText('40 matching of 2,040 records')).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText('trade');
    await expect(table.getByRole('row').nth(1)).toContainText('buy 0.5 @');

    // The 10th trade follows event 475; jump to that event's time of day (UTC, the default).
    const target = events[475]?.collectorTimestamp ?? 0;
    const clock = new Date(target).toISOString().slice(11, 23);
    await page.keyboard.press('t');
    await page.keyboard.type(clock);
    await page.keyboard.press('Enter');
    const selected = table.locator('[aria-selected="true"]');
    await expect(selected).toHaveAttribute('aria-rowindex', '10');
    await expect(selected).toContainText(clock);

    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    const raw = page.getByLabel('Raw JSON line');
    await expect(raw).toContainText('"type": "trade"');
    await expect(raw).toContainText(`"collector_timestamp": ${target}`);
    await page.screenshot({ path: `${shots}/files-trade-detail.png` });

    await page.getByRole('button', { name: "Replay this file's books" }).click();
    await expect(page.getByRole('tab', { name: /Book replay/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book replay');
    await page.screenshot({ path: `${shots}/files-replay-landing.png` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a damaged file shows what was read, and where and why it stopped', async ({ app, page }) => {
  const dir = await mkdtemp(join(tmpdir(), 'mde-e2e-file-'));
  try {
    const { writeFile } = await import('node:fs/promises');
    const { compressZstdFrame } = await import('../../electron/codec/zstd/zstd-compressor.ts');
    const { v2FileText } = await import('../support/book-files.ts');
    const lines = v2FileText(hour, hourOfEvents(hour, 4, 600)).split('\n');
    const frame = (part: readonly string[]): Uint8Array => compressZstdFrame(new TextEncoder().encode(`${part.join('\n')}\n`));
    const tail = frame(lines.slice(300));
    const path = join(dir, 'damaged.jsonl.zst');
    await writeFile(path, Buffer.concat([frame(lines.slice(0, 300)), tail.subarray(0, tail.length >> 1)]));
    await page.goto(app.url);
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await page.getByLabel('Choose a snapshot file').setInputFiles(path);
    const summary = page.getByRole('region', { name: 'File summary' });
    await expect(summary).toContainText('Stopped early');
    await expect(page.getByRole('alert')).toContainText('The file ends in the middle of a zstd frame at line 301');
    await expect(page.getByRole('grid', { name: 'Records' })).toContainText('orderbook');
    await page.screenshot({ path: `${shots}/files-damaged.png` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a file that is not zstd says why, and offers no replay of its books', async ({ app, page }) => {
  const dir = await mkdtemp(join(tmpdir(), 'mde-e2e-file-'));
  try {
    const { writeFile } = await import('node:fs/promises');
    const path = join(dir, 'plain.jsonl.zst');
    await writeFile(path, '{"type":"trade","note":"plain text, never compressed"}\n');
    await page.goto(app.url);
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await page.getByLabel('Choose a snapshot file').setInputFiles(path);
    await expect(page.getByRole('region', { name: 'File summary' })).toContainText('Stopped early');
    const replay = page.getByTestId('replay-file');
    await expect(replay).toBeDisabled();
    await expect(replay).toHaveAttribute('title', /^Nothing to replay: /);
    await page.screenshot({ path: `${shots}/files-not-zstd.png` });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

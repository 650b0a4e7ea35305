/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from '@playwright/test';
import { SnapshotReader } from '../../electron/codec/snapshot-reader.ts';
import { compressZstdFrame } from '../../electron/codec/zstd/zstd-compressor.ts';
import { hourOfEvents, v2FileText, type SnapshotFileSpec } from '../support/book-files.ts';
import { chromiumPath, launchArgs, startBrowserModeApp } from '../support/browser-mode-app.ts';
import { report } from './measure.ts';

// The file viewer's figure of F8: a ~200 MB (uncompressed) snapshot file, chosen in the page in
// browser mode and streamed to the server, then the time from opening it (`files.openView`) to
// its first rows painted in the table (`mde:file-open` → `mde:file-first-rows`), beside two
// baselines from the same run: the decoder's own first batch of records in Node, and
// `zstd -dc | head -n 100` where the zstd command exists.

const targetBytes = 200 * 1000 * 1000;

/** Writes a v2 file of about `targetBytes` of text: hours of one book joined end to end, one zstd frame each. */
async function bigFile(dir: string): Promise<{ path: string; textBytes: number }> {
  const path = join(dir, 'standard-binance-BTC-USDT-big.jsonl.zst');
  const handle = await open(path, 'w');
  let textBytes = 0;
  try {
    for (let part = 0; textBytes < targetBytes; part++) {
      const spec: SnapshotFileSpec = { source: 'binance', market: 'BTC-USDT', hour: Date.UTC(2024, 2, 10, part) };
      const text = new TextEncoder().encode(v2FileText(spec, hourOfEvents(spec, part + 1, 60_000, 2000)));
      textBytes += text.length;
      await handle.write(compressZstdFrame(text));
    }
  } finally {
    await handle.close();
  }
  return { path, textBytes };
}

/** The decoder's first batch of records, in Node: the floor any viewer of this file stands on. */
async function firstBatchMs(path: string): Promise<number> {
  const started = performance.now();
  for await (const batch of new SnapshotReader({ path }, { chunkSize: 256 * 1024 })) {
    if (batch.length > 0) break;
  }
  return performance.now() - started;
}

/** `zstd -dc file | head -n 100`, timed as a process. */
async function zstdHeadMs(path: string): Promise<number | null> {
  try {
    await promisify(execFile)('zstd', ['--version']);
  } catch {
    return null;
  }
  const started = performance.now();
  await promisify(execFile)('sh', ['-c', `zstd -dc '${path}' | head -n 100 > /dev/null`]);
  return performance.now() - started;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Runs the benchmark (`npm run bench -- files`). */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const dir = await mkdtemp(join(tmpdir(), 'mde-bench-files-'));
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-files-user-'));
  const app = await startBrowserModeApp(userDataDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    const url = app.url;
    const { path, textBytes } = await bigFile(dir);
    const compressed = (await stat(path)).size;
    console.log(`  file: ${(textBytes / 1e6).toFixed(0)} MB of text, ${(compressed / 1e6).toFixed(1)} MB compressed`);
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    await page.goto(url);
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    const rounds: number[] = [];
    const uploads: number[] = [];
    for (let round = 0; round < 5; round++) {
      await page.evaluate(() => performance.clearMarks());
      const sent = performance.now();
      await page.getByLabel('Choose a snapshot file').setInputFiles(path);
      await page.waitForFunction(() => performance.getEntriesByName('mde:file-first-rows', 'mark').length > 0, undefined, { timeout: 120_000 });
      uploads.push(performance.now() - sent);
      rounds.push(
        await page.evaluate(() => {
          const open = performance.getEntriesByName('mde:file-open', 'mark').at(-1)?.startTime ?? Number.NaN;
          const rows = performance.getEntriesByName('mde:file-first-rows', 'mark').at(-1)?.startTime ?? Number.NaN;
          return rows - open;
        }),
      );
      // Let the decode finish before the next round opens the file again.
      await page.getByText('Read to the end').waitFor({ timeout: 300_000 });
    }
    console.log(`  open → first rows, each round: ${rounds.map((ms) => ms.toFixed(0)).join(', ')} ms (the first starts the viewer's worker; later ones find a spare)`);
    const decoder = median([await firstBatchMs(path), await firstBatchMs(path), await firstBatchMs(path)]);
    report({ name: 'file viewer: open → first rows painted', value: median(rounds), unit: 'ms', baselineName: 'decoder first batch (Node)', baseline: decoder, higherIsBetter: false, target: '< 300 ms' });
    const head = await zstdHeadMs(path);
    if (head !== null) report({ name: 'file viewer: open → first rows painted', value: median(rounds), unit: 'ms', baselineName: 'zstd -dc | head -n 100', baseline: head, higherIsBetter: false });
    console.log(`  choosing the file to first rows, upload included: median ${median(uploads).toFixed(0)} ms`);
  } finally {
    await browser.close();
    await app.stop();
    await rm(dir, { recursive: true, force: true });
    await rm(userDataDir, { recursive: true, force: true });
  }
}

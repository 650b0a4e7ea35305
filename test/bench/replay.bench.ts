/// <reference lib="dom" />
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { report } from './measure.ts';

// The book replay's figures (F8), in Debian's Chromium on the embedded demo, each beside a
// baseline from the same run:
// - frame time while playing a busy hour at 100× for 10 s (p95 and p50), beside the same page's
//   frame time while paused;
// - a seek to a time spread over the hour (scrubber click to the frame painted), beside the two
//   idle frames any seek waits for;
// - memory after loading the hour: the renderer's JS heap and the app process's resident set.

const root = join(import.meta.dirname, '..', '..');
const chromiumPath = process.env['CHROMIUM_PATH'] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((path) => existsSync(path));
const launchArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const hourMs = 3_600_000;

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Frame-to-frame times (ms) of the page's animation frames over `ms`. */
function frameTimes(page: Page, ms: number): Promise<number[]> {
  // No named functions inside: the page cannot see the bundler's name helper.
  return page.evaluate(async (duration) => {
    const times: number[] = [];
    let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    const started = last;
    while (last - started < duration) {
      const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      times.push(now - last);
      last = now;
    }
    return times;
  }, ms);
}

/** Clicks the scrubber at `fraction` and answers the ms from the press to the frame painted after the player moved (0 when it did not move). */
async function timedSeek(page: Page, fraction: number): Promise<number> {
  const scrubber = page.getByTestId('replay-scrubber');
  const box = await scrubber.boundingBox();
  if (box === null) throw new Error('no scrubber');
  await page.evaluate(() => {
    const player = document.querySelector('[data-testid="replay-player"]');
    const bar = document.querySelector('[data-testid="replay-scrubber"]');
    const state = { pressed: 0, painted: -1 };
    Reflect.set(window, '__seek', state);
    bar?.addEventListener('mousedown', () => (state.pressed = performance.now()), { once: true, capture: true });
    if (player === null) return;
    const observer = new MutationObserver(() => {
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => (state.painted = performance.now())));
    });
    observer.observe(player, { attributes: true, attributeFilter: ['data-time'] });
    // A seek to where the player stands changes nothing: settle after two frames.
    setTimeout(() => {
      if (state.painted < 0) {
        observer.disconnect();
        state.painted = state.pressed;
      }
    }, 1_000);
  });
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  await page.waitForFunction(() => (Reflect.get(window, '__seek') as { painted: number }).painted >= 0);
  return page.evaluate(() => {
    const state = Reflect.get(window, '__seek') as { pressed: number; painted: number };
    return state.painted - state.pressed;
  });
}

/** Resident memory of a process and its children, in MiB. */
function residentMiB(pid: number): number {
  const output = execFileSync('ps', ['-o', 'rss=', '--pid', String(pid), '--ppid', String(pid)], { encoding: 'utf8' });
  return output.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024;
}

/** Runs the replay figures in one Chromium over one app start. */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-replay-'));
  const child = spawn(process.execPath, ['scripts/start.mjs', '--browser'], { cwd: root, env: { ...process.env, MDE_USER_DATA_DIR: userDataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /^Open: (\S+)$/m.exec(output);
      if (match?.[1] !== undefined) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the app exited with ${code ?? 'a signal'}:\n${output}`)));
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    // The last complete hour of the demo's busiest book.
    const hourStart = Math.floor(Date.now() / hourMs) * hourMs - hourMs;
    const iso = (ms: number): string => new Date(ms).toISOString();
    await page.goto(`${url.split('#')[0] ?? url}#/replay/hyperliquid/BTC?from=${iso(hourStart)}&to=${iso(hourStart + hourMs - 1)}`);
    await page.getByTestId('replay-status').filter({ hasText: 'events' }).waitFor({ timeout: 300_000 });
    await page.waitForFunction(() => !(document.querySelector('[data-testid="replay-status"]')?.textContent ?? 'loading').includes('loading'), undefined, { timeout: 300_000 });
    const events = (await page.getByTestId('replay-status').textContent()) ?? '';

    const cdp = await page.context().newCDPSession(page);
    const heap = (await cdp.send('Runtime.getHeapUsage')).usedSize / 2 ** 20;
    const resident = child.pid === undefined ? Number.NaN : residentMiB(child.pid);
    const eventCount = Number((events.split(' ')[0] ?? '').replaceAll(',', ''));
    // Frame buffers are ArrayBuffers, outside the JS heap: 896 B a frame at depth 25.
    console.log(`  (one busy hour: ${eventCount.toLocaleString('en-US')} events; frame buffers ${((eventCount * 896) / 2 ** 20).toFixed(1)} MiB outside the JS heap)`);
    report({ name: 'memory with a busy hour loaded: renderer JS heap, MiB', value: heap, unit: 'MiB', baselineName: 'app process resident set', baseline: resident, higherIsBetter: false, target: 'report it' });

    const paused = await frameTimes(page, 3_000);
    await page.getByTestId('playback-speed').selectOption('100');
    await page.locator('body').press(' ');
    const playing = await frameTimes(page, 10_000);
    await page.locator('body').press(' ');
    report({ name: 'frame time playing a busy hour at 100×, p95, ms', value: quantile(playing, 0.95), unit: 'ms', baselineName: 'paused p95', baseline: quantile(paused, 0.95), higherIsBetter: false, target: '< 16.7 ms' });
    report({ name: 'frame time playing a busy hour at 100×, p50, ms', value: quantile(playing, 0.5), unit: 'ms', baselineName: 'paused p50', baseline: quantile(paused, 0.5), higherIsBetter: false, target: 'report it' });

    const seeks: number[] = [];
    // A fixed spread of positions (no randomness between runs), each a fresh part of the hour.
    for (const fraction of [0.13, 0.87, 0.42, 0.66, 0.05, 0.95, 0.31, 0.58, 0.21, 0.74, 0.49, 0.9]) seeks.push(await timedSeek(page, fraction));
    // The floor of any seek: the two frames it waits for to see the new frame painted.
    const twoFrames = 2 * quantile(paused, 0.5);
    report({ name: 'seek to a time in a one-hour replay, median, ms', value: quantile(seeks, 0.5), unit: 'ms', baselineName: 'two idle frames', baseline: twoFrames, higherIsBetter: false, target: '< 100 ms' });
    report({ name: 'seek to a time in a one-hour replay, worst, ms', value: Math.max(...seeks), unit: 'ms', baselineName: 'two idle frames', baseline: twoFrames, higherIsBetter: false, target: '< 100 ms' });
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(userDataDir, { recursive: true, force: true });
  }
}

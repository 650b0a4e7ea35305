/// <reference lib="dom" />
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { defaultDemoSeed, demoDataDir } from '../../electron/server/embedded-service.ts';
import { DemoStore } from '../../electron/server/store/demo-store.ts';
import { writeL2File } from '../../electron/server/simulator/l2-file-generator.ts';
import { chromiumPath, launchArgs, startBrowserModeApp, type BrowserModeApp } from '../support/browser-mode-app.ts';
import { report } from './measure.ts';

// The book replay's figures (F11), in Debian's Chromium on the embedded demo in browser mode, each
// beside a baseline from the same run:
// - open a 6 h range of the busy market (binance/BTCUSDT, ~540k book events an hour) to the first
//   played frame, beside a 10-minute range of a light market (the same path with little data);
// - frame time at 1000× on the busy market (the main thread's work a frame, from a trace), p95,
//   beside the same at 1×;
// - seek anywhere in the 6 h range (scrubber click to the frame painted), worst, beside two idle frames;
// - replay of a 1M-event file: peak memory of the app process tree plus the renderer, beside the
//   same for a 250k-event file (flat in range length) and the idle app.

const hourMs = 3_600_000;
const busy = { source: 'binance', market: 'BTCUSDT' };

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

interface ProcessRow {
  pid: number;
  ppid: number;
  kib: number;
  args: string;
}

function processes(): ProcessRow[] {
  const output = execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8', maxBuffer: 16 * 2 ** 20 });
  const rows: ProcessRow[] = [];
  for (const line of output.split('\n')) {
    const parts = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (parts !== null) rows.push({ pid: Number(parts[1]), ppid: Number(parts[2]), kib: Number(parts[3]), args: parts[4] ?? '' });
  }
  return rows;
}

/** Resident memory of a process and its children, MiB. */
function residentMiB(pid: number): number {
  return processes().reduce((kib, row) => (row.pid === pid || row.ppid === pid ? kib + row.kib : kib), 0) / 1024;
}

/**
 * Resident memory of the renderer that shows the page, MiB: the largest renderer of the browser
 * whose profile is `profileDir` (the others are its built-in pages and a spare renderer).
 */
function pageRendererMiB(profileDir: string): number {
  const renderers = processes().filter((row) => row.args.includes('--type=renderer') && !row.args.includes('--top-chrome-webui') && row.args.includes(`--user-data-dir=${profileDir}`));
  return Math.max(0, ...renderers.map((row) => row.kib)) / 1024;
}

/** Ms from the replay being asked for to its first frame shown, after navigating to `hash`. */
async function openToFirstFrame(page: Page, url: string, hash: string): Promise<number> {
  await page.goto('about:blank');
  await page.goto(`${url.split('#')[0] ?? url}${hash}`);
  await page.waitForFunction(() => performance.getEntriesByName('mde:replay-first-frame').length > 0, undefined, { timeout: 300_000 });
  return page.evaluate(() => {
    const asked = performance.getEntriesByName('mde:replay-requested').at(-1)?.startTime ?? Number.NaN;
    const shown = performance.getEntriesByName('mde:replay-first-frame')[0]?.startTime ?? Number.NaN;
    return shown - asked;
  });
}

/** Clicks the scrubber at `fraction`; answers ms from the press to the first paint after the player shows a new frame. */
async function timedSeek(page: Page, fraction: number): Promise<number> {
  const scrubber = page.getByTestId('replay-scrubber');
  const box = await scrubber.boundingBox();
  if (box === null) throw new Error('no scrubber');
  await page.evaluate(() => {
    const player = document.querySelector('[data-testid="replay-player"]');
    const state = { pressed: 0, painted: -1, frame: player?.getAttribute('data-frame') ?? '' };
    Reflect.set(window, '__seek', state);
    document.querySelector('[data-testid="replay-scrubber"]')?.addEventListener('mousedown', () => (state.pressed = performance.now()), { once: true, capture: true });
    if (player === null) return;
    const observer = new MutationObserver(() => {
      if (player.getAttribute('data-frame') === state.frame) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => (state.painted = performance.now())));
    });
    observer.observe(player, { attributes: true, attributeFilter: ['data-frame'] });
    setTimeout(() => {
      if (state.painted < 0) {
        observer.disconnect();
        state.painted = state.pressed;
      }
    }, 5_000);
  });
  await page.mouse.click(box.x + box.width * fraction, box.y + box.height / 2);
  await page.waitForFunction(() => (Reflect.get(window, '__seek') as { painted: number }).painted >= 0);
  return page.evaluate(() => {
    const state = Reflect.get(window, '__seek') as { pressed: number; painted: number };
    return state.painted - state.pressed;
  });
}

/** The replay status text says it has read everything. */
async function loadedWhole(page: Page): Promise<string> {
  await page.getByTestId('replay-status').filter({ hasText: 'events' }).waitFor({ timeout: 600_000 });
  await page.waitForFunction(() => !(document.querySelector('[data-testid="replay-status"]')?.textContent ?? 'loading').includes('loading'), undefined, { timeout: 1_200_000, polling: 1000 });
  return (await page.getByTestId('replay-status').textContent()) ?? '';
}

/** Replays a file through the Files view; answers the peak memory (the app's process tree + the page's renderer) from asking for the replay to 4 s into playing it at 1000×, MiB. */
async function fileReplayPeak(browser: Browser, app: BrowserModeApp, path: string): Promise<{ peak: number; status: string }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
  try {
    await page.goto(app.url);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.keyboard.press('g');
    await page.keyboard.press('f');
    await page.getByRole('heading', { name: 'Open a snapshot file' }).waitFor();
    await page.getByLabel('Choose a snapshot file').setInputFiles(path);
    await page.getByRole('region', { name: 'File summary' }).filter({ hasText: 'Read to the end' }).waitFor({ timeout: 600_000 });
    const profileDir = /--user-data-dir=(\S+)/.exec(processes().find((row) => row.args.includes('--type=renderer') && row.args.includes('playwright'))?.args ?? '')?.[1];
    let peak = 0;
    const sample = (): void => {
      const renderer = profileDir === undefined ? 0 : pageRendererMiB(profileDir);
      peak = Math.max(peak, residentMiB(app.pid) + renderer);
    };
    const timer = setInterval(sample, 200);
    await page.getByRole('button', { name: "Replay this file's books" }).click();
    const status = await loadedWhole(page);
    // Play a little: windows of frames and tiles are asked for too.
    await page.getByTestId('playback-speed').selectOption('1000');
    await page.locator('body').press(' ');
    await page.waitForTimeout(4_000);
    sample();
    clearInterval(timer);
    return { peak, status };
  } finally {
    await page.close();
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's work per frame (ms) over `ms`, from a Chromium trace: the time its
 * tasks ran between one main-thread frame and the next (scripts, style, layout, paint). The
 * interval between frames cannot drop below the display's refresh, so this is what says whether
 * a frame's work fits in it. Also answers the intervals between frames.
 */
async function frameWork(browser: Browser, page: Page, ms: number): Promise<{ work: number[]; intervals: number[] }> {
  await browser.startTracing(page, { categories: ['toplevel', 'disabled-by-default-devtools.timeline.frame'] });
  await page.waitForTimeout(ms);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const events = trace.traceEvents;
  // The page's main thread: of the renderers' main threads, the one that ran the most tasks.
  const mains = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const taskCount = (thread: TraceEvent): number => events.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.name === 'ThreadControllerImpl::RunTask').length;
  const main = mains.map((thread) => ({ thread, tasks: taskCount(thread) })).sort((x, y) => y.tasks - x.tasks)[0]?.thread;
  if (main === undefined) throw new Error('the trace has no renderer main thread');
  const onMain = events.filter((event) => event.pid === main.pid && event.tid === main.tid);
  const frames = onMain.filter((event) => event.name === 'BeginMainThreadFrame').map((event) => event.ts).sort((x, y) => x - y);
  const tasks = onMain.filter((event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask' && event.dur !== undefined);
  const work: number[] = [];
  const intervals: number[] = [];
  for (let i = 0; i + 1 < frames.length; i++) {
    const start = frames[i] ?? 0;
    const end = frames[i + 1] ?? start;
    let busy = 0;
    for (const task of tasks) busy += Math.max(0, Math.min(end, task.ts + (task.dur ?? 0)) - Math.max(start, task.ts));
    work.push(busy / 1000);
    intervals.push((end - start) / 1000);
  }
  return { work, intervals };
}

/** Runs the replay figures. */
export async function run(): Promise<void> {
  if (chromiumPath === undefined) {
    console.log('  skipped: Chromium not found (install chromium or set CHROMIUM_PATH)');
    return;
  }
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-replay-'));
  const files = await mkdtemp(join(tmpdir(), 'mde-bench-replay-files-'));
  // Six complete hours of the busy market ending with the last complete hour, and the hour before (the replay starts from a snapshot before the range).
  const lastHour = Math.floor(Date.now() / hourMs) * hourMs - hourMs;
  const range = { start: lastHour - 5 * hourMs, end: lastHour + hourMs - 1 };
  const store = new DemoStore({ dataDir: demoDataDir(userDataDir), seed: defaultDemoSeed, now: () => Date.now() });
  await store.open();
  const writing = Date.now();
  for (const hour of await store.hours(busy.source, busy.market, range.start - hourMs, range.end)) await store.file(hour);
  console.log(`  (the busy market's 7 hours written in ${((Date.now() - writing) / 1000).toFixed(1)} s before the app starts)`);
  const app = await startBrowserModeApp(userDataDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchArgs });
  let idleApp: number;
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 860 } });
    const iso = (ms: number): string => new Date(ms).toISOString();
    const light = await openToFirstFrame(page, app.url, `#/replay/hyperliquid/SOL?span=10m`);
    idleApp = residentMiB(app.pid);
    const first = await openToFirstFrame(page, app.url, `#/replay/${busy.source}/${busy.market}?from=${iso(range.start)}&to=${iso(range.end)}`);
    report({ name: 'open a 6 h range of the busy market to the first played frame, ms', value: first, unit: 'ms', baselineName: '10 min of a light market', baseline: light, higherIsBetter: false, target: '< 2000 ms' });

    const status = await loadedWhole(page);
    console.log(`  (6 h of the busy market: ${status.split(' · ').slice(0, 2).join(' · ')})`);
    // A paused page draws no frames: the baseline is the same replay playing at 1×.
    await page.locator('body').press(' ');
    const normal = await frameWork(browser, page, 3_000);
    await page.locator('body').press(' ');
    await page.getByTestId('playback-speed').selectOption('1000');
    await page.locator('body').press(' ');
    // The first second fetches the sampled windows and tiles; then it plays steadily.
    await page.waitForTimeout(1_000);
    const playing = await frameWork(browser, page, 8_000);
    await page.locator('body').press(' ');
    report({ name: 'frame time (main-thread work a frame) at 1000× on the busy market, p95, ms', value: quantile(playing.work, 0.95), unit: 'ms', baselineName: 'at 1×', baseline: quantile(normal.work, 0.95), higherIsBetter: false, target: '< 16.7 ms' });
    const late = playing.intervals.filter((interval) => interval > 1.5 * quantile(normal.intervals, 0.5)).length / Math.max(1, playing.intervals.length);
    console.log(`  (frames at 1000×: ${playing.work.length} in 8 s, interval p95 ${quantile(playing.intervals, 0.95).toFixed(1)} ms vs ${quantile(normal.intervals, 0.95).toFixed(1)} ms at 1×; ${(late * 100).toFixed(1)}% late by half a frame or more; traced, so a little slower than untraced)`);

    const seeks: number[] = [];
    for (const fraction of [0.13, 0.87, 0.42, 0.66, 0.05, 0.95, 0.31, 0.58, 0.21, 0.74, 0.49, 0.9]) seeks.push(await timedSeek(page, fraction));
    const twoFrames = 2 * quantile(normal.intervals, 0.5);
    report({ name: 'seek anywhere in a 6 h range, worst, ms', value: Math.max(...seeks), unit: 'ms', baselineName: 'two idle frames', baseline: twoFrames, higherIsBetter: false, target: '< 150 ms' });
    report({ name: 'seek anywhere in a 6 h range, median, ms', value: quantile(seeks, 0.5), unit: 'ms', baselineName: 'two idle frames', baseline: twoFrames, higherIsBetter: false, target: 'report it' });
    await page.close();
  } finally {
    await browser.close();
    await app.stop();
    await rm(userDataDir, { recursive: true, force: true });
  }
  console.log(`  (the idle app process tree held ${idleApp.toFixed(0)} MiB)`);

  // Memory over a 1M-event file against a quarter of it (flat in the range's length), each in a
  // fresh app and browser, so neither carries what the 6 h replay or the other file left behind.
  try {
    const big = await writeL2File(join(files, 'standard-binance-BTC-USDT-2024-01-01-00.jsonl.zst'), { seed: 7, events: 1_000_000, frameBytes: 8 * 2 ** 20 });
    const quarter = await writeL2File(join(files, 'standard-binance-BTC-USDT-2024-01-02-00.jsonl.zst'), { seed: 7, events: 250_000, frameBytes: 8 * 2 ** 20 });
    const small = await freshFileReplayPeak(chromiumPath, quarter.path);
    const large = await freshFileReplayPeak(chromiumPath, big.path);
    console.log(`  (files: ${large.status.split(' · ').slice(0, 2).join(' · ')}; ${small.status.split(' · ').slice(0, 2).join(' · ')})`);
    report({ name: 'replay of a 1M-event file: peak memory, app + renderer, MiB', value: large.peak, unit: 'MiB', baselineName: 'a 250k-event file', baseline: small.peak, higherIsBetter: false, target: '< 1024 MiB, flat in length' });
  } finally {
    await rm(files, { recursive: true, force: true });
  }
}

/** `fileReplayPeak` in an app and a browser of its own. */
async function freshFileReplayPeak(browserPath: string, path: string): Promise<{ peak: number; status: string }> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'mde-bench-replay-file-'));
  const app = await startBrowserModeApp(userDataDir);
  const browser = await chromium.launch({ executablePath: browserPath, args: launchArgs });
  try {
    return await fileReplayPeak(browser, app, path);
  } finally {
    await browser.close();
    await app.stop();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

import { describe, expect, it } from 'vitest';
import { HeatmapController, maxPaintsPerFrame, type HeatmapInputs } from '../../../renderer/src/views/replay/heatmap/heatmap-controller.ts';

// How often the heatmap paints: paints run in microtasks right after the render that asked, so the
// controller must never chain them without end (a 6 h replay at 1000× once froze the page that
// way: each paint asked for another, and no frame, fetch or key press got through). The canvas is
// a recording stand-in; frames are handed out by the test.

/** A 2D context that accepts every call and counts the paints (each starts with one background fill). */
function recordingCanvas(): { canvas: HTMLCanvasElement; paints: () => number } {
  let paints = 0;
  const context = new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, property) => (property === 'measureText' ? () => ({ width: 0 }) : () => {}),
    set: () => true,
  });
  const canvas = new Proxy({} as HTMLCanvasElement, {
    get: (_target, property) =>
      property === 'getContext'
        ? () => {
            paints++;
            return context;
          }
        : 0,
    set: () => true,
  });
  return { canvas, paints: () => paints };
}

/** Frames the test hands out by hand. */
function manualFrames(): { request: (callback: () => void) => void; run: () => void } {
  let queued: (() => void)[] = [];
  return {
    request: (callback) => queued.push(callback),
    run: () => {
      const now = queued;
      queued = [];
      for (const callback of now) callback();
    },
  };
}

const settings = { scale: 'linear' as const, contrastStep: 0, cutoffStep: 0, profile: true, cvd: true };

function inputs(cursor: number): HeatmapInputs {
  return { tiles: null, priceStep: 0.1, loaded: { start: 0, end: 3_600_000 }, rangeMs: 3_600_000, cursor, now: { bid: 100, ask: 100.1, at: cursor }, trades: null, zone: 'utc', priceDecimals: 1, settings, onSeek: () => {} };
}

/** Lets every queued microtask run (a macrotask comes after all of them). */
const macrotask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

describe('the heatmap controller', () => {
  it('paints once for a burst of updates, and at most a few times between two frames however many renders ask', async () => {
    const { canvas, paints } = recordingCanvas();
    const frames = manualFrames();
    const host = { dataset: {} } as HTMLElement;
    const controller = new HeatmapController(canvas, host, frames.request);
    controller.resize(800, 400, 1);
    controller.update(inputs(1_000));
    controller.update(inputs(2_000));
    await macrotask();
    expect(paints()).toBe(1);
    // Fifty renders, each in its own microtask, before the browser gets a frame.
    for (let i = 0; i < 50; i++) {
      await Promise.resolve();
      controller.update(inputs(10_000 + i * 10_000));
    }
    await macrotask();
    expect(paints()).toBeLessThanOrEqual(maxPaintsPerFrame);
    // The next frame paints what the last render asked for.
    frames.run();
    await macrotask();
    expect(host.dataset['drawnUntil']).toBe(String(10_000 + 49 * 10_000));
  });

  it('does not paint for a render that changed nothing it draws (the controls showing its own snapshot)', async () => {
    const { canvas, paints } = recordingCanvas();
    const frames = manualFrames();
    const controller = new HeatmapController(canvas, null, frames.request);
    controller.resize(800, 400, 1);
    controller.update(inputs(5_000));
    await macrotask();
    const before = paints();
    // A new inputs object with the same values (and a new seek callback), as a re-render makes.
    controller.update({ ...inputs(5_000), loaded: { start: 0, end: 3_600_000 }, now: { bid: 100, ask: 100.1, at: 5_000 }, onSeek: () => {} });
    await macrotask();
    expect(paints()).toBe(before);
    controller.update(inputs(65_000));
    await macrotask();
    expect(paints()).toBe(before + 1);
  });

  it('lets the page breathe when every paint makes a listener render again with new inputs', async () => {
    const { canvas, paints } = recordingCanvas();
    const frames = manualFrames();
    const controller = new HeatmapController(canvas, null, frames.request);
    controller.resize(800, 400, 1);
    // A listener that answers every snapshot with a render that moves the cursor, and the
    // controller's snapshot flipping on each paint (following, then not): a loop by construction.
    let cursor = 0;
    let renders = 0;
    controller.subscribe(() => {
      if (renders++ > 10_000) return;
      controller.update(inputs(++cursor));
      if (controller.snapshot().following) controller.key('ArrowLeft');
      else controller.follow();
    });
    controller.update(inputs(cursor));
    await macrotask();
    expect(paints()).toBe(1);
    frames.run();
    // The first flip: from here each paint's snapshot makes the listener flip it again.
    controller.key('ArrowLeft');
    await macrotask();
    expect(paints()).toBeLessThanOrEqual(1 + maxPaintsPerFrame);
    frames.run();
    await macrotask();
    expect(paints()).toBeLessThanOrEqual(1 + 2 * maxPaintsPerFrame);
    expect(renders).toBeLessThan(3 * maxPaintsPerFrame);
  });

  it('draws every new instant of the clock, however little the cursor moved, and says which instant each part drew', async () => {
    const { canvas, paints } = recordingCanvas();
    const frames = manualFrames();
    const host = { dataset: {} } as HTMLElement;
    const controller = new HeatmapController(canvas, host, frames.request);
    controller.resize(800, 400, 1);
    controller.update(inputs(600_000));
    await macrotask();
    const first = paints();
    // A tenth of a pixel each (the window is ten minutes over 668 px): each is an instant the other panes draw too.
    for (const cursor of [600_100, 600_200, 600_300]) {
      controller.update(inputs(cursor));
      await macrotask();
      frames.run();
      expect(host.dataset['drawnAt']).toBe(String(cursor));
      expect(host.dataset['markersAt']).toBe(String(cursor));
      expect(host.dataset['cvdAt']).toBe('');
    }
    expect(paints()).toBe(first + 3);
  });

  it('places its bubbles by the plot\'s own mapping, up to the cursor, and lists them with the axes they were drawn on', async () => {
    const { canvas } = recordingCanvas();
    const host = { dataset: {} } as HTMLElement;
    const controller = new HeatmapController(canvas, host, manualFrames().request);
    controller.resize(800, 400, 1);
    const trades = { time: [312_000, 600_000, 600_001], price: [101.05, 100, 100.05], quantity: [1, 2, 3], side: [1, -1, 1] };
    controller.update({ ...inputs(600_000), trades });
    await macrotask();
    // Plot 800 − 72 − 60 = 668 by 400 − 22 − 64 − 4 = 310 px. Following a ten-minute window with
    // the cursor 4 % short of the right edge: 24,000 to 624,000 ms; prices 100.05 ± 4 (40 ticks).
    expect(host.dataset['plot']).toBe('668,310');
    expect(host.dataset['view']).toBe('24000,624000,96.05,104.05');
    // x = (312,000 − 24,000) / 600,000 · 668 = 320.64, y = (104.05 − 101.05) / 8 · 310 = 116.25;
    // at the cursor x = 576,000 / 600,000 · 668 = 641.28, y = 4.05 / 8 · 310 = 156.9375; the trade after it is not drawn. Newest first.
    expect(JSON.parse(host.dataset['bubbles'] ?? '[]')).toEqual([
      [600_000, 100, 641.28, 156.94],
      [312_000, 101.05, 320.64, 116.25],
    ]);
    expect(host.dataset['cvdAt']).toBe('600000');
    expect(host.dataset['profileAt']).toBe('600000');
  });
});

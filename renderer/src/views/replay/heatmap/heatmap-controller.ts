import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { heatmapLayout, type HeatmapLayout } from './heatmap-layout.ts';
import { paintOverlay } from './heatmap-overlay.ts';
import { paintHeatmap } from './heatmap-paint.ts';
import { paletteTable } from './heatmap-scale.ts';
import { fitPrices, followWindow, minTimeSpanMs, panBy, xToTime, yToPrice, zoomPrice, zoomTime, type HeatmapViewport } from './heatmap-viewport.ts';
import type { HeatmapSettings } from './heatmap-settings.ts';
import type { CachedTile, TileCache } from './tile-cache.ts';
import { planTiles } from './tile-plan.ts';
import { robustTop, type IntensityMapping } from './tile-raster.ts';
import { tileScene, type TileScene } from './tile-scene.ts';
import { tradeDots, type TradeDot } from './trade-dots.ts';
import { lastTradeAt, runDelta, volumeProfile, type DeltaRun, type TradeFlowColumns } from './trade-flow.ts';

// The heatmap's state and drawing, outside React: which window it shows (following the cursor or
// fixed where the user put it), the colour mapping, the canvases, and pointer, wheel and key
// handling. The component hands it the latest inputs after each render and shows its snapshot
// (following or not, the legend's mapping) in the controls.

/** What the heatmap draws from, handed over after each render. */
export interface HeatmapInputs {
  tiles: TileCache | null;
  /** The tiles' price step; NaN before the first book. */
  priceStep: number;
  loaded: { start: number; end: number };
  /** The length of the range the replay was asked for, when known (a market's), for the default span. */
  rangeMs: number | null;
  /** The playback clock; nothing after it is drawn. */
  cursor: number | null;
  /** The best bid and ask of the book frame shown, and the replay instant that frame was taken at (NaN before any). */
  now: { bid: number; ask: number; at: number };
  trades: TradeFlowColumns | null;
  zone: TimeZoneChoice;
  priceDecimals: number;
  settings: HeatmapSettings;
  onSeek: (time: number) => void;
}

/** What the controls show of the heatmap's state. */
export interface HeatmapSnapshot {
  following: boolean;
  mapping: IntensityMapping;
  /** Some tile in view is still on its way. */
  loading: boolean;
}

/** The window: following the cursor over `span` ms (`auto`: the default span, until the user picks one), or fixed where the user put it. */
/**
 * Follow the cursor, or a window the user set. A manual window whose prices the user has not set
 * (after a time zoom or "whole range") keeps `fitting` them to the book drawn, as its tiles arrive.
 */
type HeatmapMode = { kind: 'follow'; span: number; auto: boolean } | { kind: 'manual'; view: HeatmapViewport; fitting: boolean };

const palette = paletteTable();
const wheelZoom = 0.0015;
const keyZoom = 1.25;
const dragThreshold = 3;
/** Paints in a row a price refit may ask for (a refit converges in one: the touch it fits to does not depend on the prices shown). */
const maxRefitsInARow = 3;
/**
 * Paints between two animation frames; past it the next paint waits for a frame. Paints run in
 * microtasks (right after the render that asked), so without this a chain of paints asking for
 * paints (a refit, a snapshot re-rendering the component) would never let the page breathe.
 */
export const maxPaintsPerFrame = 4;

/** Calls back before the next animation frame (`requestAnimationFrame` in the page). */
export type FrameRequester = (callback: () => void) => void;

const animationFrame: FrameRequester = (callback) => {
  requestAnimationFrame(() => callback());
};

/** Bubbles listed in `data-bubbles` at most (the newest), for tests. */
export const listedBubbles = 200;

/** Whether two input sets would paint the same (the seek callback is not drawn). */
function samePaint(a: HeatmapInputs, b: HeatmapInputs): boolean {
  return (
    Object.is(a.cursor, b.cursor) &&
    a.tiles === b.tiles &&
    Object.is(a.priceStep, b.priceStep) &&
    Object.is(a.loaded.start, b.loaded.start) &&
    Object.is(a.loaded.end, b.loaded.end) &&
    Object.is(a.rangeMs, b.rangeMs) &&
    Object.is(a.now.bid, b.now.bid) &&
    Object.is(a.now.ask, b.now.ask) &&
    Object.is(a.now.at, b.now.at) &&
    a.trades === b.trades &&
    a.zone === b.zone &&
    a.priceDecimals === b.priceDecimals &&
    a.settings === b.settings
  );
}

/** The follow window's span before the user zooms: a third of the range (or of what is loaded), between a minute and ten. */
export function defaultFollowSpan(loaded: { start: number; end: number }, rangeMs: number | null = null): number {
  const length = rangeMs ?? loaded.end - loaded.start;
  return Math.min(10 * 60_000, Math.max(60_000, Number.isFinite(length) ? length / 3 : 60_000));
}

function sameMapping(a: IntensityMapping, b: IntensityMapping): boolean {
  return a.scale === b.scale && a.contrast === b.contrast && a.cutoff === b.cutoff;
}

/** Sizes a canvas's backing store to its CSS box at the device pixel ratio. */
function fitCanvas(canvas: HTMLCanvasElement, width: number, height: number, dpr: number): void {
  const w = Math.round(width * dpr);
  const h = Math.round(height * dpr);
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
}

/**
 * Draws one book's liquidity anchored at "now" and answers the user's gestures: wheel zooms time
 * (re-fitting prices to the book in view), Shift+wheel or the price axis zooms prices around the
 * book, drag pans, a click seeks; panning or zooming time leaves follow mode, `follow()` returns.
 */
export class HeatmapController {
  readonly #base: HTMLCanvasElement;
  #inputs: HeatmapInputs | null = null;
  #size = { width: 0, height: 0, dpr: 1 };
  #mode: HeatmapMode | null = null;
  /** Half the price range in follow mode; `auto` while it follows the data (no price zoom yet). */
  #half: { value: number; auto: boolean } | null = null;
  #view: HeatmapViewport | null = null;
  #layout: HeatmapLayout = heatmapLayout(0, 0, { profile: true, cvd: true });
  #scene: TileScene | null = null;
  #top = { key: '', value: 0 };
  #pointer: { x: number; y: number } | null = null;
  #drag: { x: number; y: number; view: HeatmapViewport; moved: boolean; axis: 'plot' | 'price' } | null = null;
  /** The cumulative delta of the trades last drawn (continued as a file's trades grow). */
  #delta: { trades: TradeFlowColumns; run: DeltaRun } | null = null;
  #snapshot: HeatmapSnapshot = { following: true, mapping: { scale: 'linear', contrast: 1, cutoff: 0 }, loading: false };
  readonly #listeners = new Set<() => void>();
  #scheduled = false;
  /** The paint scheduled next was asked for by a price refit (not the user, the replay or the tiles). */
  #refitAsked = false;
  /** Refit-asked paints in a row; past `maxRefitsInARow` prices stay put until something else changes, so a refit can never loop. */
  #refitsInARow = 0;
  /** When the gesture the next paint answers began (for `mde:heatmap-gesture`, the benchmark's repaint time). */
  #gestureAt: number | null = null;
  #unsubscribeTiles: (() => void) | null = null;
  #tiles: TileCache | null = null;
  /** Paints since the last animation frame (see `maxPaintsPerFrame`). */
  #paintsThisFrame = 0;
  #frameAsked = false;

  readonly #host: HTMLElement | null;
  readonly #requestFrame: FrameRequester;

  /**
   * @param base the canvas everything is drawn on (the pointer's events come from a transparent canvas above it)
   * @param host gets what each paint drew as data attributes (`data-view`, `data-markers`, `data-drawn-until`), for tests, without a React render
   * @param requestFrame calls back before the next animation frame (injectable for tests)
   */
  constructor(base: HTMLCanvasElement, host: HTMLElement | null = null, requestFrame: FrameRequester = animationFrame) {
    this.#base = base;
    this.#host = host;
    this.#requestFrame = requestFrame;
  }

  /** The latest state the controls show. */
  snapshot(): HeatmapSnapshot {
    return this.#snapshot;
  }

  /** Listens for snapshot changes; answers the unsubscribe. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Takes the latest inputs and paints (once per burst of updates; not at all when nothing drawn changed). */
  update(inputs: HeatmapInputs): void {
    const previous = this.#inputs;
    this.#inputs = inputs;
    // A render that changed nothing drawn (the controls showing a new snapshot) paints nothing.
    // A new instant always paints, however little the cursor moved: every pane shows the clock's
    // instant on every frame, the cursor's time tag and the markers included.
    if (previous !== null && samePaint(previous, inputs)) return;
    if (inputs.tiles !== this.#tiles) {
      this.#unsubscribeTiles?.();
      this.#tiles = inputs.tiles;
      this.#unsubscribeTiles = inputs.tiles?.onChange(() => this.#schedule()) ?? null;
    }
    const mode = this.#mode;
    // The default span grows with what the replay has read, until the user zooms.
    if (mode === null || (mode.kind === 'follow' && mode.auto)) this.#mode = { kind: 'follow', span: defaultFollowSpan(inputs.loaded, inputs.rangeMs), auto: true };
    this.#schedule();
  }

  /** The canvas's CSS size changed. */
  resize(width: number, height: number, dpr: number): void {
    this.#size = { width, height, dpr };
    this.#schedule();
  }

  /** Back to following the cursor, over the span shown now. */
  follow(): void {
    const mode = this.#mode;
    if (mode?.kind === 'manual') this.#setMode({ kind: 'follow', span: mode.view.t1 - mode.view.t0, auto: false });
  }

  /** Shows everything loaded so far, prices fitted to the book over it. */
  whole(): void {
    const inputs = this.#inputs;
    if (inputs === null || !Number.isFinite(inputs.loaded.start) || !Number.isFinite(inputs.loaded.end)) return;
    const span = Math.max(minTimeSpanMs * 50, inputs.loaded.end - inputs.loaded.start);
    const t1 = inputs.loaded.start + span * 1.02;
    const base = this.#view ?? { t0: inputs.loaded.start, t1, p0: 0, p1: 1 };
    const range = this.#scene?.bestRange(inputs.loaded.start, t1) ?? { low: Number.NaN, high: Number.NaN };
    this.#setMode({ kind: 'manual', view: { ...base, t0: inputs.loaded.start, t1, ...(fitPrices(range.low, range.high, 12 * this.#step()) ?? {}) }, fitting: true });
  }

  /** A wheel turn over the canvas (its default is prevented). */
  wheel(event: WheelEvent): void {
    const view = this.#view;
    if (view === null) return;
    event.preventDefault();
    this.#gestureAt ??= performance.now();
    const plot = this.#plot();
    const factor = Math.exp(event.deltaY * wheelZoom);
    if (event.shiftKey || event.offsetX > plot.width) this.#zoomPrices(view, yToPrice(view, plot, event.offsetY), factor);
    else this.#setMode({ kind: 'manual', view: this.#zoomTimeAndFit(view, xToTime(view, plot, Math.min(event.offsetX, plot.width)), factor), fitting: true });
  }

  /** A press on the canvas at (x, y) CSS px. */
  pointerDown(x: number, y: number): void {
    if (this.#view === null) return;
    this.#drag = { x, y, view: this.#view, moved: false, axis: x > this.#layout.plot.width ? 'price' : 'plot' };
  }

  /** The pointer moved to (x, y): pans a drag, redraws the crosshair. */
  pointerMove(x: number, y: number): void {
    this.#pointer = { x, y };
    const drag = this.#drag;
    if (drag !== null) {
      const dx = x - drag.x;
      const dy = y - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > dragThreshold) drag.moved = true;
      if (drag.moved) {
        this.#gestureAt ??= performance.now();
        // Dragging on the price axis stretches prices (down widens), as chart axes do.
        if (drag.axis === 'price') this.#zoomPrices(drag.view, (drag.view.p0 + drag.view.p1) / 2, Math.exp(dy * 0.01));
        else this.#setMode({ kind: 'manual', view: panBy(drag.view, this.#plot(), dx, dy), fitting: false });
      }
    }
    this.#schedule();
  }

  /** The press ended at x: a click (no drag) on the plot seeks there. */
  pointerUp(x: number): void {
    const drag = this.#drag;
    this.#drag = null;
    const inputs = this.#inputs;
    if (drag === null || drag.moved || drag.axis !== 'plot' || inputs === null || !Number.isFinite(inputs.loaded.start)) return;
    const t = xToTime(drag.view, this.#plot(), x);
    inputs.onSeek(Math.min(Math.max(t, inputs.loaded.start), inputs.loaded.end));
  }

  /** The pointer left the canvas (or the press was cancelled). */
  pointerLeave(): void {
    this.#pointer = null;
    this.#drag = null;
    this.#schedule();
  }

  /** A key with the heatmap focused; answers whether it was the heatmap's. */
  key(key: string): boolean {
    const view = this.#view;
    if (view === null) return false;
    const dt = (view.t1 - view.t0) * 0.1;
    const dp = (view.p1 - view.p0) * 0.1;
    const cursor = this.#inputs?.cursor ?? Number.NaN;
    const anchor = Number.isFinite(cursor) && cursor >= view.t0 && cursor <= view.t1 ? cursor : (view.t0 + view.t1) / 2;
    const manual = (next: HeatmapViewport, fitting = false): void => this.#setMode({ kind: 'manual', view: next, fitting });
    const moves: Record<string, () => void> = {
      ArrowLeft: () => manual({ ...view, t0: view.t0 - dt, t1: view.t1 - dt }),
      ArrowRight: () => manual({ ...view, t0: view.t0 + dt, t1: view.t1 + dt }),
      ArrowUp: () => manual({ ...view, p0: view.p0 + dp, p1: view.p1 + dp }),
      ArrowDown: () => manual({ ...view, p0: view.p0 - dp, p1: view.p1 - dp }),
      '+': () => manual(this.#zoomTimeAndFit(view, anchor, 1 / keyZoom), true),
      '=': () => manual(this.#zoomTimeAndFit(view, anchor, 1 / keyZoom), true),
      '-': () => manual(this.#zoomTimeAndFit(view, anchor, keyZoom), true),
      _: () => manual(this.#zoomTimeAndFit(view, anchor, keyZoom), true),
      ']': () => this.#zoomPrices(view, (view.p0 + view.p1) / 2, 1 / keyZoom),
      '[': () => this.#zoomPrices(view, (view.p0 + view.p1) / 2, keyZoom),
      '0': () => this.whole(),
      f: () => this.follow(),
    };
    const move = moves[key];
    if (move === undefined) return false;
    this.#gestureAt ??= performance.now();
    move();
    return true;
  }

  /** Stops listening to the tiles. */
  destroy(): void {
    this.#unsubscribeTiles?.();
    this.#listeners.clear();
  }

  #step(): number {
    const inputs = this.#inputs;
    if (inputs !== null && inputs.priceStep > 0) return inputs.priceStep;
    const mid = this.#mid();
    return Math.abs(mid) * 1e-5 || 1;
  }

  #mid(): number {
    const now = this.#inputs?.now ?? { bid: Number.NaN, ask: Number.NaN };
    return Number.isNaN(now.bid) ? now.ask : Number.isNaN(now.ask) ? now.bid : (now.bid + now.ask) / 2;
  }

  #plot(): { width: number; height: number } {
    return { width: this.#layout.plot.width, height: this.#layout.plot.height };
  }

  #setMode(mode: HeatmapMode): void {
    this.#mode = mode;
    this.#schedule();
  }

  /** A time zoom re-fits prices to the book in the new window, so the book stays in view. */
  #zoomTimeAndFit(from: HeatmapViewport, anchor: number, factor: number): HeatmapViewport {
    const zoomed = zoomTime(from, anchor, factor);
    const cursor = this.#inputs?.cursor ?? zoomed.t1;
    const range = this.#scene?.bestRange(zoomed.t0, Math.min(zoomed.t1, cursor)) ?? { low: Number.NaN, high: Number.NaN };
    const fit = fitPrices(range.low, range.high, 12 * this.#step());
    return fit === null ? zoomed : { ...zoomed, ...fit };
  }

  /** A price zoom keeps the book in view: around the mid when it is on screen. In follow mode it sets the follow range. */
  #zoomPrices(from: HeatmapViewport, pointerPrice: number, factor: number): void {
    const mid = this.#mid();
    if (this.#mode?.kind === 'follow') {
      this.#half = { value: ((from.p1 - from.p0) / 2) * factor, auto: false };
      this.#schedule();
      return;
    }
    const anchor = Number.isFinite(mid) && mid >= from.p0 && mid <= from.p1 ? mid : pointerPrice;
    this.#setMode({ kind: 'manual', view: zoomPrice(from, anchor, factor), fitting: false });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    const paint = (): void => {
      this.#scheduled = false;
      this.#paint();
    };
    if (this.#paintsThisFrame < maxPaintsPerFrame) queueMicrotask(paint);
    else this.#requestFrame(paint);
  }

  /** Counts a paint against this frame's budget; the count starts again at the next frame. */
  #countPaint(): void {
    this.#paintsThisFrame++;
    if (this.#frameAsked) return;
    this.#frameAsked = true;
    this.#requestFrame(() => {
      this.#frameAsked = false;
      this.#paintsThisFrame = 0;
    });
  }

  #mappingFor(exact: readonly CachedTile[], settings: HeatmapSettings): IntensityMapping {
    const key = exact.map((tile) => `${tile.level}:${tile.index}:${tile.rowShift}:${tile.fetchedAt}`).join(',');
    if (this.#top.key !== key) {
      const previous = this.#top.value;
      // Nothing right in view yet (a new band loading): the stand-ins keep the colours they had.
      const next = exact.length === 0 && previous > 0 ? previous : robustTop(exact.map((tile) => tile.values));
      // Hysteresis: a small change (a new tile scrolling in) keeps the colours steady.
      const value = previous > 0 && next > 0 && next / previous > 0.75 && next / previous < 1.33 ? previous : next;
      this.#top = { key, value };
    }
    return { scale: settings.scale, contrast: 2 ** settings.contrastStep, cutoff: this.#top.value * 2 ** settings.cutoffStep };
  }

  #windowNow(inputs: HeatmapInputs): HeatmapViewport | null {
    const mode = this.#mode;
    if (mode === null) return null;
    if (mode.kind === 'manual') return mode.view;
    const at = inputs.cursor ?? inputs.loaded.end;
    const mid = this.#mid();
    if (!Number.isFinite(at) || !Number.isFinite(mid)) return this.#view;
    const fallbackHalf = Math.max(40 * this.#step(), Math.abs(mid) * 0.0004);
    return followWindow(at, mode.span, mid, this.#half?.value ?? fallbackHalf, this.#view);
  }

  #paint(): void {
    this.#countPaint();
    this.#refitsInARow = this.#refitAsked ? this.#refitsInARow + 1 : 0;
    this.#refitAsked = false;
    const inputs = this.#inputs;
    const { width, height, dpr } = this.#size;
    if (inputs === null || width === 0 || height === 0) return;
    this.#layout = heatmapLayout(width, height, { profile: inputs.settings.profile, cvd: inputs.settings.cvd });
    const view = this.#windowNow(inputs);
    this.#view = view;
    if (view === null) return;
    const started = performance.now();
    const at = inputs.cursor ?? inputs.loaded.end;
    const step = this.#step();
    const plan = inputs.tiles === null ? null : planTiles(view, this.#layout.plot, step, at);
    if (plan !== null) inputs.tiles?.need(plan, inputs.loaded.end);
    const scene = inputs.tiles === null || plan === null ? null : tileScene(inputs.tiles, plan, (exact) => this.#mappingFor(exact, inputs.settings), palette);
    this.#scene = scene;
    fitCanvas(this.#base, width, height, dpr);
    const ctx = this.#base.getContext('2d');
    if (ctx === null) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const until = Math.min(view.t1, at);
    const trades = inputs.trades;
    if (trades !== null && this.#delta?.trades !== trades) this.#delta = { trades, run: runDelta(trades, this.#delta?.run ?? null) };
    const run = this.#delta?.run ?? null;
    const lastTrade = trades === null ? null : lastTradeAt(trades, at);
    // Bubbles by the plot's own mapping over the whole view, up to the cursor and the newest at it.
    const bubbles = trades === null ? [] : tradeDots(trades, view, this.#plot(), 5, at);
    paintHeatmap(ctx, width, height, {
      view,
      layout: this.#layout,
      zone: inputs.zone,
      priceDecimals: inputs.priceDecimals,
      cursor: Number.isFinite(at) ? at : null,
      tiles: scene?.tiles ?? [],
      bests: scene?.bests ?? [],
      now: inputs.now,
      trades,
      bubbles,
      delta: inputs.settings.cvd && trades !== null && run !== null ? run.sums.subarray(0, run.count) : null,
      profile: inputs.settings.profile && trades !== null && plan !== null ? { profile: volumeProfile(trades, view.t0, until, step, plan.rowShift, view), priceStep: step, rowShift: plan.rowShift } : null,
      lastTrade,
    });
    paintOverlay(ctx, {
      view,
      layout: this.#layout,
      zone: inputs.zone,
      cursor: Number.isFinite(at) ? at : null,
      pointer: this.#pointer,
      priceDecimals: inputs.priceDecimals,
      restingAt: (time, price) => scene?.restingAt(time, price) ?? null,
    });
    const painted = performance.now();
    performance.measure('mde:heatmap-paint', { start: started, end: painted });
    if (this.#gestureAt !== null) {
      performance.measure('mde:heatmap-gesture', { start: this.#gestureAt, end: painted });
      this.#gestureAt = null;
    }
    if (scene !== null && scene.exact.length > 0 && performance.getEntriesByName('mde:heatmap-painted', 'mark').length === 0) performance.mark('mde:heatmap-painted');
    // While the prices follow the data (no price zoom yet), fit them to the book the tiles show.
    if (this.#mode?.kind === 'follow' && (this.#half === null || this.#half.auto) && scene !== null) {
      const range = scene.bestRange(view.t0, until);
      const fit = fitPrices(range.low, range.high, 12 * step);
      const mid = this.#mid();
      if (fit !== null && Number.isFinite(mid)) {
        const fitted = Math.max((fit.p1 - fit.p0) / 2, Math.abs(mid - range.low) + 4 * step, Math.abs(range.high - mid) + 4 * step);
        if ((this.#half === null || Math.abs(fitted / this.#half.value - 1) > 0.2) && this.#refitsInARow < maxRefitsInARow) {
          this.#half = { value: fitted, auto: true };
          this.#refitAsked = true;
          this.#schedule();
        }
      }
    }
    // A manual window still fitting its prices follows the book drawn (the tiles of a new zoom come after it).
    const mode = this.#mode;
    if (mode?.kind === 'manual' && mode.fitting && scene !== null) {
      const range = scene.bestRange(view.t0, until);
      const fit = fitPrices(range.low, range.high, 12 * step);
      const span = view.p1 - view.p0;
      if (fit !== null && (Math.abs(fit.p0 - view.p0) > span * 0.1 || Math.abs(fit.p1 - view.p1) > span * 0.1) && this.#refitsInARow < maxRefitsInARow) {
        this.#refitAsked = true;
        this.#setMode({ ...mode, view: { ...view, ...fit } });
      }
    }
    this.#publish({
      following: this.#mode?.kind === 'follow',
      mapping: scene?.mapping ?? this.#snapshot.mapping,
      loading: (scene?.missing ?? 0) > 0,
    });
    const host = this.#host;
    if (host !== null) {
      host.dataset['following'] = String(this.#mode?.kind === 'follow');
      host.dataset['view'] = `${Math.round(view.t0)},${Math.round(view.t1)},${view.p0},${view.p1}`;
      host.dataset['markers'] = [inputs.now.bid, inputs.now.ask, lastTrade?.price ?? Number.NaN].map((value) => (Number.isFinite(value) ? String(value) : '')).join(',');
      host.dataset['drawnUntil'] = Number.isFinite(at) ? String(at) : '';
      // The instant each part drew, for the one-clock test: the cursor, the price markers' book
      // frame, and the CVD and the profile, which sum the trades up to the cursor (or the view's end).
      host.dataset['drawnAt'] = Number.isFinite(at) ? String(at) : '';
      host.dataset['markersAt'] = Number.isFinite(inputs.now.at) ? String(inputs.now.at) : '';
      host.dataset['cvdAt'] = inputs.settings.cvd && run !== null && Number.isFinite(until) ? String(until) : '';
      host.dataset['profileAt'] = inputs.settings.profile && trades !== null && Number.isFinite(until) ? String(until) : '';
      host.dataset['plot'] = `${this.#layout.plot.width},${this.#layout.plot.height}`;
      host.dataset['bubbles'] = bubbleList(bubbles);
    }
  }

  #publish(next: HeatmapSnapshot): void {
    const current = this.#snapshot;
    if (current.following === next.following && sameMapping(current.mapping, next.mapping) && current.loading === next.loading) return;
    this.#snapshot = next;
    for (const listener of this.#listeners) listener();
  }
}

/** The newest `listedBubbles` bubbles drawn, newest first, as JSON `[time, price, x, y]` (x and y in plot px, to 0.01). */
function bubbleList(bubbles: readonly TradeDot[]): string {
  const newest = [...bubbles].sort((a, b) => b.time - a.time).slice(0, listedBubbles);
  return JSON.stringify(newest.map((dot) => [dot.time, dot.price, Math.round(dot.x * 100) / 100, Math.round(dot.y * 100) / 100]));
}

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { frameFlags } from '../../../../../shared/book/book-frames.ts';
import type { FrameIndex } from '../../../../../shared/book/frame-index.ts';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { priceDecimals, stepDecimals } from './heatmap-axes.ts';
import { binFrames, levelSpacing, type HeatmapGrid } from './heatmap-grid.ts';
import { paintOverlay } from './heatmap-overlay.ts';
import { gutters, paintBase, plotSizeOf, type GridImage } from './heatmap-paint.ts';
import { paletteTable, robustCeiling, type IntensityScale } from './heatmap-scale.ts';
import { fitViewport, followCursor, panBy, xToTime, yToPrice, zoomPrice, zoomTime, type HeatmapViewport } from './heatmap-viewport.ts';
import { HeatmapLegend } from './HeatmapLegend.tsx';
import { tradeDots, type HeatmapTrades } from './trade-dots.ts';
import './heatmap.css';

/** Props of the liquidity heatmap. */
export interface LiquidityHeatmapProps {
  /** One book's frames (top-N levels per event); mutable, appended to as the replay reads. */
  frames: FrameIndex;
  /** Bumped whenever frames were appended. */
  version: number;
  /** Trades to draw as dots, time-sorted, or null for none. */
  trades: HeatmapTrades | null;
  /** The playback clock, Unix ms, or null. */
  cursor: number | null;
  /** Called with the time under a click (clamped to the frames' clock range). */
  onSeek: (t: number) => void;
  /** The zone of every time label. */
  zone: TimeZoneChoice;
}

/** What the painted window holds, for the toolbar's state chips. */
interface PaintedSummary {
  ceiling: number;
  crossed: boolean;
  locked: boolean;
  /** Some column in view had bids but no asks. */
  asksEmpty: boolean;
  /** Some column in view had asks but no bids. */
  bidsEmpty: boolean;
}

const palette = paletteTable();
const wheelZoom = 0.0015;
const keyZoom = 1.25;
const dragThreshold = 3;

/** Decimals that write the book's prices: those of its best prices over a sample, at least those of its level spacing. */
function bookPriceDecimals(frames: FrameIndex, spacing: number): number {
  const prices: number[] = [];
  const step = Math.max(1, Math.floor(frames.count / 50));
  for (let i = 0; i < frames.count; i += step) prices.push(frames.metric(i, 0), frames.metric(i, 1));
  return Math.max(priceDecimals(prices), spacing > 0 ? Math.min(8, stepDecimals(spacing)) : 0);
}

/**
 * Liquidity heatmap of one book: resting size over price and time on a canvas, best bid and ask
 * lines, trades as dots, the playback cursor, zoom and pan on both axes (wheel, drag, keys), and
 * a click seeks the player. Cursor and pointer moves repaint only the overlay canvas.
 */
export function LiquidityHeatmap({ frames, version, trades, cursor, onSeek, zone }: LiquidityHeatmapProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const gridRef = useRef<HeatmapGrid | null>(null);
  const scratchRef = useRef<GridImage | null>(null);
  const pointerRef = useRef<{ x: number; y: number } | null>(null);
  const dragRef = useRef<{ x: number; y: number; view: HeatmapViewport; moved: boolean; axis: 'plot' | 'price' } | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0, dpr: 1 });
  const [zoomed, setZoomed] = useState<{ frames: FrameIndex; view: HeatmapViewport } | null>(null);
  const [scale, setScale] = useState<IntensityScale>('linear');
  const [summary, setSummary] = useState<PaintedSummary | null>(null);

  // FrameIndex is mutable: this snapshot's identity changes when frames were appended, so what is
  // derived from the frames is recomputed then (and only then).
  const data = useMemo(() => ({ frames, version }), [frames, version]);
  const fitted = useMemo(() => fitViewport(data.frames), [data]);
  const spacing = useMemo(() => levelSpacing(data.frames), [data]);
  const decimals = useMemo(() => bookPriceDecimals(data.frames, spacing), [data, spacing]);
  const userView = zoomed !== null && zoomed.frames === frames ? zoomed.view : null;
  const view = userView ?? fitted;
  const count = frames.count;

  // The overlay reads the latest values through a ref, so pointer moves redraw it without React.
  const latest = useRef({ view, cursor, zone, decimals, size });
  useEffect(() => {
    latest.current = { view, cursor, zone, decimals, size };
  });

  const drawOverlay = useCallback(() => {
    const canvas = overlayRef.current;
    const { view: shown, cursor: at, zone: inZone, decimals: places, size: box } = latest.current;
    if (canvas === null || shown === null || box.width === 0) return;
    fitCanvas(canvas, box);
    const ctx = canvas.getContext('2d');
    if (ctx === null) return;
    ctx.setTransform(box.dpr, 0, 0, box.dpr, 0, 0);
    paintOverlay(ctx, box.width, box.height, { view: shown, grid: gridRef.current, zone: inZone, cursor: at, pointer: pointerRef.current, priceDecimals: places });
  }, []);

  useEffect(() => {
    const stage = stageRef.current;
    if (stage === null) return;
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box !== undefined) setSize({ width: Math.floor(box.width), height: Math.floor(box.height), dpr: window.devicePixelRatio || 1 });
    });
    observer.observe(stage);
    return () => observer.disconnect();
  }, []);

  // The base layer: rebinned and repainted when the data, the window, the size or the scale change.
  useEffect(() => {
    const canvas = baseRef.current;
    if (canvas === null || view === null || size.width === 0 || size.height === 0) return;
    const started = performance.now();
    const plot = plotSizeOf(size.width, size.height);
    const cols = Math.max(1, Math.round(plot.width));
    const rows = Math.max(1, Math.round(plot.height));
    const grid = binFrames(frames, { ...view, cols, rows, spacing }, gridRef.current ?? undefined);
    gridRef.current = grid;
    const ceiling = robustCeiling(grid.cells);
    const dots = trades === null ? [] : tradeDots(trades, view, plot);
    fitCanvas(canvas, size);
    const ctx = canvas.getContext('2d');
    if (ctx === null) return;
    ctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
    scratchRef.current ??= { canvas: document.createElement('canvas'), image: null };
    paintBase(ctx, size.width, size.height, { view, grid, ceiling, scale, palette, dots, zone, lastFrameAt: frames.clockAt(frames.count - 1), priceDecimals: decimals }, scratchRef.current);
    drawOverlay();
    performance.measure('mde:heatmap-paint', { start: started, end: performance.now() });
    if (!performance.getEntriesByName('mde:heatmap-painted', 'mark').length) performance.mark('mde:heatmap-painted', { detail: { frames: frames.count } });
    const next = summarise(grid, ceiling);
    setSummary((previous) => (previous !== null && sameSummary(previous, next) ? previous : next));
  }, [frames, data, view, size, scale, trades, zone, spacing, decimals, drawOverlay]);

  useEffect(() => drawOverlay(), [cursor, drawOverlay]);

  // Playback that carries the cursor out of a zoomed window turns the window a page (a rebin per
  // page, not per cursor move); the whole-replay window always holds it.
  const previousCursor = useRef(cursor);
  useEffect(() => {
    const previous = previousCursor.current;
    previousCursor.current = cursor;
    const paged = userView === null ? null : followCursor(userView, previous, cursor);
    if (paged !== null) setZoomed({ frames, view: paged });
  }, [cursor, userView, frames]);

  const setView = (next: HeatmapViewport): void => setZoomed({ frames, view: next });

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = overlayRef.current;
    if (canvas === null) return;
    const onWheel = (event: WheelEvent): void => {
      const { view: shown, size: box } = latest.current;
      if (shown === null) return;
      event.preventDefault();
      const plot = plotSizeOf(box.width, box.height);
      const factor = Math.exp(event.deltaY * wheelZoom);
      const onPriceAxis = event.offsetX > plot.width;
      const next =
        event.shiftKey || onPriceAxis
          ? zoomPrice(shown, yToPrice(shown, plot, event.offsetY), factor)
          : zoomTime(shown, xToTime(shown, plot, Math.min(event.offsetX, plot.width)), factor);
      setZoomed({ frames, view: next });
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [frames]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>): void => {
    if (view === null || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const plot = plotSizeOf(size.width, size.height);
    const x = event.nativeEvent.offsetX;
    const y = event.nativeEvent.offsetY;
    dragRef.current = { x, y, view, moved: false, axis: x > plot.width ? 'price' : 'plot' };
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>): void => {
    const x = event.nativeEvent.offsetX;
    const y = event.nativeEvent.offsetY;
    pointerRef.current = { x, y };
    const drag = dragRef.current;
    if (drag !== null) {
      const dx = x - drag.x;
      const dy = y - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > dragThreshold) drag.moved = true;
      if (drag.moved) {
        const plot = plotSizeOf(size.width, size.height);
        // Dragging on the price axis stretches prices (down widens), as chart axes do.
        if (drag.axis === 'price') setView(zoomPrice(drag.view, (drag.view.p0 + drag.view.p1) / 2, Math.exp(dy * 0.01)));
        else setView(panBy(drag.view, plot, dx, dy));
      }
    }
    drawOverlay();
  };

  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>): void => {
    const drag = dragRef.current;
    dragRef.current = null;
    if (drag === null || drag.moved || drag.axis !== 'plot' || count === 0) return;
    const plot = plotSizeOf(size.width, size.height);
    const t = xToTime(drag.view, plot, event.nativeEvent.offsetX);
    onSeek(Math.min(Math.max(t, frames.clockAt(0)), frames.clockAt(count - 1)));
  };

  const onPointerLeave = (): void => {
    pointerRef.current = null;
    drawOverlay();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (view === null || event.ctrlKey || event.metaKey || event.altKey) return;
    const dt = (view.t1 - view.t0) * 0.1;
    const dp = (view.p1 - view.p0) * 0.1;
    const midT = (view.t0 + view.t1) / 2;
    const midP = (view.p0 + view.p1) / 2;
    const moves: Record<string, () => HeatmapViewport | null> = {
      ArrowLeft: () => ({ ...view, t0: view.t0 - dt, t1: view.t1 - dt }),
      ArrowRight: () => ({ ...view, t0: view.t0 + dt, t1: view.t1 + dt }),
      ArrowUp: () => ({ ...view, p0: view.p0 + dp, p1: view.p1 + dp }),
      ArrowDown: () => ({ ...view, p0: view.p0 - dp, p1: view.p1 - dp }),
      '+': () => zoomTime(view, cursorOr(midT), 1 / keyZoom),
      '=': () => zoomTime(view, cursorOr(midT), 1 / keyZoom),
      '-': () => zoomTime(view, cursorOr(midT), keyZoom),
      '_': () => zoomTime(view, cursorOr(midT), keyZoom),
      ']': () => zoomPrice(view, midP, 1 / keyZoom),
      '[': () => zoomPrice(view, midP, keyZoom),
      '0': () => null,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    // The player's own arrow and bracket keys must not also fire while the heatmap has focus.
    event.stopPropagation();
    const next = move();
    if (next === null) setZoomed(null);
    else setView(next);
  };

  const cursorOr = (fallback: number): number => (cursor !== null && view !== null && cursor >= view.t0 && cursor <= view.t1 ? cursor : fallback);

  const empty = count === 0 ? 'frames' : fitted === null ? 'levels' : null;
  return (
    <div className="heatmap" data-testid="liquidity-heatmap" data-frames={count} data-zoomed={userView !== null} tabIndex={0} onKeyDown={onKeyDown} aria-label="Liquidity heatmap: arrows pan, + and − zoom time, [ and ] zoom price, 0 resets">
      <div className="heatmap-toolbar">
        <div className="heatmap-scale" role="radiogroup" aria-label="Intensity scale">
          {(['linear', 'log'] as const).map((choice) => (
            <button key={choice} type="button" role="radio" aria-checked={scale === choice} className={scale === choice ? 'active' : undefined} onClick={() => setScale(choice)}>
              {choice === 'linear' ? 'Linear' : 'Log'}
            </button>
          ))}
        </div>
        <HeatmapLegend ceiling={summary?.ceiling ?? 0} scale={scale} />
        <span className="heatmap-key">
          <i className="dot buy" />
          buy <i className="dot sell" />
          sell <i className="dot unknown" />
          side unknown <i className="line bid" />
          best bid <i className="line ask" />
          best ask
        </span>
        {summary !== null && empty === null && <StateChips summary={summary} />}
        <span className="heatmap-spacer" />
        <span className="heatmap-hint" title="Keys (heatmap focused): ← → ↑ ↓ pan, + − zoom time, ] [ zoom price, 0 resets">wheel zoom · shift+wheel price · drag pan · click seeks · 0 reset</span>
        <button type="button" className="heatmap-reset" onClick={() => setZoomed(null)} disabled={userView === null} title="Show the whole replay (0)">
          Reset view
        </button>
      </div>
      <div className="heatmap-stage" ref={stageRef}>
        <canvas ref={baseRef} className="heatmap-base" aria-hidden="true" />
        <canvas
          ref={overlayRef}
          className="heatmap-overlay"
          data-testid="heatmap-plot"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (dragRef.current = null)}
          onPointerLeave={onPointerLeave}
        />
        {empty !== null && (
          <div className="heatmap-empty" style={{ right: gutters.price, bottom: gutters.time }}>
            {empty === 'frames' ? (
              <>
                <strong>No book frames yet</strong>
                <span>Resting liquidity appears here as the replay reads the book.</span>
              </>
            ) : (
              <>
                <strong>The book is empty</strong>
                <span>{count.toLocaleString('en-US')} frames so far, none with a level on either side.</span>
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** Chips for states the picture alone might hide: a crossed or locked book, an empty side. */
function StateChips({ summary }: { summary: PaintedSummary }) {
  return (
    <>
      {summary.crossed && <span className="heatmap-chip warn" title="Best bid above best ask somewhere in view (amber strip on top)">crossed book</span>}
      {!summary.crossed && summary.locked && <span className="heatmap-chip warn" title="Best bid equals best ask somewhere in view">locked book</span>}
      {summary.asksEmpty && <span className="heatmap-chip" title="The ask side was empty for part of the window: the best ask line breaks there">ask side empty</span>}
      {summary.bidsEmpty && <span className="heatmap-chip" title="The bid side was empty for part of the window: the best bid line breaks there">bid side empty</span>}
    </>
  );
}

function summarise(grid: HeatmapGrid, ceiling: number): PaintedSummary {
  let crossed = false;
  let locked = false;
  let asksEmpty = false;
  let bidsEmpty = false;
  for (let c = 0; c < grid.cols; c++) {
    const flags = grid.flags[c] ?? 0;
    crossed ||= (flags & frameFlags.crossed) !== 0;
    locked ||= (flags & frameFlags.locked) !== 0;
    const bid = !Number.isNaN(grid.bestBid[c] ?? Number.NaN);
    const ask = !Number.isNaN(grid.bestAsk[c] ?? Number.NaN);
    asksEmpty ||= bid && !ask;
    bidsEmpty ||= ask && !bid;
  }
  return { ceiling, crossed, locked, asksEmpty, bidsEmpty };
}

function sameSummary(a: PaintedSummary, b: PaintedSummary): boolean {
  return a.ceiling === b.ceiling && a.crossed === b.crossed && a.locked === b.locked && a.asksEmpty === b.asksEmpty && a.bidsEmpty === b.bidsEmpty;
}

/** Sizes a canvas's backing store to its CSS box at the device pixel ratio. */
function fitCanvas(canvas: HTMLCanvasElement, box: { width: number; height: number; dpr: number }): void {
  const width = Math.round(box.width * box.dpr);
  const height = Math.round(box.height * box.dpr);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
}

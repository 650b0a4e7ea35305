import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import type { TimeZoneChoice } from '../../../format/market-values.ts';
import { gutterSizes } from './heatmap-layout.ts';
import { HeatmapController, type HeatmapSnapshot } from './heatmap-controller.ts';
import { HeatmapControls } from './HeatmapControls.tsx';
import { defaultHeatmapSettings, type HeatmapSettings } from './heatmap-settings.ts';
import type { TileCache } from './tile-cache.ts';
import type { TradeFlowColumns } from './trade-flow.ts';
import './heatmap.css';

/** Props of the liquidity heatmap. */
export interface LiquidityHeatmapProps {
  /** The replay's tiles of the book shown; null before the book has any. */
  tiles: TileCache | null;
  /** The price step of the tiles' rows (the market's tick); NaN before the first book. */
  priceStep: number;
  /** Replay clock of the first frame and the last one read so far. */
  loaded: { start: number; end: number };
  /** The length of the range the replay was asked for (a market's), for the default span; null for files. */
  rangeMs: number | null;
  /** The playback clock, Unix ms; nothing after it is drawn. */
  cursor: number | null;
  /** The best bid and ask of the frame shown (NaN for an empty side), and the replay instant it was taken at (the cursor's; NaN before any frame). */
  now: { bid: number; ask: number; at: number };
  /** The trades of the replay, time-sorted, or null when there are none to draw. */
  trades: TradeFlowColumns | null;
  /** Called with the time under a click (within what is loaded). */
  onSeek: (t: number) => void;
  zone: TimeZoneChoice;
  priceDecimals: number;
  /** Bumped by the player's `f` key: back to follow mode. */
  followRequest: number;
}

/** The controls, re-rendered only when their props change. */
const HeldControls = memo(HeatmapControls);

const idle: HeatmapSnapshot = { following: true, mapping: { scale: 'linear', contrast: 1, cutoff: 0 }, loading: false };

/**
 * Liquidity heatmap anchored at "now", as Bookmap draws it: time runs left to right up to the
 * playback cursor and nothing after it; in follow mode the view scrolls with the cursor and
 * prices centre on the mid. Tiles come from the replay in main (built while it reads, finer ones
 * on demand), so any span repaints from what is loaded. The drawing and gestures live in
 * `HeatmapController`; this mounts its canvases and hands it each render's inputs.
 */
export function LiquidityHeatmap({ tiles, priceStep, loaded, rangeMs, cursor, now, trades, onSeek, zone, priceDecimals, followRequest }: LiquidityHeatmapProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const baseRef = useRef<HTMLCanvasElement>(null);
  const overlayRef = useRef<HTMLCanvasElement>(null);
  const [controller, setController] = useState<HeatmapController | null>(null);
  const [settings, setSettings] = useState<HeatmapSettings>(defaultHeatmapSettings);
  const subscribe = useCallback((listener: () => void) => controller?.subscribe(listener) ?? (() => {}), [controller]);
  const snapshot = useSyncExternalStore(subscribe, () => controller?.snapshot() ?? idle);

  useEffect(() => {
    const base = baseRef.current;
    const overlay = overlayRef.current;
    const stage = stageRef.current;
    if (base === null || overlay === null || stage === null) return;
    const made = new HeatmapController(base, hostRef.current);
    setController(made);
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box !== undefined) made.resize(Math.floor(box.width), Math.floor(box.height), window.devicePixelRatio || 1);
    });
    observer.observe(stage);
    // Wheel zoom needs a non-passive listener to keep the page from scrolling.
    const onWheel = (event: WheelEvent): void => made.wheel(event);
    overlay.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      observer.disconnect();
      overlay.removeEventListener('wheel', onWheel);
      made.destroy();
    };
  }, []);

  // Every render hands over the latest inputs as it commits, so the heatmap paints the instant the
  // other panes render in the same frame (playback renders once per tick of its frame clock).
  useLayoutEffect(() => {
    controller?.update({ tiles, priceStep, loaded, rangeMs, cursor, now, trades, zone, priceDecimals, settings, onSeek });
  });

  const lastFollow = useRef(followRequest);
  useEffect(() => {
    if (lastFollow.current === followRequest) return;
    lastFollow.current = followRequest;
    controller?.follow();
  }, [followRequest, controller]);

  // Stable, so the controls are not re-rendered on every frame of playback.
  const changeSettings = useCallback((patch: Partial<HeatmapSettings>) => setSettings((current) => ({ ...current, ...patch })), []);
  const follow = useCallback(() => controller?.follow(), [controller]);
  const whole = useCallback(() => controller?.whole(), [controller]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.ctrlKey || event.metaKey || event.altKey || controller === null) return;
    if (!controller.key(event.key)) return;
    event.preventDefault();
    // The player's own arrow and bracket keys must not also fire while the heatmap has focus.
    event.stopPropagation();
  };

  return (
    <div
      ref={hostRef}
      className="heatmap"
      data-testid="liquidity-heatmap"
      tabIndex={0}
      onKeyDown={onKeyDown}
      aria-label="Liquidity heatmap: arrows pan, + and − zoom time, [ and ] zoom price, 0 shows the whole range, f follows the cursor"
    >
      <HeldControls settings={settings} onChange={changeSettings} mapping={snapshot.mapping} following={snapshot.following} onFollow={follow} onWhole={whole} />
      <div className="heatmap-stage" ref={stageRef}>
        <canvas ref={baseRef} className="heatmap-base" aria-hidden="true" />
        <canvas
          ref={overlayRef}
          className="heatmap-overlay"
          data-testid="heatmap-plot"
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            controller?.pointerDown(event.nativeEvent.offsetX, event.nativeEvent.offsetY);
          }}
          onPointerMove={(event) => controller?.pointerMove(event.nativeEvent.offsetX, event.nativeEvent.offsetY)}
          onPointerUp={(event) => controller?.pointerUp(event.nativeEvent.offsetX)}
          onPointerCancel={() => controller?.pointerLeave()}
          onPointerLeave={() => controller?.pointerLeave()}
        />
        {tiles === null && (
          <div className="heatmap-empty" style={{ right: gutterSizes.priceAxis, bottom: gutterSizes.timeAxis }}>
            <strong>No book frames yet</strong>
            <span>Resting liquidity appears here as the replay reads the book.</span>
          </div>
        )}
        {snapshot.loading && (
          <span className="heatmap-loading" aria-live="polite">
            loading tiles…
          </span>
        )}
      </div>
    </div>
  );
}

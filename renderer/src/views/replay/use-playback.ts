import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { flushSync } from 'react-dom';
import { advanceWithin, drawnInstant, holdAt, pause, pausedAt, play, seekTo, stepSpeed, withSpeed, type PlaybackState } from './playback-clock.ts';
import type { FrameAt, FrameSource } from './session/frame-source.ts';

/** What the player can play: the replay clock's span so far, and whether more is coming. */
export interface PlaybackExtent {
  /** Replay clock of the first frame; NaN before it. */
  start: number;
  /** Replay clock of the last frame read so far. */
  end: number;
  /** Frames (entries) read so far. */
  entries: number;
  /** The replay has read everything: playing stops at `end` instead of waiting there. */
  complete: boolean;
}

/** The player over one book: the frame shown, the clock, and its controls. */
export interface Playback {
  state: PlaybackState;
  /** The frame shown (the last one loaded while the next window is on its way); null before any. */
  frame: FrameAt | null;
  /**
   * The replay instant every pane draws on this frame, Unix ms: the clock's time when the frame
   * shown is the book in force at it, else the frame's own (see `drawnInstant`). While the frame
   * for a new time is loading, the instant of the frame still shown.
   */
  instant: number;
  /** The entry index shown (-1 before the first). */
  index: number;
  /** The frame shown is not the one the clock asks for yet (its window is loading, or the replay has not read that far). */
  waiting: boolean;
  toggle: () => void;
  /** One event forward (1) or back (-1), exactly: frames sharing a millisecond are stepped one by one. */
  step: (by: 1 | -1) => void;
  seek: (time: number) => void;
  speed: (step: -1 | 1) => void;
  setSpeed: (speed: number) => void;
  toStart: () => void;
  toEnd: () => void;
}

/** From this speed the clock moves on every other animation frame. */
export const halfRateFrom = 250;

/** Speeds above this play sampled frames (the book at the end of each slot) instead of every event. */
export const sampledAbove = 25;

/** The slot width of sampled frames at a speed: about two slots per screen frame. */
export function strideAt(speed: number): number {
  return speed > sampledAbove ? Math.max(1, Math.round(speed * 8)) : 0;
}

/** The frame in force at `time` from what `source` holds: a sampled one when fast, or one per event; null when neither is loaded. */
function frameFor(source: FrameSource, time: number, stride: number): FrameAt | null {
  return source.frameAtTime(time, stride) ?? (stride > 0 ? source.frameAtTime(time, 0) : null);
}

/**
 * Drives playback with one frame clock: the replay clock moves `speed` × real time and the
 * frame shown is the last one at or before it, from the windows `source` loads around the clock
 * (one frame per event at normal speeds, sampled ones when fast). Each tick of the one
 * requestAnimationFrame loop renders synchronously (`flushSync`), so every pane draws the same
 * instant in the same frame; when the frame for the next time is not loaded yet the clock waits
 * where it stands rather than run ahead of what the panes can draw. While the replay is still
 * reading, the clock waits at the last frame read instead of stopping. A step pins an exact
 * event until the next play or seek. `onSettle` gets the time whenever the player comes to rest.
 */
export function usePlayback(source: FrameSource | null, extent: PlaybackExtent, initialTime: number | null, onSettle: (time: number) => void): Playback {
  const [state, setState] = useState<PlaybackState>(() => pausedAt(initialTime ?? (Number.isFinite(extent.start) ? extent.start : 0)));
  const [pinned, setPinned] = useState<number | null>(null);
  const settle = useRef(onSettle);
  useEffect(() => {
    settle.current = onSettle;
  });
  const subscribe = useCallback((listener: () => void) => source?.onChange(listener) ?? (() => {}), [source]);
  useSyncExternalStore(subscribe, () => source?.version ?? 0);
  source?.setEntries(extent.entries);

  // The first frame arrives after the player mounts: start there (or where the link asked).
  const started = useRef(initialTime !== null);
  useEffect(() => {
    if (started.current || !Number.isFinite(extent.start)) return;
    started.current = true;
    setState((current) => (current.playing ? current : pausedAt(extent.start, current.speed)));
  }, [extent.start]);

  const { end, complete, start: first } = extent;
  // Very fast, the clock moves every other animation frame (30 a second): the book changes
  // wholly between frames anyway, and the frames in between stay free for the browser.
  const everyOther = state.speed >= halfRateFrom;
  useEffect(() => {
    if (!state.playing) return;
    let frame = 0;
    let handle = requestAnimationFrame(function tick(): void {
      if (!everyOther || frame++ % 2 === 0) {
        const wall = performance.now();
        const wanted = { time: Number.NaN, stride: 0 };
        // The one clock: this tick's instant is rendered by every pane before the frame is painted.
        flushSync(() =>
          setState((current) => {
            const next = advanceWithin(current, wall, end, complete);
            if (!next.playing) {
              settle.current(next.time);
              return next;
            }
            const stride = strideAt(next.speed);
            // Wait (still playing) for the frame the next time needs, rather than draw a stale one under a
            // running clock. Before the first frame there is no book to wait for.
            if (source !== null && next.time >= first && frameFor(source, next.time, stride) === null) {
              wanted.time = next.time;
              wanted.stride = stride;
              return holdAt(current, wall);
            }
            return next;
          }),
        );
        if (!Number.isNaN(wanted.time)) source?.ensureTime(wanted.time, wanted.stride);
      }
      handle = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(handle);
  }, [state.playing, end, complete, first, everyOther, source]);

  const stride = state.playing ? strideAt(state.speed) : 0;
  const exact = source === null ? null : pinned !== null ? source.frameAtIndex(pinned) : frameFor(source, state.time, stride);
  // Ask for what is missing (or about to be); the answer re-renders through the subscription.
  useEffect(() => {
    if (source === null) return;
    if (pinned !== null) source.ensureIndex(pinned);
    else source.ensureTime(state.time, stride);
  });
  // Keep showing the last frame, at its instant, while the next window is on its way, instead of a blank ladder.
  const lastShown = useRef<{ frame: FrameAt; instant: number } | null>(null);
  if (exact !== null) {
    const clock = exact.window.clocks[exact.k] ?? null;
    lastShown.current = { frame: exact, instant: drawnInstant(state.time, clock, pinned === null && exact.window.strideMs === 0) };
  }
  const frame = exact ?? lastShown.current?.frame ?? null;
  const instant = exact === null && lastShown.current === null ? state.time : (lastShown.current?.instant ?? state.time);

  // A pinned step lands the clock on its frame once that frame is loaded.
  const pinnedClock = pinned !== null && exact !== null ? (exact.window.clocks[exact.k] ?? null) : null;
  useEffect(() => {
    if (pinnedClock === null) return;
    setState((current) => (current.time === pinnedClock && !current.playing ? current : pausedAt(pinnedClock, current.speed)));
    settle.current(pinnedClock);
  }, [pinnedClock]);

  const toggle = useCallback(() => {
    setPinned(null);
    setState((current) => {
      if (current.playing) {
        // At rest the clock stands on a whole millisecond (event times are whole ms, so no event
        // changes sides): the time shown, typed back into Go to time, lands on the same instant.
        const stopped = pause(current, performance.now());
        const next = { ...stopped, time: Math.floor(stopped.time) };
        settle.current(next.time);
        return next;
      }
      // At the end, play starts again from the first frame.
      const from = complete && current.time >= end && Number.isFinite(extent.start) ? { ...current, time: extent.start } : current;
      return play(from, performance.now());
    });
  }, [end, complete, extent.start]);

  const seek = useCallback((to: number) => {
    // A click's fraction of a millisecond is dropped, as when pausing.
    const time = Math.floor(to);
    setPinned(null);
    setState((current) => seekTo(current, time, performance.now()));
    settle.current(time);
  }, []);

  const shownIndex = frame?.index ?? -1;
  // Read at the press, so `step` stays the same function while frames play (the transport is not re-rendered for it).
  const stepFrom = useRef({ entries: extent.entries, pinned, shownIndex });
  useEffect(() => {
    stepFrom.current = { entries: extent.entries, pinned, shownIndex };
  });
  const step = useCallback((by: 1 | -1) => {
    const { entries, pinned: at, shownIndex: shown } = stepFrom.current;
    if (entries === 0) return;
    const from = at ?? Math.max(0, shown);
    const next = Math.min(entries - 1, Math.max(0, from + by));
    setPinned(next);
    setState((current) => (current.playing ? pause(current, performance.now()) : current));
  }, []);

  const speed = useCallback((by: -1 | 1) => setState((current) => stepSpeed(current, by, performance.now())), []);
  const setSpeed = useCallback((to: number) => setState((current) => withSpeed(current, to, performance.now())), []);
  const toStart = useCallback(() => (Number.isFinite(extent.start) ? seek(extent.start) : undefined), [extent.start, seek]);
  const toEnd = useCallback(() => (Number.isFinite(end) ? seek(end) : undefined), [end, seek]);

  const waiting = exact === null || (state.playing && !complete && state.time >= end);
  return { state, frame, instant, index: shownIndex, waiting, toggle, step, seek, speed, setSpeed, toStart, toEnd };
}

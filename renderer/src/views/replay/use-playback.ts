import { useCallback, useEffect, useRef, useState } from 'react';
import type { FrameIndex } from '../../../../shared/book/frame-index.ts';
import { advance, pause, pausedAt, play, seekTo, stepSpeed, withSpeed, type PlaybackState } from './playback-clock.ts';

/** The player over one book's frames: the frame shown, the clock, and its controls. */
export interface Playback {
  state: PlaybackState;
  /** The frame shown (-1 before the first). */
  index: number;
  toggle: () => void;
  /** One event forward (1) or back (-1), exactly: frames sharing a millisecond are stepped one by one. */
  step: (by: 1 | -1) => void;
  seek: (time: number) => void;
  speed: (step: -1 | 1) => void;
  setSpeed: (speed: number) => void;
  toStart: () => void;
  toEnd: () => void;
}

/**
 * Drives playback with requestAnimationFrame: the replay clock moves `speed` × real time and
 * the frame shown is the last one at or before it (`FrameIndex.indexAt`). A step pins an exact
 * frame until the next play or seek. `onSettle` gets the time whenever the player comes to rest
 * (pause, seek, step), for the link.
 */
export function usePlayback(frames: FrameIndex, initialTime: number | null, onSettle: (time: number) => void): Playback {
  const [state, setState] = useState<PlaybackState>(() => pausedAt(initialTime ?? (frames.count > 0 ? frames.clockAt(0) : 0)));
  const [pinned, setPinned] = useState<number | null>(null);
  const settle = useRef(onSettle);
  useEffect(() => {
    settle.current = onSettle;
  });
  const end = frames.count > 0 ? frames.clockAt(frames.count - 1) : 0;

  useEffect(() => {
    if (!state.playing) return;
    let handle = requestAnimationFrame(function tick(): void {
      setState((current) => {
        const next = advance(current, performance.now(), end);
        if (!next.playing) settle.current(next.time);
        return next;
      });
      handle = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(handle);
  }, [state.playing, end]);

  const index = pinned ?? (frames.count === 0 ? -1 : frames.indexAt(state.time));

  const toggle = useCallback(() => {
    setPinned(null);
    setState((current) => {
      if (current.playing) {
        const next = pause(current, performance.now());
        settle.current(next.time);
        return next;
      }
      // At the end, play starts again from the first frame.
      const from = current.time >= end && frames.count > 0 ? { ...current, time: frames.clockAt(0) } : current;
      return play(from, performance.now());
    });
  }, [end, frames]);

  const seek = useCallback((time: number) => {
    setPinned(null);
    setState((current) => seekTo(current, time, performance.now()));
    settle.current(time);
  }, []);

  const step = useCallback(
    (by: 1 | -1) => {
      if (frames.count === 0) return;
      const from = pinned ?? Math.max(0, frames.indexAt(state.time));
      const next = Math.min(frames.count - 1, Math.max(0, from + by));
      const time = frames.clockAt(next);
      setPinned(next);
      setState(pausedAt(time, state.speed));
      settle.current(time);
    },
    [frames, pinned, state.time, state.speed],
  );

  const speed = useCallback((by: -1 | 1) => setState((current) => stepSpeed(current, by, performance.now())), []);
  const setSpeed = useCallback((to: number) => setState((current) => withSpeed(current, to, performance.now())), []);
  const toStart = useCallback(() => (frames.count > 0 ? seek(frames.clockAt(0)) : undefined), [frames, seek]);
  const toEnd = useCallback(() => (frames.count > 0 ? seek(frames.clockAt(frames.count - 1)) : undefined), [frames, seek]);

  return { state, index, toggle, step, seek, speed, setSpeed, toStart, toEnd };
}

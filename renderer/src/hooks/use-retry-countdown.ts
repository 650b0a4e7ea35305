import { useEffect, useRef } from 'react';
import { useNow } from './use-now.ts';

/** Whole seconds left until `deadline` (rounded up, never below 0). */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * Counts down to `deadline` (Unix ms) and calls `onDone` once when it is reached. The clock is
 * `useNow`'s, so a test that controls the page's clock controls the countdown. Null: no countdown.
 */
export function useRetryCountdown(deadline: number | null, onDone: () => void): number | null {
  const now = useNow(250);
  const left = deadline === null ? null : secondsLeft(deadline, now);
  const fired = useRef<number | null>(null);
  useEffect(() => {
    if (deadline === null || left !== 0 || fired.current === deadline) return;
    fired.current = deadline;
    onDone();
  }, [deadline, left, onDone]);
  return left;
}

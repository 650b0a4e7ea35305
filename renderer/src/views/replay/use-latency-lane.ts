import { useEffect, useRef, useState } from 'react';
import type { BookKey } from '../../../../shared/book/book-key.ts';
import type { BookLatency } from '../../../../shared/contract/book-session-schemas.ts';
import { useApi } from '../../transport/connection-context.ts';

/** Columns of the latency lane: a few pixels each at the usual widths. */
export const latencyLaneColumns = 240;

/** While a replay reads, the lane is asked again at most this often. */
const refreshMs = 2_000;

/**
 * The latency lane of one replay book over [start, end): asked of main when the span changes, and
 * again while the replay reads (`entries` grows) at most every 2 s, and once more when it is
 * complete. Null until the first answer for this book and span (or when the replay is gone).
 */
export function useLatencyLane(replayId: string, book: BookKey, start: number, end: number, entries: number, complete: boolean): BookLatency | null {
  const api = useApi();
  const [lane, setLane] = useState<{ key: string; value: BookLatency | null } | null>(null);
  const key = `${replayId}|${book.source}|${book.market}|${book.instrument ?? ''}|${start}|${end}`;
  const lastAsk = useRef<{ key: string; at: number } | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!(end > start) || entries === 0) return;
    const ask = (): void => {
      lastAsk.current = { key, at: performance.now() };
      // Answers are kept by the key they were asked for; one for another book or span is never shown.
      api.book.latency({ replayId, book, t0: Math.floor(start), t1: Math.ceil(end), columns: latencyLaneColumns }).then(
        (value) => {
          if (mounted.current) setLane({ key, value });
        },
        () => {
          if (mounted.current) setLane({ key, value: null });
        },
      );
    };
    const previous = lastAsk.current;
    // Each growth reschedules the next ask for 2 s after the last one; a new span or the end asks at once.
    const wait = previous === null || previous.key !== key || complete ? 0 : Math.max(0, refreshMs - (performance.now() - previous.at));
    const timer = setTimeout(ask, wait);
    return () => clearTimeout(timer);
    // `book` is a fresh object on every push of the tracks; `key` names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, key, entries, complete, start, end, replayId]);
  return lane !== null && lane.key === key ? lane.value : null;
}

import { useEffect, useRef, useState } from 'react';
import type { BookKey } from '../../../../../shared/book/book-key.ts';
import type { TradeColumns } from '../../../../../shared/contract/market-schemas.ts';
import { useApi } from '../../../transport/connection-context.ts';

/** Appends a Float64 column buffer to a number column, in place. */
function appendTo(into: number[], buffer: ArrayBuffer): void {
  const values = new Float64Array(buffer);
  for (let i = 0; i < values.length; i++) into.push(values[i] ?? 0);
}

/**
 * The trades a file or library replay read beside the book (`book.trades`), fetched as the replay
 * reports more (`count`) and appended, as the tape's and the heatmap's columns. Null until the
 * replay has read any, or when `replayId` is null (a market replay takes its trades from the service).
 */
export function useFileTrades(replayId: string | null, book: BookKey | null, count: number): TradeColumns | null {
  const api = useApi();
  const key = replayId === null || book === null ? null : `${replayId}|${book.source}|${book.market}|${book.instrument ?? ''}`;
  const [state, setState] = useState<{ key: string | null; columns: TradeColumns | null }>({ key, columns: null });
  const columns = state.key === key ? state.columns : null;
  const asking = useRef<string | null>(null);
  // The columns grow in place as answers arrive (each answer makes a new object over the same
  // arrays, so views see a change): copying every column on every answer made the trades of a
  // long file cost memory quadratic in their number.
  const held = useRef<{ key: string | null; columns: TradeColumns | null }>({ key: null, columns: null });
  const current = useRef(key);
  useEffect(() => {
    current.current = key;
  }, [key]);
  const have = columns?.time.length ?? 0;

  useEffect(() => {
    if (key === null || replayId === null || book === null || count <= have || asking.current === key) return;
    asking.current = key;
    api.book
      .trades({ replayId, book, from: have })
      .then(
        (trades) => {
          // Free the guard before the render this answer causes, so that render may ask for more.
          if (asking.current === key) asking.current = null;
          // An answer for a book no longer shown is dropped.
          if (current.current !== key) return;
          const base = held.current.key === key ? held.current.columns : null;
          const next: TradeColumns = base === null ? { time: [], price: [], quantity: [], side: [], liquidation: [], truncated: false, cap: 1, droppedUntil: null } : { ...base };
          // Only what follows what is held (a repeated answer adds nothing).
          if (next.time.length === have) {
            appendTo(next.time, trades.time);
            appendTo(next.price, trades.price);
            appendTo(next.quantity, trades.quantity);
            appendTo(next.side, trades.side);
            while (next.liquidation.length < next.time.length) next.liquidation.push(0);
          }
          next.cap = Math.max(1, trades.total);
          held.current = { key, columns: next };
          setState({ key, columns: next });
        },
        () => {
          if (asking.current === key) asking.current = null;
        },
      );
  }, [api, key, replayId, book, count, have]);

  return columns;
}

import { useEffect, useRef, useState } from 'react';
import type { BookKey } from '../../../../../shared/book/book-key.ts';
import type { TradeColumns } from '../../../../../shared/contract/market-schemas.ts';
import { useApi } from '../../../connection-context.ts';

/** Appends a Float64 column buffer to a number column (a copy: the tape and the heatmap read plain arrays). */
function appended(into: readonly number[], buffer: ArrayBuffer): number[] {
  const values = new Float64Array(buffer);
  const out = into.slice();
  for (let i = 0; i < values.length; i++) out.push(values[i] ?? 0);
  return out;
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
          setState((current) => {
            if (current.key !== key && current.key !== null && current.columns !== null) return current;
            const base = current.key === key ? current.columns : null;
            const added = new Float64Array(trades.time).length;
            const next: TradeColumns = {
              time: appended(base?.time ?? [], trades.time),
              price: appended(base?.price ?? [], trades.price),
              quantity: appended(base?.quantity ?? [], trades.quantity),
              side: appended(base?.side ?? [], trades.side),
              liquidation: [...(base?.liquidation ?? []), ...new Array<number>(added).fill(0)],
              truncated: false,
              cap: Math.max(1, trades.total),
            };
            return { key, columns: next };
          });
        },
        () => {
          if (asking.current === key) asking.current = null;
        },
      );
  }, [api, key, replayId, book, count, have]);

  return columns;
}

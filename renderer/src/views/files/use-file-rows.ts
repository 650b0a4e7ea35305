import { useEffect, useRef, useState } from 'react';
import type { FileRow, RowQuery } from '../../../../shared/contract/file-view-schemas.ts';
import { useApi } from '../../transport/connection-context.ts';
import { blockIsFull, blocksCovering, blocksToKeep, rowBlockSize } from './row-blocks.ts';

/** The rows of a file view the table can show, and how many match so far. */
export interface FileRowsWindow {
  /** The row at a position among the matches, when it has arrived. */
  rowAt: (position: number) => FileRow | undefined;
  /** Matches so far (the table's length). */
  matches: number;
  /** Whether every row has been searched: the count is final. */
  complete: boolean;
  /** Whether the first answer for this query has arrived. */
  answered: boolean;
}

interface Held {
  key: string;
  blocks: ReadonlyMap<number, readonly FileRow[]>;
  matches: number;
  complete: boolean;
  answered: boolean;
}

const nothingHeld = (key: string): Held => ({ key, blocks: new Map(), matches: 0, complete: false, answered: false });

/**
 * Asks main for the blocks of rows around what is on screen (`first`…`last`), for the current
 * query, and again as the decode grows the file (`tick` changes with each progress event): blocks
 * not yet full, and the one at the end of the matches so the count keeps up. Blocks far from the
 * screen are dropped, so memory stays bounded however far the user scrolls.
 */
export function useFileRows(viewId: string | null, query: RowQuery, first: number, last: number, tick: number): FileRowsWindow {
  const api = useApi();
  const asking = useRef(new Set<string>());
  // The progress tick each block was last asked at: a block still filling is asked again only on the next tick.
  const askedAt = useRef(new Map<string, number>());
  const key = `${viewId ?? ''}\n${JSON.stringify(query)}`;
  const [held, setHeld] = useState<Held>(() => nothingHeld(key));
  // A new query or file: what was shown no longer applies (answers still on their way are ignored by key).
  const current = held.key === key ? held : nothingHeld(key);

  useEffect(() => {
    if (viewId === null) return;
    const wanted = blocksCovering(first, last, Math.max(current.matches, 1));
    const frontier = Math.floor(current.matches / rowBlockSize);
    if (!current.complete && !wanted.includes(frontier)) wanted.push(frontier);
    for (const block of wanted) {
      const full = blockIsFull(block, current.blocks.get(block)?.length ?? 0, current.matches);
      const stale = !current.answered || !full || (!current.complete && block === frontier);
      const asked = `${key}\n${block}`;
      if (!stale || asking.current.has(asked) || (askedAt.current.get(asked) === tick && current.blocks.has(block))) continue;
      asking.current.add(asked);
      askedAt.current.set(asked, tick);
      if (askedAt.current.size > 1000) askedAt.current.clear();
      api.files
        .rows({ viewId, query, start: block * rowBlockSize, count: rowBlockSize })
        .then((answer) => {
          setHeld((now) => {
            const base = now.key === key ? now : nothingHeld(key);
            const kept = blocksToKeep(wanted, base.blocks.keys());
            const blocks = new Map([...base.blocks].filter(([number]) => kept.has(number)));
            blocks.set(block, answer.rows);
            return { key, blocks, matches: Math.max(base.matches, answer.matches), complete: answer.complete, answered: true };
          });
        })
        .catch(() => undefined)
        .finally(() => asking.current.delete(asked));
    }
  }, [api, viewId, key, query, first, last, tick, current]);

  return {
    rowAt: (position) => current.blocks.get(Math.floor(position / rowBlockSize))?.[position % rowBlockSize],
    matches: current.matches,
    complete: current.complete,
    answered: current.answered,
  };
}

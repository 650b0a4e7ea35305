import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { BookReplayEnded, BookReplayProgress } from '../../../../shared/contract/book-replay-schemas.ts';
import { ContractError } from '../../../../shared/contract/errors.ts';
import type { MdeApi } from '../../../../shared/contract/types.ts';
import { useApi } from '../../connection-context.ts';
import { BookFramesStore } from './book-frames-store.ts';

/** Starts a replay in main and answers its id (`book.replayFiles`, `book.replayMarket`). */
export type StartReplay = (api: MdeApi) => Promise<{ replayId: string }>;

/** A replay as the view sees it. */
export interface BookReplayState {
  /** The books so far; `version` changes as frames arrive. */
  store: BookFramesStore;
  version: number;
  progress: BookReplayProgress | null;
  /** Null while running. */
  ended: BookReplayEnded | null;
  /** The start itself failed (a refused file id, a bad range). */
  startError: ContractError | null;
  /** When the start failed or the replay ended, Unix ms (0 before). */
  settledAt: number;
}

function contractErrorOf(error: unknown): ContractError {
  if (error instanceof ContractError) return error;
  return new ContractError({ kind: 'internal', message: error instanceof Error ? error.message : String(error), resolution: 'Try again; if it keeps failing, report it with the log.', channel: null });
}

/**
 * Runs one replay for as long as the view shows it: subscribes to `book.frames` and
 * `book.replayEnded` before starting (frames may come before the id), keeps the frames in a
 * `BookFramesStore`, and cancels the replay in main when `key` changes or the view goes away.
 * `start` null runs nothing.
 */
export function useBookReplay(key: string, start: StartReplay | null): BookReplayState {
  const api = useApi();
  const startRef = useRef(start);
  useLayoutEffect(() => {
    startRef.current = start;
  });
  // One store per replay key; state from an earlier key is never shown for this one.
  const store = useMemo(() => new BookFramesStore(key), [key]);
  const [state, setState] = useState<BookReplayState>(() => freshState(store));
  const shown = state.store === store ? state : freshState(store);

  useEffect(() => {
    const begin = startRef.current;
    if (begin === null) return;
    let replayId: string | null = null;
    let closed = false;
    // Events that arrive before the id is known wait here, then are adopted or dropped.
    const early: (() => void)[] = [];
    const ours = (id: string, deliver: () => void): void => {
      if (closed) return;
      if (replayId === null) early.push(() => (id === replayId ? deliver() : undefined));
      else if (id === replayId) deliver();
    };
    const update = (patch: Partial<BookReplayState>): void =>
      setState((previous) => ({ ...(previous.store === store ? previous : freshState(store)), version: store.version, ...patch }));
    const offFrames = api.events.on('book.frames', (event) =>
      ours(event.replayId, () => {
        store.add(event.book, event.chunk);
        update({ progress: event.progress });
      }),
    );
    const offHealth = api.events.on('book.health', (event) =>
      ours(event.replayId, () => {
        store.addHealth(event);
        update({});
      }),
    );
    const offEnded = api.events.on('book.replayEnded', (event) => ours(event.replayId, () => update({ progress: event.progress, ended: event, settledAt: Date.now() })));
    begin(api).then(
      (started) => {
        if (closed) {
          void api.book.cancel({ replayId: started.replayId }).catch(() => undefined);
          return;
        }
        replayId = started.replayId;
        for (const deliver of early.splice(0)) deliver();
      },
      (error: unknown) => {
        if (!closed) update({ startError: contractErrorOf(error), settledAt: Date.now() });
      },
    );
    return () => {
      closed = true;
      offFrames();
      offHealth();
      offEnded();
      if (replayId !== null) void api.book.cancel({ replayId }).catch(() => undefined);
    };
  }, [api, store]);

  return shown;
}

function freshState(store: BookFramesStore): BookReplayState {
  return { store, version: 0, progress: null, ended: null, startError: null, settledAt: 0 };
}

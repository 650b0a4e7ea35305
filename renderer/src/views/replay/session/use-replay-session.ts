import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { bookKeyId, type BookKey } from '../../../../../shared/book/book-key.ts';
import type { BookHealthEvent, BookReplayEnded, BookReplayProgress } from '../../../../../shared/contract/book-replay-schemas.ts';
import type { BookMarksEvent, BookTrack } from '../../../../../shared/contract/book-session-schemas.ts';
import { asContractError, ContractError } from '../../../../../shared/contract/errors.ts';
import type { MdeApi } from '../../../../../shared/contract/types.ts';
import { useApi } from '../../../transport/connection-context.ts';

/** Starts a replay in main and answers its id (`book.replayFiles`, `book.replayMarket`). */
export type StartReplay = (api: MdeApi) => Promise<{ replayId: string }>;

/** One health mark as main reports it (`book.health`: resets, dropped deltas). */
export type HealthMarkReport = BookHealthEvent['marks'][number];

/** One frame mark as main reports it (`book.marks`: crossed, locked, backward steps). */
export type FrameMarkReport = BookMarksEvent['marks'][number];

/** The marks main reported for one book, with its totals. */
export interface BookMarks {
  health: HealthMarkReport[];
  frames: FrameMarkReport[];
  healthCounts: BookHealthEvent['counts'];
  frameCounts: BookMarksEvent['counts'];
  capped: boolean;
}

/** A replay as the view sees it: its id once known, what its books hold, its marks, and how it ended. */
export interface ReplaySessionState {
  replayId: string | null;
  /** The books so far, in order of first appearance. */
  tracks: BookTrack[];
  progress: BookReplayProgress | null;
  /** Marks by book id (`bookKeyId`). */
  marks: ReadonlyMap<string, BookMarks>;
  /** Null while reading. */
  ended: BookReplayEnded | null;
  /** The start itself failed (a refused file id, a bad range, no key). */
  startError: ContractError | null;
  /** When the start failed or the replay ended, Unix ms (0 before). */
  settledAt: number;
}

function fresh(): ReplaySessionState {
  return { replayId: null, tracks: [], progress: null, marks: new Map(), ended: null, startError: null, settledAt: 0 };
}

function emptyMarks(): BookMarks {
  return { health: [], frames: [], healthCounts: { resets: 0, droppedDeltas: 0 }, frameCounts: { crossed: 0, locked: 0, 'backward-step': 0 }, capped: false };
}

/** The book of a session the view shows: the one whose instrument is asked for, else the busiest. */
export function pickTrack(tracks: readonly BookTrack[], instrument: string | null | undefined): BookTrack | null {
  if (instrument !== undefined) {
    const named = tracks.find((track) => track.key.instrument === instrument);
    if (named !== undefined) return named;
  }
  let busiest: BookTrack | null = null;
  for (const track of tracks) if (track.entries > 0 && (busiest === null || track.entries > busiest.entries)) busiest = track;
  return busiest;
}

/**
 * Runs one replay for as long as the view shows `key`: subscribes to `book.tracks`,
 * `book.health`, `book.marks` and `book.replayEnded` before starting (events may come before
 * the id), and releases the replay in main (`book.release`) when `key` changes or the view goes.
 * The frames themselves are asked for by window (`FrameSource`); nothing here holds them.
 */
export function useReplaySession(key: string, start: StartReplay | null): ReplaySessionState {
  const api = useApi();
  const startRef = useRef(start);
  useLayoutEffect(() => {
    startRef.current = start;
  });
  const token = useMemo(() => ({ key }), [key]);
  const [state, setState] = useState<{ token: object; value: ReplaySessionState }>(() => ({ token, value: fresh() }));
  const shown = state.token === token ? state.value : fresh();

  useEffect(() => {
    const begin = startRef.current;
    if (begin === null) return;
    let replayId: string | null = null;
    let closed = false;
    const early: (() => void)[] = [];
    const ours = (id: string, deliver: () => void): void => {
      if (closed) return;
      if (replayId === null) early.push(() => (id === replayId ? deliver() : undefined));
      else if (id === replayId) deliver();
    };
    const update = (change: (value: ReplaySessionState) => ReplaySessionState): void =>
      setState((previous) => ({ token, value: change(previous.token === token ? previous.value : fresh()) }));
    const withMarks = (value: ReplaySessionState, book: BookKey, change: (marks: BookMarks) => BookMarks): ReplaySessionState => {
      const id = bookKeyId(book);
      const marks = new Map(value.marks);
      marks.set(id, change(marks.get(id) ?? emptyMarks()));
      return { ...value, marks };
    };
    const offTracks = api.events.on('book.tracks', (event) => ours(event.replayId, () => update((value) => ({ ...value, tracks: event.tracks, progress: event.progress }))));
    const offHealth = api.events.on('book.health', (event) =>
      ours(event.replayId, () => update((value) => withMarks(value, event.book, (marks) => ({ ...marks, health: [...marks.health, ...event.marks], healthCounts: event.counts, capped: marks.capped || event.capped })))),
    );
    const offMarks = api.events.on('book.marks', (event) =>
      ours(event.replayId, () => update((value) => withMarks(value, event.book, (marks) => ({ ...marks, frames: [...marks.frames, ...event.marks], frameCounts: event.counts, capped: marks.capped || event.capped })))),
    );
    const offEnded = api.events.on('book.replayEnded', (event) => ours(event.replayId, () => update((value) => ({ ...value, progress: event.progress, ended: event, settledAt: Date.now() }))));
    // The benchmark measures from here to the first frame shown (`mde:replay-first-frame`).
    performance.mark('mde:replay-requested');
    begin(api).then(
      (started) => {
        if (closed) {
          void api.book.release({ replayId: started.replayId }).catch(() => undefined);
          return;
        }
        replayId = started.replayId;
        update((value) => ({ ...value, replayId: started.replayId }));
        for (const deliver of early.splice(0)) deliver();
      },
      (error: unknown) => {
        if (!closed) update((value) => ({ ...value, startError: asContractError(error, null, 'Try again; if it keeps failing, report it with the log.'), settledAt: Date.now() }));
      },
    );
    return () => {
      closed = true;
      offTracks();
      offHealth();
      offMarks();
      offEnded();
      if (replayId !== null) void api.book.release({ replayId }).catch(() => undefined);
    };
  }, [api, token]);

  return shown;
}

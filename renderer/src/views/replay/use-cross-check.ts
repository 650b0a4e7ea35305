import { useEffect, useMemo, useRef, useState } from 'react';
import type { BookCrossCheckDifferences, BookCrossCheckEnded, BookCrossCheckInput } from '../../../../shared/contract/book-replay-schemas.ts';
import { asContractError, ContractError } from '../../../../shared/contract/errors.ts';
import { useApi } from '../../transport/connection-context.ts';

/** One difference the check found. */
export type CrossCheckDifference = BookCrossCheckDifferences['differences'][number];

/** A cross-check as the view sees it. */
export interface CrossCheckState {
  /** Differences so far (main bounds them; the summary counts the rest). */
  differences: CrossCheckDifference[];
  ended: BookCrossCheckEnded | null;
  startError: ContractError | null;
}

const idle: CrossCheckState = { differences: [], ended: null, startError: null };

/**
 * Runs `book.crossCheck` (the service's books against a local reconstruction of the same range)
 * while `input` is set: differences stream in as `book.crossCheckDifferences`, the summary comes
 * with `book.crossCheckEnded`, and the check is cancelled when `input` changes or the view goes.
 */
export function useCrossCheck(runKey: string | null, input: BookCrossCheckInput | null): CrossCheckState {
  const api = useApi();
  const inputRef = useRef(input);
  useEffect(() => {
    inputRef.current = input;
  });
  const token = useMemo(() => ({ runKey }), [runKey]);
  const [state, setState] = useState<{ token: object; value: CrossCheckState }>({ token, value: idle });
  const shown = state.token === token ? state.value : idle;

  useEffect(() => {
    const request = inputRef.current;
    if (token.runKey === null || request === null) return;
    let checkId: string | null = null;
    let closed = false;
    const early: (() => void)[] = [];
    const ours = (id: string, deliver: () => void): void => {
      if (closed) return;
      if (checkId === null) early.push(() => (id === checkId ? deliver() : undefined));
      else if (id === checkId) deliver();
    };
    const update = (change: (value: CrossCheckState) => CrossCheckState): void =>
      setState((previous) => ({ token, value: change(previous.token === token ? previous.value : idle) }));
    const offDifferences = api.events.on('book.crossCheckDifferences', (event) =>
      ours(event.checkId, () => update((value) => ({ ...value, differences: [...value.differences, ...event.differences] }))),
    );
    const offEnded = api.events.on('book.crossCheckEnded', (event) => ours(event.checkId, () => update((value) => ({ ...value, ended: event }))));
    api.book.crossCheck(request).then(
      (started) => {
        if (closed) {
          void api.book.cancel({ replayId: started.checkId }).catch(() => undefined);
          return;
        }
        checkId = started.checkId;
        for (const deliver of early.splice(0)) deliver();
      },
      (error: unknown) => {
        const shownError = asContractError(error, 'book.crossCheck', 'Try again.');
        if (!closed) update((value) => ({ ...value, startError: shownError }));
      },
    );
    return () => {
      closed = true;
      offDifferences();
      offEnded();
      if (checkId !== null) void api.book.cancel({ replayId: checkId }).catch(() => undefined);
    };
  }, [api, token]);

  return shown;
}

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import { useApi } from '../transport/connection-context.ts';
import { useSelectedSource } from './contract-queries.ts';

/** A long load main runs for the window, with the progress it has pushed so far. */
export interface CancellableLoad<T, P> {
  query: UseQueryResult<T, ContractError>;
  /** The last progress main pushed for this load; null before the first. */
  progress: P | null;
  /** What the running load has shown so far (`LoadSteps.show`), while it has no answer yet; else null. */
  partial: T | null;
  /** The data source the load was filed under (`sourceIdentityOf`). */
  source: string | null;
}

/** How one family of loads (`market.*`, `research.*`) is keyed, reports progress and is cancelled. */
export interface LoadFamily<P> {
  /** The first part of the query key. */
  scope: string;
  /** How long a result stays fresh, ms. */
  staleTime: number;
  /** Subscribes to the progress of `requestId`; returns the unsubscribe. */
  onProgress: (api: MdeApi, requestId: string, report: (progress: P) => void) => () => void;
  /** Stops the load `requestId` in main. */
  cancel: (api: MdeApi, requestId: string) => Promise<unknown>;
}

/** Progress as it was pushed, with the load it belongs to (the query key, as text). */
export interface KeyedProgress<P> {
  key: string;
  value: P;
}

/**
 * The progress to show for the load of `key`: what was pushed for that very load, else null. A
 * load not started yet (waiting on another, or on the source's health) shows none, never the
 * rows of the range it replaced.
 */
export function progressOfKey<P>(stored: KeyedProgress<P> | null, key: string): P | null {
  return stored !== null && stored.key === key ? stored.value : null;
}

/** What a load may do besides answering: show what it has so far, and see that it was stopped. */
export interface LoadSteps<T> {
  /** Shows the rows read so far, before the answer (a long range drawn as it arrives). */
  show: (soFar: T) => void;
  /** Fires when the view no longer wants the load. */
  signal: AbortSignal;
}

let loadCounter = 0;

/** A fresh id for one load; unique within this window, so a cancel reaches only its own load. */
function newRequestId(scope: string): string {
  loadCounter += 1;
  return `${scope}-${Date.now().toString(36)}-${loadCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Runs a load of `family` through TanStack Query, keyed by the selected data source and gated on
 * its health. Each run gets a fresh `requestId`: when the query is cancelled (the view went away,
 * or its key changed), the family's cancel stops it in main. Progress of that id updates
 * `progress`. Not retried here: main has retried what is worth retrying, and the view offers Retry.
 */
export function useCancellableLoad<T, P>(family: LoadFamily<P>, key: readonly unknown[], load: (api: MdeApi, requestId: string, steps: LoadSteps<T>) => Promise<T>, enabled = true): CancellableLoad<T, P> {
  const api = useApi();
  const { source, health } = useSelectedSource();
  const [progress, setProgress] = useState<KeyedProgress<P> | null>(null);
  const [partial, setPartial] = useState<KeyedProgress<T> | null>(null);
  const queryKey = [family.scope, source, ...key];
  const keyText = JSON.stringify(queryKey);
  const query = useQuery<T, ContractError>({
    queryKey,
    enabled: enabled && health?.status === 'ok',
    staleTime: family.staleTime,
    retry: false,
    queryFn: async ({ signal }) => {
      const requestId = newRequestId(family.scope);
      setProgress(null);
      setPartial(null);
      const off = family.onProgress(api, requestId, (value) => setProgress({ key: keyText, value }));
      const cancel = (): void => void family.cancel(api, requestId).catch(() => undefined);
      signal.addEventListener('abort', cancel);
      try {
        return await load(api, requestId, { show: (soFar) => setPartial({ key: keyText, value: soFar }), signal });
      } finally {
        off();
        signal.removeEventListener('abort', cancel);
      }
    },
  });
  return { query, progress: progressOfKey(progress, keyText), partial: query.data === undefined ? progressOfKey(partial, keyText) : null, source };
}

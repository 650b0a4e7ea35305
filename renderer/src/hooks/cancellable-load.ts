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
export function useCancellableLoad<T, P>(family: LoadFamily<P>, key: readonly unknown[], load: (api: MdeApi, requestId: string) => Promise<T>, enabled = true): CancellableLoad<T, P> {
  const api = useApi();
  const { source, health } = useSelectedSource();
  const [progress, setProgress] = useState<P | null>(null);
  const query = useQuery<T, ContractError>({
    queryKey: [family.scope, source, ...key],
    enabled: enabled && health?.status === 'ok',
    staleTime: family.staleTime,
    retry: false,
    queryFn: async ({ signal }) => {
      const requestId = newRequestId(family.scope);
      setProgress(null);
      const off = family.onProgress(api, requestId, setProgress);
      const cancel = (): void => void family.cancel(api, requestId).catch(() => undefined);
      signal.addEventListener('abort', cancel);
      try {
        return await load(api, requestId);
      } finally {
        off();
        signal.removeEventListener('abort', cancel);
      }
    },
  });
  return { query, progress, source };
}

import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import { useApi } from '../connection-context.ts';
import { useKeyStatus, useSelectedSource, useSettings } from './contract-queries.ts';

/** A long load of market data, with the rows received so far while it runs. */
export interface MarketLoad<T> {
  query: UseQueryResult<T, ContractError>;
  /** Rows received so far (pushed by main after each page); null before the first page. */
  progress: number | null;
  /** The data source the load was filed under (`sourceIdentityOf`: `'embedded'`, the remote base URL, or `library:` and its folder). */
  source: string | null;
}

let loadCounter = 0;

/** A fresh id for one load; unique within this window, so a cancel reaches only its own load. */
function newRequestId(): string {
  loadCounter += 1;
  return `${Date.now().toString(36)}-${loadCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Runs a `market.*` load through TanStack Query, keyed by the selected data source and gated on
 * its health. The load gets a fresh `requestId`: when the query is cancelled (the view went away,
 * or its key changed), `market.cancel` stops the load in main, so the client stops paging.
 * Progress events of that id update `progress`. Errors are not retried here: the main process has
 * already retried what is worth retrying, and the view's ErrorPanel offers the rest.
 */
export function useMarketLoad<T>(key: readonly unknown[], load: (api: MdeApi, requestId: string) => Promise<T>, enabled = true): MarketLoad<T> {
  const api = useApi();
  const { source, health } = useSelectedSource();
  const [progress, setProgress] = useState<number | null>(null);
  const query = useQuery<T, ContractError>({
    queryKey: ['market', source, ...key],
    enabled: enabled && health?.status === 'ok',
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const requestId = newRequestId();
      setProgress(null);
      const off = api.events.on('market.progress', (event) => {
        if (event.requestId === requestId) setProgress(event.rows);
      });
      const cancel = (): void => void api.market.cancel({ requestId }).catch(() => undefined);
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

/**
 * Whether requests to the selected source carry an API key: always for the embedded demo and the
 * local library (main sends the local key), and for a remote service when one is stored for it; undefined until
 * the settings and key status are known (so a key holder never sees "needs a key" flash by).
 */
export function useKeyAccess(): boolean | undefined {
  const settings = useSettings();
  const keys = useKeyStatus();
  if (settings.data === undefined) return settings.isError ? false : undefined;
  if (settings.data.dataSource !== 'remote') return true;
  if (keys.data === undefined) return keys.isError ? false : undefined;
  return keys.data.hasKey && keys.data.baseUrl === settings.data.remoteBaseUrl;
}

/** `useKeyAccess`, with "not known yet" read as no key. Views judge the anonymous windows (spec 4.14) with it before sending. */
export function useHasKeyAccess(): boolean {
  return useKeyAccess() === true;
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { MdeApi } from '../../../shared/contract/types.ts';
import { useCancellableLoad, type LoadFamily, type LoadSteps } from './cancellable-load.ts';
import { useKeyStatus, useSettings } from './contract-queries.ts';

/** A long load of market data, with the rows received so far while it runs. */
export interface MarketLoad<T> {
  query: UseQueryResult<T, ContractError>;
  /** Rows received so far (pushed by main after each page); null before the first page. */
  progress: number | null;
  /** What a load read in steps has shown so far, before its answer (`LoadSteps.show`); else null. */
  partial: T | null;
  /** The data source the load was filed under (`sourceIdentityOf`: `'embedded'`, the remote base URL, or `library:` and its folder). */
  source: string | null;
}

/** `market.*` loads: rows so far from `market.progress`, stopped by `market.cancel`. */
const marketLoads: LoadFamily<number> = {
  scope: 'market',
  staleTime: 5 * 60_000,
  onProgress: (api, requestId, report) =>
    api.events.on('market.progress', (event) => {
      if (event.requestId === requestId) report(event.rows);
    }),
  cancel: (api, requestId) => api.market.cancel({ requestId }),
};

/**
 * Runs a `market.*` load through TanStack Query (`useCancellableLoad`): keyed by the selected data
 * source, gated on its health, stopped in main (the client stops paging) when the query is
 * cancelled, with the rows received so far as progress.
 */
export function useMarketLoad<T>(key: readonly unknown[], load: (api: MdeApi, requestId: string, steps: LoadSteps<T>) => Promise<T>, enabled = true): MarketLoad<T> {
  return useCancellableLoad(marketLoads, key, load, enabled);
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

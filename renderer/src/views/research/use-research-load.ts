import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { ResearchProgress } from '../../../../shared/contract/research-schemas.ts';
import type { MdeApi } from '../../../../shared/contract/types.ts';
import { useApi } from '../../connection-context.ts';
import { useSelectedSource } from '../../hooks/contract-queries.ts';

/** A research load, with the stage it is in and the rows read so far while it runs. */
export interface ResearchLoad<T> {
  query: UseQueryResult<T, ContractError>;
  /** The last progress main pushed for this load; null before the first. */
  progress: Pick<ResearchProgress, 'stage' | 'rows'> | null;
}

let loadCounter = 0;

function newRequestId(): string {
  loadCounter += 1;
  return `research-${Date.now().toString(36)}-${loadCounter}-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * Runs a `research.*` load through TanStack Query, keyed by the selected data source: a fresh
 * `requestId` per run; when the query is cancelled (the panel went away, or its inputs changed)
 * `research.cancel` stops it in main (the client stops paging, the worker is ended).
 * `research.progress` of that id updates `progress`. Not retried here: the panel offers Retry.
 */
export function useResearchLoad<T>(key: readonly unknown[], load: (api: MdeApi, requestId: string) => Promise<T>, enabled = true): ResearchLoad<T> {
  const api = useApi();
  const { source, health } = useSelectedSource();
  const [progress, setProgress] = useState<ResearchLoad<T>['progress']>(null);
  const query = useQuery<T, ContractError>({
    queryKey: ['research', source, ...key],
    enabled: enabled && health?.status === 'ok',
    staleTime: 10 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const requestId = newRequestId();
      setProgress(null);
      const off = api.events.on('research.progress', (event) => {
        if (event.requestId === requestId) setProgress({ stage: event.stage, rows: event.rows });
      });
      const cancel = (): void => void api.research.cancel({ requestId }).catch(() => undefined);
      signal.addEventListener('abort', cancel);
      try {
        return await load(api, requestId);
      } finally {
        off();
        signal.removeEventListener('abort', cancel);
      }
    },
  });
  return { query, progress };
}

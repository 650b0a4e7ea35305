import type { UseQueryResult } from '@tanstack/react-query';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { ResearchProgress } from '../../../../shared/contract/research-schemas.ts';
import type { MdeApi } from '../../../../shared/contract/types.ts';
import { useCancellableLoad, type LoadFamily } from '../../hooks/cancellable-load.ts';

/** A research load, with the stage it is in and the rows read so far while it runs. */
export interface ResearchLoad<T> {
  query: UseQueryResult<T, ContractError>;
  /** The last progress main pushed for this load; null before the first. */
  progress: Pick<ResearchProgress, 'stage' | 'rows'> | null;
}

/** `research.*` loads: stage and rows from `research.progress`, stopped by `research.cancel` (the worker is ended). */
const researchLoads: LoadFamily<Pick<ResearchProgress, 'stage' | 'rows'>> = {
  scope: 'research',
  staleTime: 10 * 60_000,
  onProgress: (api, requestId, report) =>
    api.events.on('research.progress', (event) => {
      if (event.requestId === requestId) report({ stage: event.stage, rows: event.rows });
    }),
  cancel: (api, requestId) => api.research.cancel({ requestId }),
};

/** Runs a `research.*` load through TanStack Query (`useCancellableLoad`); the panel offers Retry. */
export function useResearchLoad<T>(key: readonly unknown[], load: (api: MdeApi, requestId: string) => Promise<T>, enabled = true): ResearchLoad<T> {
  const { query, progress } = useCancellableLoad(researchLoads, key, load, enabled);
  return { query, progress };
}

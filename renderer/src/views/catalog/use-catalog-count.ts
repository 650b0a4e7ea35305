import { useQuery } from '@tanstack/react-query';
import type { CountView } from '../../../../shared/contract/market-schemas.ts';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import { useApi } from '../../transport/connection-context.ts';
import { useSelectedSource } from '../../hooks/contract-queries.ts';

/** `/count` totals of the selected data source, keyed by it and gated on its health; a service without `/count` just has none. */
export function useCatalogCount() {
  const api = useApi();
  const { source, health } = useSelectedSource();
  return useQuery<CountView, ContractError>({
    queryKey: ['market.count', source],
    queryFn: () => api.market.count(),
    enabled: health?.status === 'ok',
    staleTime: 60_000,
    retry: false,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { ContractError } from '../../../shared/contract/errors.ts';
import type { CatalogMarkets } from '../../../shared/contract/service-schemas.ts';
import type { CatalogMarket } from '../../../shared/rows/catalog.ts';
import { useApi } from '../transport/connection-context.ts';
import { useSelectedSource } from './contract-queries.ts';

/** The catalog of the selected data source, keyed by it and gated on its health. */
export function useCatalog() {
  const api = useApi();
  const { source, health } = useSelectedSource();
  return useQuery<CatalogMarkets, ContractError>({
    queryKey: ['catalog.markets', source],
    queryFn: () => api.catalog.markets(),
    enabled: health?.status === 'ok',
    staleTime: 60_000,
    // The main process has already retried what is worth retrying; the error panel offers the rest.
    retry: false,
  });
}

/** One market's catalog entry (coverage, terms, access), or undefined while loading or when unknown. */
export function useCatalogMarket(source: string | undefined, market: string | undefined): CatalogMarket | undefined {
  const catalog = useCatalog();
  if (source === undefined || market === undefined) return undefined;
  return catalog.data?.markets.find((entry) => entry.source === source && entry.market === market);
}

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { InstrumentsView, OptionChainRows } from '../../../../shared/contract/market-schemas.ts';
import { buildOptionChain, type OptionChain } from '../../../../shared/options/chain.ts';
import type { InstrumentEntry } from '../../../../shared/rows/catalog.ts';
import { useApi } from '../../transport/connection-context.ts';
import { useSelectedSource } from '../../hooks/contract-queries.ts';
import { useMarketLoad, type MarketLoad } from '../../hooks/market-queries.ts';

/** Filters of an instrument search (`/catalog/instruments`). */
export interface InstrumentFilters {
  q: string;
  expiry: number | undefined;
  optionType: 'call' | 'put' | undefined;
}

/**
 * The option contracts of an underlying from `/catalog/instruments`, optionally filtered;
 * keyed by the data source like every market query.
 */
export function useInstruments(source: string | undefined, market: string | undefined, filters: InstrumentFilters, enabled = true) {
  const api = useApi();
  const selected = useSelectedSource();
  return useQuery<InstrumentsView, ContractError>({
    queryKey: ['market.instruments', selected.source, source, market, filters.q, filters.expiry, filters.optionType],
    queryFn: () =>
      api.market.instruments({
        source: source ?? '',
        market: market ?? '',
        ...(filters.q === '' ? {} : { q: filters.q }),
        ...(filters.expiry === undefined ? {} : { expiry: filters.expiry }),
        ...(filters.optionType === undefined ? {} : { optionType: filters.optionType }),
      }),
    enabled: enabled && source !== undefined && market !== undefined && selected.health?.status === 'ok',
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** No search filters: every contract of the underlying. */
export const allInstruments: InstrumentFilters = { q: '', expiry: undefined, optionType: undefined };

/** The chain of an underlying over a range, with its loads. */
export interface OptionChainLoad {
  load: MarketLoad<OptionChainRows>;
  /** The chain built from the loaded tickers (and the catalog's terms where a ticker lacks them); null before they arrive. */
  chain: OptionChain | null;
  /** Catalog entries of the underlying by instrument name (empty until they arrive). */
  catalog: ReadonlyMap<string, InstrumentEntry>;
}

/**
 * Loads the latest ticker of every contract of an underlying inside `start`..`end`
 * (`market.optionChain`) and its catalog entries, and builds the chain from them.
 */
export function useOptionChain(source: string | undefined, market: string | undefined, range: { start: number; end: number }, enabled: boolean): OptionChainLoad {
  const ready = enabled && source !== undefined && market !== undefined;
  const load = useMarketLoad(
    ['optionChain', source, market, range.start, range.end],
    (api, requestId) => api.market.optionChain({ source: source ?? '', market: market ?? '', start: range.start, end: range.end, requestId }),
    ready,
  );
  const instruments = useInstruments(source, market, allInstruments, ready);
  const catalog = useMemo(() => new Map((instruments.data?.instruments ?? []).map((entry) => [entry.instrument, entry])), [instruments.data]);
  const rows = load.query.data?.rows;
  const chain = useMemo(() => (rows === undefined ? null : buildOptionChain(rows, catalog)), [rows, catalog]);
  return { load, chain, catalog };
}

import { useQuery } from '@tanstack/react-query';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { CandleInterval } from '../../../../shared/rows/candle-row.ts';
import { useApi } from '../../transport/connection-context.ts';
import { useSelectedSource } from '../../hooks/contract-queries.ts';
import type { TimeBounds } from './workspace-range.ts';

/**
 * The canonical candle intervals a market publishes (`market.intervals`, which asks `/ohlcv` for one
 * row of each). `probe` is the range to judge over: the hour before the coverage end for a market
 * whose data ended, or null for the latest hour.
 */
export function useMarketIntervals(source: string, market: string, probe: TimeBounds | null, enabled: boolean) {
  const api = useApi();
  const selected = useSelectedSource();
  return useQuery<CandleInterval[], ContractError>({
    queryKey: ['market', selected.source, 'intervals', source, market, probe?.start ?? null, probe?.end ?? null],
    queryFn: async () => (await api.market.intervals({ source, market, ...(probe === null ? {} : { start: probe.start, end: probe.end }) })).intervals,
    enabled: enabled && selected.health?.status === 'ok',
    staleTime: 10 * 60_000,
    retry: false,
  });
}

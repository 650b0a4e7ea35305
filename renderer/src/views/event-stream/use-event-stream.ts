import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContractError } from '../../../../shared/contract/errors.ts';
import type { EventsStreamEnd } from '../../../../shared/contract/market-schemas.ts';
import type { EventItem } from '../../../../shared/rows/event-item.ts';
import type { RowKind } from '../../../../shared/rows/row-kinds.ts';
import { useApi } from '../../transport/connection-context.ts';
import { useSelectedSource } from '../../hooks/contract-queries.ts';

/** What the Events view asks for: a range, optionally one source or market, and the types sent to the service (undefined: all). */
export interface EventStreamRequest {
  start: number;
  end: number;
  source: string | undefined;
  market: string | undefined;
  types: readonly RowKind[] | undefined;
}

/** A load of the mixed stream, drawn as its pages arrive. */
export interface EventStream {
  /** Every event received so far, in the stream's order (all of them once `end` is known). */
  items: readonly EventItem[];
  /** How the load ended; undefined while it runs (or before it starts). */
  end: EventsStreamEnd | undefined;
  query: UseQueryResult<{ items: readonly EventItem[]; end: EventsStreamEnd }, ContractError>;
  /** Whether pages are still coming. */
  streaming: boolean;
}

let streamCounter = 0;

/** A fresh id for one load; unique within this window, so a cancel reaches only its own load. */
function newRequestId(): string {
  streamCounter += 1;
  return `events-${Date.now().toString(36)}-${streamCounter}`;
}

/**
 * Loads the mixed stream through `market.eventsStream`: each service page arrives as a
 * `market.eventRows` event and is drawn at once, so the first page shows while the rest are read
 * (up to the cap main applies, which the answer states). The finished load is cached by TanStack
 * Query like any other; leaving the view or changing the request cancels the load in main.
 */
export function useEventStream(request: EventStreamRequest, enabled: boolean): EventStream {
  const api = useApi();
  const { source, health } = useSelectedSource();
  const key = ['market', source, 'events-stream', request.start, request.end, request.source, request.market, request.types?.join(',') ?? 'all'];
  const keyText = JSON.stringify(key);
  // The pages of the load under way, by the key they belong to (a new key starts empty).
  const [partial, setPartial] = useState<{ key: string; items: readonly EventItem[] }>({ key: '', items: [] });
  const query = useQuery<{ items: readonly EventItem[]; end: EventsStreamEnd }, ContractError>({
    queryKey: key,
    enabled: enabled && health?.status === 'ok',
    staleTime: 5 * 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      const requestId = newRequestId();
      let items: EventItem[] = [];
      setPartial({ key: keyText, items });
      const off = api.events.on('market.eventRows', (event) => {
        if (event.requestId !== requestId) return;
        items = items.concat(event.items);
        setPartial({ key: keyText, items });
      });
      const cancel = (): void => void api.market.cancel({ requestId }).catch(() => undefined);
      signal.addEventListener('abort', cancel);
      try {
        const end = await api.market.eventsStream({
          start: request.start,
          end: request.end,
          ...(request.types === undefined ? {} : { types: [...request.types] }),
          ...(request.source === undefined ? {} : { source: request.source }),
          ...(request.market === undefined ? {} : { market: request.market }),
          requestId,
        });
        return { items, end };
      } finally {
        off();
        signal.removeEventListener('abort', cancel);
      }
    },
  });
  const finished = query.data;
  const streaming = query.isFetching && finished === undefined;
  const items = finished?.items ?? (partial.key === keyText ? partial.items : []);
  return { items, end: finished?.end, query, streaming };
}

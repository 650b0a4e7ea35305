import type { ViewId } from '../../../shared/settings.ts';
import { useKeyStatus, useSettings } from './contract-queries.ts';
import { useHasKeyAccess } from './market-queries.ts';
import { useNow } from './use-now.ts';
import { useAnchoredRange } from './use-anchored-range.ts';
import type { ResolvedRange } from '../navigation/time-range.ts';
import type { ViewParamsPatch } from '../stores/ui-store.ts';
import { latestHourRequest, type LatestHourRequest } from './latest-hour-request.ts';

/** The range of a latest-hour view and what it may send. */
export interface LatestHourRange {
  range: ResolvedRange;
  request: LatestHourRequest;
  /** False until settings and key status are known (access cannot be judged yet). */
  accessKnown: boolean;
  /** When a relative span was last resolved (Unix ms); part of the query key, so Refresh reloads. */
  anchor: number;
  /** Resolves a relative span against now again (the Refresh action). */
  refresh: () => void;
  /** Applies a change of span or bounds to the view's parameters. */
  changeRange: (patch: Pick<ViewParamsPatch, 'span' | 'start' | 'end'>) => void;
  /** Back to the latest hour, which anonymous access allows. */
  showLatestHour: () => void;
}

/**
 * The time range of a latest-hour view (`/intents`, `/quotes`, family 'latest-hour', default span
 * 1h) from its parameters, and the request judged for anonymous access before anything is sent.
 * A relative span is resolved once (when chosen, or on Refresh), so the query key stays put.
 */
export function useLatestHourRange(view: ViewId, path: string): LatestHourRange {
  const settings = useSettings();
  const keys = useKeyStatus();
  const hasKey = useHasKeyAccess();
  const now = useNow(15_000);
  const { range, anchor, refresh, changeRange } = useAnchoredRange(view, '1h');
  const accessKnown = settings.data !== undefined && (settings.data.dataSource === 'embedded' || keys.data !== undefined);
  const request = latestHourRequest(range, path, hasKey, Math.max(now, anchor));
  const showLatestHour = (): void => changeRange({ span: '1h', start: undefined, end: undefined });
  return { range, request, accessKnown, anchor, refresh, changeRange, showLatestHour };
}

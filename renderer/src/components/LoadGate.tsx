import type { ReactNode } from 'react';
import type { ContractError } from '../../../shared/contract/errors.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { KeyRequiredPanel } from './KeyRequiredPanel.tsx';
import { LoadingState } from './LoadingState.tsx';
import type { MarketLoad } from '../hooks/market-queries.ts';
import type { LatestHourRange } from '../hooks/use-latest-hour-range.ts';

/** Props of the gate in front of a latest-hour view's data. */
export interface LoadGateProps<T> {
  /** What is loaded, plural ("intent observations"). */
  what: string;
  /** What the view wanted to show, for the key panel ("Intent observations before the last hour"). */
  keyWhat: string;
  /** What failed, for the error panel ("The intents could not be loaded"). */
  failure: string;
  range: LatestHourRange;
  load: MarketLoad<T>;
  /** Shown instead of the error panel for an error the view explains calmly (a 404 for a route not live yet). */
  explain?: (error: ContractError) => ReactNode | null;
  children: (data: T) => ReactNode;
}

/**
 * The states before a latest-hour view has its data: the key panel when the range would be
 * refused without a key (nothing is sent), loading with rows so far, and the error with its
 * fixing action. With data, renders `children`.
 */
export function LoadGate<T>({ what, keyWhat, failure, range, load, explain, children }: LoadGateProps<T>) {
  const { query, progress } = load;
  if (!range.accessKnown) return <LoadingState what="access settings" />;
  if (range.request.refusal !== null) {
    return <KeyRequiredPanel what={keyWhat} reason={range.request.refusal} onUseAnonymousWindow={range.showLatestHour} anonymousWindowLabel="Show the last hour" />;
  }
  if (query.error !== null) {
    const explained = explain?.(query.error) ?? null;
    if (explained !== null) return explained;
    const { start, end } = range.range;
    const narrow = end - start > 60_000 ? () => range.changeRange({ start: start + Math.floor((end - start) / 2), end, span: undefined }) : undefined;
    return (
      <ErrorPanel
        context={failure}
        error={{ kind: query.error.kind, message: query.error.message, resolution: query.error.resolution, retryAfterMs: query.error.retryAfterMs }}
        failedAt={query.errorUpdatedAt}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        {...(narrow === undefined ? {} : { onNarrowRange: narrow })}
      />
    );
  }
  if (query.data === undefined) return <LoadingState what={what} rows={progress} />;
  return <>{children(query.data)}</>;
}

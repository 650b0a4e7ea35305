import { useCallback } from 'react';
import type { ContractErrorKind } from '../../../shared/contract/errors.ts';
import { useSettings, useUpdateSettings } from '../hooks/contract-queries.ts';
import { useRetryCountdown } from '../hooks/use-retry-countdown.ts';
import { useUiStore } from '../stores/ui-store.ts';

/** The parts of a contract error a view shows. */
export interface ShownError {
  kind: ContractErrorKind;
  message: string;
  resolution: string;
  retryAfterMs: number | null;
}

/** Props of the actions that fix an error. */
export interface ErrorActionsProps {
  error: ShownError;
  /** When the error arrived (Unix ms, the page clock), so a `Retry-After` counts down from then. */
  failedAt: number;
  onRetry: () => void;
  retrying: boolean;
  /** Offered as "Narrow the range" when the service found the query too large. */
  onNarrowRange?: (() => void) | undefined;
  /** Smaller buttons, for a one-line strip. */
  compact?: boolean;
}

/** Error kinds an API key fixes. */
export const needsKey: ReadonlySet<ContractErrorKind> = new Set<ContractErrorKind>(['needs-api-key', 'auth-required', 'payment-required']);
/** Error kinds the data source's settings (or the demo) fix. */
export const needsSource: ReadonlySet<ContractErrorKind> = new Set<ContractErrorKind>(['unavailable', 'network', 'invalid-response']);

/** A countdown's seconds as the button says them: `12 s`, then `3 min` past two minutes, `2 h` past two hours. */
function countdownText(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.ceil(seconds / 3_600)} h`;
}

/**
 * The actions that fix an error, picked from its kind: "Add API key" for key problems, a countdown
 * for a rate limit (then a retry, with "Retry now" beside it), "Retry" and "Check data source" when the service is down or
 * unreachable, "Narrow the range" for a query too large, and "Switch to the demo" while a remote
 * service or the library is failing.
 */
export function ErrorActions({ error, failedAt, onRetry, retrying, onNarrowRange, compact = false }: ErrorActionsProps) {
  const openSettings = useUiStore((state) => state.openSettings);
  const settings = useSettings();
  const { mutate: saveSettings } = useUpdateSettings();
  // The remote service or the library: the demo is one click away when either fails.
  const offDemo = settings.data !== undefined && settings.data.dataSource !== 'embedded';
  const deadline = error.kind === 'rate-limited' && error.retryAfterMs !== null ? failedAt + error.retryAfterMs : null;
  const retry = useCallback(() => {
    if (!retrying) onRetry();
  }, [onRetry, retrying]);
  const left = useRetryCountdown(deadline, retry);
  const button = compact ? 'button compact' : 'button';
  return (
    <>
      {needsKey.has(error.kind) && (
        <button type="button" className={`${button} primary`} onClick={() => openSettings('api-key')}>
          Add API key
        </button>
      )}
      {left !== null && left > 0 ? (
        <>
          <button type="button" className={button} aria-disabled="true" data-testid="retry-countdown">
            Retry in {countdownText(left)}
          </button>
          <button type="button" className={button} onClick={retry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry now'}
          </button>
        </>
      ) : (
        <button type="button" className={needsSource.has(error.kind) ? `${button} primary` : button} onClick={retry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
      {error.kind === 'too-expensive' && onNarrowRange !== undefined && (
        <button type="button" className={`${button} primary`} onClick={onNarrowRange}>
          Narrow the range
        </button>
      )}
      {needsSource.has(error.kind) && (
        <button type="button" className={button} onClick={() => openSettings('data-source')}>
          Check data source
        </button>
      )}
      {offDemo && (needsSource.has(error.kind) || needsKey.has(error.kind)) && (
        <button type="button" className={button} onClick={() => saveSettings({ dataSource: 'embedded' })}>
          Switch to the demo
        </button>
      )}
    </>
  );
}

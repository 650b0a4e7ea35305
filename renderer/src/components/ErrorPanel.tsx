import { useCallback } from 'react';
import type { ContractErrorKind } from '../../../shared/contract/errors.ts';
import { useSettings, useUpdateSettings } from '../hooks/contract-queries.ts';
import { useRetryCountdown } from '../hooks/use-retry-countdown.ts';
import { useUiStore } from '../stores/ui-store.ts';

/** The parts of a contract error the panel shows. */
export interface ShownError {
  kind: ContractErrorKind;
  message: string;
  resolution: string;
  retryAfterMs: number | null;
}

/** Props of an error panel. */
export interface ErrorPanelProps {
  /** What failed, in the view's words ("The catalog could not be loaded"). */
  context: string;
  error: ShownError;
  /** When the error arrived (Unix ms, the page clock), so a `Retry-After` counts down from then. */
  failedAt: number;
  onRetry: () => void;
  retrying: boolean;
  /** Offered as "Narrow the range" when the service found the query too large. */
  onNarrowRange?: () => void;
}

const titles: Record<ContractErrorKind, string> = {
  'needs-api-key': 'API key needed',
  'auth-required': 'API key not accepted',
  'payment-required': 'Paid access needed',
  forbidden: 'Not included in your plan',
  'rate-limited': 'Rate limited',
  unavailable: 'Service unavailable',
  network: 'Service unreachable',
  'invalid-response': 'Malformed answer from the service',
  'not-found': 'Nothing found',
  'too-expensive': 'Query too large',
  'invalid-request': 'Request refused',
  'unknown-channel': 'Version mismatch',
  internal: 'Something went wrong',
  cancelled: 'Cancelled',
};

const needsKey = new Set<ContractErrorKind>(['needs-api-key', 'auth-required', 'payment-required']);
const needsSource = new Set<ContractErrorKind>(['unavailable', 'network', 'invalid-response']);

/**
 * A failed load, shown as the service explained it: what happened, what to do, and the action
 * that does it: "Add API key" for key problems, a countdown for a rate limit (then a retry),
 * "Retry" and "Check data source" when the service is down or unreachable, "Narrow the range" for
 * a query too large, and "Switch to the demo" while a remote service or the library is failing.
 */
export function ErrorPanel({ context, error, failedAt, onRetry, retrying, onNarrowRange }: ErrorPanelProps) {
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
  const severity = needsKey.has(error.kind) || error.kind === 'rate-limited' ? 'warn' : 'fail';
  return (
    <section className={`panel error-panel error-${severity}`} aria-labelledby="error-panel-title" data-testid="error-panel" data-kind={error.kind}>
      <header className="error-panel-header">
        <span className="error-mark" aria-hidden="true">
          {severity === 'warn' ? '▲' : '■'}
        </span>
        <h2 id="error-panel-title">{titles[error.kind]}</h2>
        <span className="error-context">{context}</span>
      </header>
      <div className="error-panel-body">
        <p className="error-message" role="alert">
          {error.message}
        </p>
        <p className="error-resolution">{error.resolution}</p>
        <div className="button-row">
          {needsKey.has(error.kind) && (
            <button type="button" className="button primary" onClick={() => openSettings('api-key')}>
              Add API key
            </button>
          )}
          {left !== null && left > 0 ? (
            <button type="button" className="button" aria-disabled="true" data-testid="retry-countdown">
              Retry in {left} s
            </button>
          ) : (
            <button type="button" className={needsSource.has(error.kind) ? 'button primary' : 'button'} onClick={retry} disabled={retrying}>
              {retrying ? 'Retrying…' : 'Retry'}
            </button>
          )}
          {error.kind === 'too-expensive' && onNarrowRange !== undefined && (
            <button type="button" className="button primary" onClick={onNarrowRange}>
              Narrow the range
            </button>
          )}
          {needsSource.has(error.kind) && (
            <button type="button" className="button" onClick={() => openSettings('data-source')}>
              Check data source
            </button>
          )}
          {offDemo && (needsSource.has(error.kind) || needsKey.has(error.kind)) && (
            <button type="button" className="button" onClick={() => saveSettings({ dataSource: 'embedded' })}>
              Switch to the demo
            </button>
          )}
          <span className="error-kind">{error.kind}</span>
        </div>
      </div>
    </section>
  );
}

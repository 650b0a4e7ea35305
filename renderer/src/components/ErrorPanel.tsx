import type { ContractErrorKind } from '../../../shared/contract/errors.ts';
import { ErrorActions, needsKey, type ShownError } from './ErrorActions.tsx';

export type { ShownError } from './ErrorActions.tsx';

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

/** The title of each kind of error. */
export const errorTitles: Record<ContractErrorKind, string> = {
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

/**
 * A failed load, shown as the service explained it: what happened, what to do, and the action
 * that does it: "Add API key" for key problems, a countdown for a rate limit (then a retry),
 * "Retry" and "Check data source" when the service is down or unreachable, "Narrow the range" for
 * a query too large, and "Switch to the demo" while a remote service or the library is failing.
 */
export function ErrorPanel({ context, error, failedAt, onRetry, retrying, onNarrowRange }: ErrorPanelProps) {
  const severity = needsKey.has(error.kind) || error.kind === 'rate-limited' ? 'warn' : 'fail';
  return (
    <section className={`panel error-panel error-${severity}`} aria-labelledby="error-panel-title" data-testid="error-panel" data-kind={error.kind}>
      <header className="error-panel-header">
        <span className="error-mark" aria-hidden="true">
          {severity === 'warn' ? '▲' : '■'}
        </span>
        <h2 id="error-panel-title">{errorTitles[error.kind]}</h2>
        <span className="error-context">{context}</span>
      </header>
      <div className="error-panel-body">
        <p className="error-message" role="alert">
          {error.message}
        </p>
        <p className="error-resolution">{error.resolution}</p>
        <div className="button-row">
          <ErrorActions error={error} failedAt={failedAt} onRetry={onRetry} retrying={retrying} onNarrowRange={onNarrowRange} />
          <span className="error-kind">{error.kind}</span>
        </div>
      </div>
    </section>
  );
}

import { ErrorActions, needsKey, type ShownError } from './ErrorActions.tsx';
import { errorTitles } from './ErrorPanel.tsx';
import './stale-banner.css';

/** Props of the banner over a view whose data could not be refreshed. */
export interface StaleBannerProps {
  /** What is shown and since when, in the view's words ("Candles, trades and funding as loaded at 12:03:04"). */
  context: string;
  error: ShownError;
  /** When the error arrived (Unix ms, the page clock). */
  failedAt: number;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * One line beside what a view already drew when loading more failed (the service dropped, a
 * refresh was refused): the view keeps its data, marked stale, and this says why and offers the
 * fix (the same actions as `ErrorPanel`), instead of replacing the screen with an error card.
 */
export function StaleBanner({ context, error, failedAt, onRetry, retrying }: StaleBannerProps) {
  const severity = needsKey.has(error.kind) || error.kind === 'rate-limited' ? 'warn' : 'fail';
  return (
    <section className={`stale-banner error-${severity}`} role="status" aria-label={`Stale: ${errorTitles[error.kind]}`} data-testid="stale-banner" data-kind={error.kind}>
      <span className="stale-tag">Stale</span>
      <span className="stale-title">{errorTitles[error.kind]}</span>
      <span className="stale-text" title={`${error.message}\n${error.resolution}`}>
        {context}. <span className="stale-message">{error.message}</span>
      </span>
      <span className="stale-actions">
        <ErrorActions error={error} failedAt={failedAt} onRetry={onRetry} retrying={retrying} compact />
      </span>
    </section>
  );
}

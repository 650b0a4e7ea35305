/** Props of the "not yet available" notice. */
export interface QuotesNotLiveProps {
  /** The client's words, with what the service answered. */
  message: string;
  onRetry: () => void;
  retrying: boolean;
}

/**
 * What a 404 from `/quotes` means: the spec documents the endpoint as not yet live, so this
 * service does not serve it yet. Said calmly, with the service's answer for reference.
 */
export function QuotesNotLive({ message, onRetry, retrying }: QuotesNotLiveProps) {
  return (
    <section className="panel notice-panel" data-testid="quotes-not-live" aria-labelledby="quotes-not-live-title">
      <header className="error-panel-header">
        <span className="notice-mark" aria-hidden="true">
          ●
        </span>
        <h2 id="quotes-not-live-title">Quotes are not yet available on this service</h2>
      </header>
      <div className="error-panel-body">
        <p className="error-resolution">
          The Market Data Service documents <code>/quotes</code> as not yet live, and this service does not serve it yet. The embedded demo serves
          simulated quote ladders.
        </p>
        <p className="error-message">{message}</p>
        <div className="button-row">
          <button type="button" className="button" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Checking…' : 'Check again'}
          </button>
        </div>
      </div>
    </section>
  );
}

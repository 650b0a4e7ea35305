import { timesInZone } from '../format/market-values.ts';
import { useTimeZone } from '../hooks/contract-queries.ts';
import { useUiStore } from '../stores/ui-store.ts';

/** Props of the panel shown instead of a request that would be refused for want of a key. */
export interface KeyRequiredPanelProps {
  /** What the view wanted to show ("Trades before the latest ten minutes"). */
  what: string;
  /** Why the service would refuse it without a key (from `anonymousRefusal`). */
  reason: string;
  /** Switches the view to what anonymous access allows, when there is such a window. */
  onUseAnonymousWindow?: () => void;
  /** The label of that action ("Show the last hour"). */
  anonymousWindowLabel?: string;
}

/**
 * Says, before anything is sent, that a request needs an API key, with "Add API key" right there
 * (and the anonymous window as the alternative when the endpoint has one).
 */
export function KeyRequiredPanel({ what, reason, onUseAnonymousWindow, anonymousWindowLabel }: KeyRequiredPanelProps) {
  const openSettings = useUiStore((state) => state.openSettings);
  const zone = useTimeZone();
  return (
    <section className="panel error-panel error-warn" data-testid="key-required" aria-labelledby="key-required-title">
      <header className="error-panel-header">
        <span className="error-mark" aria-hidden="true">
          ▲
        </span>
        <h2 id="key-required-title">This needs an API key</h2>
        <span className="error-context">{what}</span>
      </header>
      <div className="error-panel-body">
        <p className="error-message">{timesInZone(reason, zone)}</p>
        <p className="error-resolution">
          {onUseAnonymousWindow === undefined
            ? 'Nothing was sent. Add an API key for this service.'
            : 'Nothing was sent. Add an API key for this service, or stay inside the anonymous window.'}
        </p>
        <div className="button-row">
          <button type="button" className="button primary" onClick={() => openSettings('api-key')}>
            Add API key
          </button>
          {onUseAnonymousWindow !== undefined && (
            <button type="button" className="button" onClick={onUseAnonymousWindow}>
              {anonymousWindowLabel ?? 'Use the anonymous window'}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

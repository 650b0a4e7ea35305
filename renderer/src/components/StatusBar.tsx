import { formatAgo } from '../format/relative-time.ts';
import { useAppInfo, useConnectionState, useHealth, useSettings, useUsage } from '../hooks/contract-queries.ts';
import { useNow } from '../hooks/use-now.ts';

const healthLabels = { ok: 'Healthy', degraded: 'Degraded', down: 'Down', starting: 'Starting' } as const;

/** The bottom bar: data source and its health, the transport, the app version and mode. */
export function StatusBar() {
  const settings = useSettings();
  const health = useHealth();
  const info = useAppInfo();
  const connection = useConnectionState();
  const now = useNow();
  const usage = useUsage();
  const remaining = usage.data?.rateLimit?.remaining;
  const status = connection !== 'open' ? 'down' : (health.data?.status ?? 'starting');
  const source =
    settings.data === undefined
      ? '…'
      : settings.data.dataSource === 'embedded'
        ? 'Embedded demo service (simulated)'
        : `Remote service ${settings.data.remoteBaseUrl ?? ''}`;
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <span className="status-item" data-testid="status-source">
        <span className="status-key">Source</span> {source}
      </span>
      <span className="status-item" data-testid="status-health" data-health={status}>
        <span className={`health-dot health-${status}`} aria-hidden="true" />
        {connection !== 'open'
          ? connection === 'connecting'
            ? 'Connecting to app server…'
            : 'App server unreachable, reconnecting…'
          : health.data === undefined
            ? health.isError
              ? `Health check failed: ${health.error.message}`
              : 'Checking…'
            : `${healthLabels[health.data.status]} · ${health.data.message}`}
      </span>
      {health.data !== undefined && (
        <span className="status-item status-muted">checked {formatAgo(health.data.checkedAt, now)}</span>
      )}
      {remaining !== null && remaining !== undefined && (
        <span className="status-item status-muted" data-testid="status-quota">
          {remaining.toLocaleString('en-US')} requests left
        </span>
      )}
      <span className="status-spacer" />
      <span className="status-item status-muted">Press ? for shortcuts</span>
      {info.data !== undefined && (
        <span className="status-item status-muted" data-testid="status-mode">
          {info.data.mode === 'electron' ? 'Desktop' : 'Browser mode'} · v{info.data.version}
        </span>
      )}
    </footer>
  );
}

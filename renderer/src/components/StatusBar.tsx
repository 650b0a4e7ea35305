import { useEffect } from 'react';
import { formatTimestamp, timeZoneLabel } from '../format/market-values.ts';
import { formatAgo } from '../format/relative-time.ts';
import { useAppInfo, useConnectionState, useHealth, useSelectedSource, useSettings, useTimeZone, useUsage } from '../hooks/contract-queries.ts';
import { useNow } from '../hooks/use-now.ts';
import { keysOf } from '../navigation/shell-commands.ts';
import { useViews } from '../navigation/views-context.ts';
import { useShellNotice } from '../navigation/shell-notice.ts';
import { useShellCommands } from '../hooks/use-shell-commands.ts';
import { isMacPlatform } from './ShortcutHelp.tsx';
import { sourceLabel, sourceTitle } from './source-label.ts';
import './status-bar.css';

const healthLabels = { ok: 'Healthy', degraded: 'Degraded', down: 'Down', starting: 'Starting' } as const;

/** How long a notice stays in the status bar. */
const noticeMs = 6000;

/** The bottom bar: data source and its health, a notice, the clock with the UTC/local toggle, the app version and mode. */
export function StatusBar() {
  const settings = useSettings();
  const health = useHealth();
  const selected = useSelectedSource();
  const info = useAppInfo();
  const connection = useConnectionState();
  const now = useNow();
  const usage = useUsage();
  const zone = useTimeZone();
  const remaining = usage.data?.rateLimit?.remaining;
  const status = connection !== 'open' ? 'down' : (health.data?.status ?? 'starting');
  const source = settings.data === undefined ? '…' : sourceLabel(settings.data, selected.health);
  const sourceHover = settings.data === undefined ? undefined : sourceTitle(settings.data, selected.health);
  return (
    <footer className="status-bar" role="status" aria-live="polite">
      <span className="status-item" data-testid="status-source" data-source={settings.data?.dataSource} title={sourceHover}>
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
        <span className="status-item status-muted" title={`Checked at ${formatTimestamp(health.data.checkedAt, zone, 's')} ${timeZoneLabel(zone, health.data.checkedAt)}`}>
          checked {formatAgo(health.data.checkedAt, now)}
        </span>
      )}
      {remaining !== null && remaining !== undefined && settings.data?.dataSource !== 'library' && (
        <span className="status-item status-muted" data-testid="status-quota">
          {remaining.toLocaleString('en-US')} requests left
        </span>
      )}
      <StatusNotice />
      <span className="status-spacer" />
      <span className="status-item status-muted">{isMacPlatform() ? '⌘K' : 'Ctrl+K'} commands · ? shortcuts</span>
      <StatusClock />
      {info.data !== undefined && (
        <span className="status-item status-muted" data-testid="status-mode">
          {info.data.mode === 'electron' ? 'Desktop' : 'Browser mode'} · v{info.data.version}
        </span>
      )}
    </footer>
  );
}

/** The last notice (a link copied, a link read in part), shown for a few seconds. */
function StatusNotice() {
  const notice = useShellNotice((state) => state.notice);
  const dismiss = useShellNotice((state) => state.dismiss);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => dismiss(notice.id), noticeMs);
    return () => clearTimeout(timer);
  }, [notice, dismiss]);
  if (notice === null) return null;
  return (
    <span className={`status-item status-notice status-notice-${notice.tone}`} data-testid="status-notice" title={notice.text}>
      {notice.text}
    </span>
  );
}

/** The time now in the zone times are shown in, and the quick UTC/local toggle. */
function StatusClock() {
  const zone = useTimeZone();
  const views = useViews();
  const now = useNow(1000);
  const run = useShellCommands();
  const label = timeZoneLabel(zone, now);
  const other = zone === 'utc' ? 'local time' : 'UTC';
  return (
    <button
      type="button"
      className="status-clock"
      data-testid="status-clock"
      data-zone={zone}
      aria-label={`Times are shown in ${zone === 'utc' ? 'UTC' : `local time (${label})`}; show them in ${other}`}
      title={`Times are shown in ${zone === 'utc' ? 'UTC' : `local time, ${label}`}. Click or press ${keysOf({ kind: 'toggle-time-zone' }, views).join(', ')} for ${other}.`}
      onClick={() => run({ kind: 'toggle-time-zone' })}
    >
      <span className="status-clock-time">{formatTimestamp(now, zone, 's').slice(11)}</span>
      <span className={zone === 'utc' ? 'status-zone active' : 'status-zone'}>UTC</span>
      <span className={zone === 'local' ? 'status-zone active' : 'status-zone'}>{zone === 'local' ? label.replace('UTC', 'Local ') : 'Local'}</span>
    </button>
  );
}

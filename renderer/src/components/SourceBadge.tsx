import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';
import { hostOf, sourceTitle } from './source-label.ts';

/** Props of the data-source badge. */
export interface SourceBadgeProps {
  settings: Settings | undefined;
  health: Health | undefined;
}

/** Says plainly where the data comes from; simulated data is never mistaken for real data. */
export function SourceBadge({ settings, health }: SourceBadgeProps) {
  if (settings === undefined) return <span className="badge">…</span>;
  if (settings.dataSource === 'embedded') {
    return (
      <span className="badge badge-simulated" title="The embedded local service serves deterministic simulated data">
        SIMULATED DATA · Embedded demo
      </span>
    );
  }
  if (settings.dataSource === 'library') {
    return (
      <span className="badge badge-library" title={sourceTitle(settings, health?.dataSource === 'library' ? health : undefined)}>
        LOCAL LIBRARY · offline
      </span>
    );
  }
  const host = hostOf(health?.baseUrl ?? settings.remoteBaseUrl);
  return (
    <span className="badge badge-remote" title={settings.remoteBaseUrl ?? ''}>
      LIVE SERVICE · {host}
    </span>
  );
}

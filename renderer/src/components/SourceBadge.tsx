import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';

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
  const host = hostOf(health?.baseUrl ?? settings.remoteBaseUrl);
  return (
    <span className="badge badge-remote" title={settings.remoteBaseUrl ?? ''}>
      LIVE SERVICE · {host}
    </span>
  );
}

function hostOf(url: string | null): string {
  if (url === null) return 'not set';
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

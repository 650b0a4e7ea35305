import type { Health } from '../../../shared/contract/channels.ts';
import type { Settings } from '../../../shared/settings.ts';
import { sourceBadge } from './source-label.ts';

/** Props of the data-source badge. */
export interface SourceBadgeProps {
  settings: Settings | undefined;
  health: Health | undefined;
}

/**
 * Says plainly where the data comes from and whether it is there: simulated data is never
 * mistaken for real data (whoever serves it), and a service that is down is never shown green.
 */
export function SourceBadge({ settings, health }: SourceBadgeProps) {
  if (settings === undefined) return <span className="badge">…</span>;
  const badge = sourceBadge(settings, health);
  return (
    <span className={`badge badge-${badge.tone}`} title={badge.title} data-testid="source-badge" data-tone={badge.tone}>
      {badge.text}
    </span>
  );
}

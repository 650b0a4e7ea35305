import { EmptyState } from '../components/EmptyState.tsx';
import { ViewFrame } from '../components/ViewFrame.tsx';
import { useHealth } from '../hooks/contract-queries.ts';
import type { ViewEntry } from './view-registry.ts';

/** Props of a view whose content is still being built. */
export interface PlannedViewProps {
  view: ViewEntry;
  panels: readonly { title: string; detail: string }[];
}

/**
 * A view whose panels are not in this build yet: it names each panel and what it will show,
 * and confirms the data source the panels will read from.
 */
export function PlannedView({ view, panels }: PlannedViewProps) {
  const health = useHealth();
  return (
    <ViewFrame title={view.label} subtitle={view.summary}>
      <div className="panel-grid">
        {panels.map((panel) => (
          <article key={panel.title} className="panel">
            <header className="panel-header">{panel.title}</header>
            <EmptyState icon={view.icon} title="Not in this build yet">
              <p>{panel.detail}</p>
            </EmptyState>
          </article>
        ))}
      </div>
      <p className="view-footnote">
        Data source: {health.data?.baseUrl ?? 'connecting…'}
        {health.data?.simulated === true ? ' (simulated demo data)' : ''}
      </p>
    </ViewFrame>
  );
}

import { EmptyState } from '../../components/EmptyState.tsx';
import { ViewFrame } from '../../components/ViewFrame.tsx';

/** The Events view (being built in F7). */
export function EventsView() {
  return (
    <ViewFrame title="Events" subtitle="Open a market from the catalog">
      <EmptyState icon="◫" title="Not built yet">
        <p>This view is being built.</p>
      </EmptyState>
    </ViewFrame>
  );
}

import type { Health } from '../../../../shared/contract/channels.ts';
import type { DataSourceKind } from '../../../../shared/settings.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { useUiStore } from '../../stores/ui-store.ts';

/** Props of the empty catalog. */
export interface CatalogEmptyProps {
  dataSource: DataSourceKind | undefined;
  health: Health | undefined;
}

/** An empty catalog: for the library, how to fill it (and which folder); for a service, where else to look. */
export function CatalogEmpty({ dataSource, health }: CatalogEmptyProps) {
  const showView = useUiStore((state) => state.showView);
  const openSettings = useUiStore((state) => state.openSettings);
  if (dataSource !== 'library') {
    return (
      <EmptyState icon="▦" title="The data source lists no markets">
        <p>Its catalog is empty. Choose another data source in Settings, or try again later.</p>
      </EmptyState>
    );
  }
  const root = health?.library?.root;
  return (
    <EmptyState icon="▦" title="The library is empty">
      <p>
        Download hours in the Downloads view, or with <code>mde download</code>; each market is listed here as its first file lands.
      </p>
      {root !== undefined && (
        <p className="muted">
          Folder: <code>{root}</code>
        </p>
      )}
      <p className="button-row">
        <button type="button" className="button primary" onClick={() => showView('downloads')}>
          Open Downloads
        </button>
        <button type="button" className="button" onClick={() => openSettings('data-source')}>
          Choose another folder
        </button>
      </p>
    </EmptyState>
  );
}

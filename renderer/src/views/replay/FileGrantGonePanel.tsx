import { EmptyState } from '../../components/EmptyState.tsx';
import type { LinkedFile } from '../../stores/ui-store.ts';

/** Props of the panel for files whose grants are gone. */
export interface FileGrantGonePanelProps {
  files: readonly LinkedFile[];
  onOpenFiles: () => void;
  onBackToMarket: () => void;
}

/**
 * A link (a reload, Back, a bookmark) names files by their grant, which lasts while the app runs:
 * after a restart the grant is gone. Says which files, why, and how to open them again.
 */
export function FileGrantGonePanel({ files, onOpenFiles, onBackToMarket }: FileGrantGonePanelProps) {
  const names = files.map((file) => file.name);
  return (
    <div data-testid="replay-files-gone">
      <EmptyState icon="⌧" title={files.length === 1 ? 'This file is no longer open' : 'These files are no longer open'}>
        <p>
          The address names {names.length === 1 ? <strong>{names[0]}</strong> : <strong>{names.join(', ')}</strong>}, but the app has not granted {files.length === 1 ? 'it' : 'them'} since it
          started: files are opened by a grant that lasts while the app runs, never by a path. Open {files.length === 1 ? 'it' : 'them'} again to replay.
        </p>
        <p>
          <button type="button" className="button primary" onClick={onOpenFiles}>
            Open snapshot files
          </button>{' '}
          <button type="button" className="button" onClick={onBackToMarket}>
            Back to the market replay
          </button>
        </p>
      </EmptyState>
    </div>
  );
}

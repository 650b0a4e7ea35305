import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import type { ExportRun } from '../../hooks/library-queries.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';
import { ProgressBar } from './QueuePanel.tsx';

/** Props of the export status line. */
export interface ExportStatusProps {
  run: ExportRun;
  /** When the export was refused (Unix ms). */
  failedAt: number;
  onCancel: () => void;
  onDismiss: () => void;
  onRetry: () => void;
}

/** An export as it runs (rows so far, share read, Cancel) and how it ended: the file it wrote, or why it stopped. */
export function ExportStatus({ run, failedAt, onCancel, onDismiss, onRetry }: ExportStatusProps) {
  if (run.state === 'refused') return <ErrorPanel context="The export could not start." error={run.error} failedAt={failedAt} onRetry={onRetry} retrying={false} />;
  if (run.state === 'starting' || run.state === 'running') {
    const rows = run.state === 'running' ? run.rows : 0;
    return (
      <div className="export-status" role="status" data-testid="export-status">
        <span>Exporting…</span>
        <ProgressBar fraction={run.state === 'running' ? run.fraction : null} label="Export progress" />
        <span className="mono">{rows.toLocaleString('en-US')} rows</span>
        <button type="button" className="button compact" onClick={onCancel} disabled={run.state === 'starting'}>
          Cancel
        </button>
      </div>
    );
  }
  const { ended } = run;
  return (
    <div className={`export-status ended-${ended.state}`} role="status" data-testid="export-status">
      {ended.state === 'done' ? (
        <span>
          Exported {ended.rows.toLocaleString('en-US')} rows · {formatBytes(ended.bytes)} to <span className="mono export-path">{ended.path}</span>
        </span>
      ) : (
        <span>
          Export {ended.state === 'cancelled' ? 'cancelled' : 'failed'}
          {ended.message === null ? '' : `: ${ended.message}`}. Nothing was left behind.
        </span>
      )}
      <button type="button" className="button compact" onClick={onDismiss}>
        Dismiss
      </button>
    </div>
  );
}

import type { Sending } from '../../hooks/use-open-file.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';

/** Props of the drop zone. */
export interface FileDropZoneProps {
  onChoose: () => void;
  sending: Sending | null;
  dragging: boolean;
}

/** The viewer before a file is open: where to drop one, the button and key to choose one, and what it will show. */
export function FileDropZone({ onChoose, sending, dragging }: FileDropZoneProps) {
  if (sending !== null) {
    const percent = sending.bytes === 0 ? 100 : Math.floor((sending.sent / sending.bytes) * 100);
    return (
      <div className="file-drop sending" role="status">
        <p>
          Sending <span className="mono">{sending.name}</span> to the app… {percent}% ({formatBytes(sending.sent)} of {formatBytes(sending.bytes)})
        </p>
        <div className="file-progress" role="progressbar" aria-label="Sent" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <div className={dragging ? 'file-drop dragging' : 'file-drop'}>
      <div className="file-drop-icon" aria-hidden="true">
        ▤
      </div>
      <h2>Open a snapshot file</h2>
      <p>
        Drop a <span className="mono">.jsonl.zst</span> file anywhere on this view, or
      </p>
      <button type="button" className="button primary" onClick={onChoose}>
        Choose a file… <kbd>o</kbd>
      </button>
      <p className="file-drop-note">
        The summary appears at once (format, counts by type, time range, backward steps, skipped lines); the records stream into a table you can filter, search and jump through by time. Files stay on this computer.
      </p>
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FileRow } from '../../../../shared/contract/file-view-schemas.ts';
import { useApi } from '../../transport/connection-context.ts';
import { formatTimestamp, type TimeZoneChoice } from '../../format/market-values.ts';
import { formatBytes } from '../../../../shared/byte-size.ts';
import { layOutJson } from './json-layout.ts';

/** Props of the row detail. */
export interface RowDetailProps {
  viewId: string;
  row: FileRow;
  zone: TimeZoneChoice;
  onClose: () => void;
}

/**
 * One record's raw line exactly as it is in the file (256-bit amounts and every number keep their
 * text), either as the one line or laid out on several by moving whitespace only.
 */
export function RowDetail({ viewId, row, zone, onClose }: RowDetailProps) {
  const api = useApi();
  const [laidOut, setLaidOut] = useState(true);
  const detail = useQuery({ queryKey: ['file-row', viewId, row.index], queryFn: () => api.files.rowDetail({ viewId, index: row.index }), staleTime: Infinity });
  const raw = detail.data?.raw ?? '';
  return (
    <aside className="panel row-detail" aria-label={`Line ${row.line}`}>
      <div className="panel-header row-detail-head">
        <span>
          Line <span className="mono">{row.line.toLocaleString('en-US')}</span> · {row.type}
        </span>
        <span className="row-detail-actions">
          <button type="button" className="chip" aria-pressed={laidOut} onClick={() => setLaidOut(!laidOut)}>
            {laidOut ? 'Laid out' : 'As one line'}
          </button>
          <button type="button" className="chip" onClick={() => void navigator.clipboard.writeText(raw)} disabled={raw === ''}>
            Copy line
          </button>
          <button type="button" className="chip" onClick={onClose} title="Close (Esc)">
            ✕
          </button>
        </span>
      </div>
      <dl className="row-detail-facts">
        <div>
          <dt>Collector</dt>
          <dd>{formatTimestamp(row.collectorTimestamp, zone)}</dd>
        </div>
        <div>
          <dt>Exchange</dt>
          <dd className={row.exchangeTimestamp === null ? 'faint' : undefined}>{row.exchangeTimestamp === null ? 'unknown (the venue gave none)' : formatTimestamp(row.exchangeTimestamp, zone)}</dd>
        </div>
        {detail.data !== undefined && (
          <div>
            <dt>Size</dt>
            <dd>{formatBytes(detail.data.bytes)}</dd>
          </div>
        )}
      </dl>
      {detail.isError ? (
        <p className="row-detail-error" role="alert">
          The line could not be read: {detail.error.message}
        </p>
      ) : detail.data === undefined ? (
        <p className="row-detail-loading">Reading the line…</p>
      ) : (
        <>
          {detail.data.truncated && <p className="file-cap">The line is {formatBytes(detail.data.bytes)}: the first {formatBytes(raw.length)} are shown.</p>}
          <pre className={laidOut ? 'raw-line laid-out' : 'raw-line'} aria-label="Raw JSON line">
            {laidOut ? layOutJson(raw) : raw}
          </pre>
        </>
      )}
    </aside>
  );
}

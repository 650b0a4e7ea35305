import { useState } from 'react';
import type { LibraryDataset, LibraryIndex } from '../../../../shared/contract/library-schemas.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { formatBytes } from '../../../../shared/byte-size.ts';
import { countOf, libraryFileLabel } from './transfer-format.ts';

/** What the library panel asks for: open or replay files, export them or a dataset's range, delete files (after confirming). */
export interface LibraryActions {
  openInFiles: (keys: string[]) => void;
  replay: (keys: string[]) => void;
  exportFiles: (keys: string[], format: 'csv' | 'parquet') => void;
  exportDataset: (dataset: LibraryDataset, format: 'csv' | 'parquet') => void;
  askDelete: (keys: string[]) => void;
}

/** Props of the library panel. */
export interface LibraryPanelProps {
  index: LibraryIndex;
  /** `source · market` of the dataset the calendar shows; it is expanded first. */
  shownDataset: string;
  checked: ReadonlySet<string>;
  onChecked: (checked: ReadonlySet<string>) => void;
  actions: LibraryActions;
  /** An open or export in progress: the buttons wait. */
  busy: boolean;
}

function datasetName(dataset: Pick<LibraryDataset, 'source' | 'market'>): string {
  return `${dataset.source} · ${dataset.market}`;
}

/**
 * The local library: disk used and free, datasets with their file counts and sizes, and one
 * dataset's files (hour, size, records) to open in Files, replay, export or delete.
 */
export function LibraryPanel({ index, shownDataset, checked, onChecked, actions, busy }: LibraryPanelProps) {
  const [expanded, setExpanded] = useState<string | null>(null);
  const [format, setFormat] = useState<'csv' | 'parquet'>('csv');
  const open = index.datasets.find((dataset) => datasetName(dataset) === (expanded ?? shownDataset)) ?? index.datasets[0];
  const openKeys = new Set(open?.files.map((file) => file.key) ?? []);
  const chosen = [...checked].filter((key) => openKeys.has(key));
  const allChecked = open !== undefined && open.files.length > 0 && chosen.length === open.files.length;
  const toggle = (key: string): void => {
    const next = new Set(checked);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onChecked(next);
  };
  const files = index.datasets.reduce((sum, dataset) => sum + dataset.files.length, 0);

  return (
    <section className="panel library-panel" aria-labelledby="library-title" data-testid="library-panel">
      <header className="panel-header panel-header-row">
        <span id="library-title">Library</span>
        <span className="library-usage mono">
          {countOf(files, 'file')} · {formatBytes(index.bytes)} used · {index.freeBytes === null ? 'free space unknown' : `${formatBytes(index.freeBytes)} free`}
        </span>
        <span className="library-root mono" title={index.root}>
          <bdi>{index.root}</bdi>
        </span>
      </header>
      {index.datasets.length === 0 || open === undefined ? (
        <EmptyState icon="▤" title="No files in the library yet — select hours above">
          <p>Downloaded hours land here whole and verified, in the public tool's layout, and open offline in Files and the book replay.</p>
        </EmptyState>
      ) : (
        <div className="library-body">
          <ul className="dataset-list" aria-label="Datasets">
            {index.datasets.map((dataset) => {
              const name = datasetName(dataset);
              const current = dataset === open;
              return (
                <li key={name}>
                  <button type="button" className={current ? 'dataset-item current' : 'dataset-item'} aria-pressed={current} onClick={() => setExpanded(name)}>
                    <span className="dataset-name">{name}</span>
                    <span className="dataset-size mono">
                      {countOf(dataset.files.length, 'file')} · {formatBytes(dataset.bytes)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <div className="library-files">
            <div className="library-toolbar">
              <span className="muted">{chosen.length === 0 ? 'Check files to act on them' : `${countOf(chosen.length, 'file')} checked`}</span>
              <button type="button" className="button compact" disabled={chosen.length === 0 || busy} onClick={() => actions.openInFiles(chosen)} title="Open the first checked file in the Files view">
                Open in Files
              </button>
              <button type="button" className="button compact" disabled={chosen.length === 0 || busy} onClick={() => actions.replay(chosen)} title="Replay the checked files' order books, in order">
                Replay books
              </button>
              <span className="export-group">
                <select aria-label="Export format" value={format} onChange={(event) => setFormat(event.target.value === 'parquet' ? 'parquet' : 'csv')}>
                  <option value="csv">CSV</option>
                  <option value="parquet">Parquet</option>
                </select>
                <button type="button" className="button compact" disabled={busy || open.files.length === 0} onClick={() => (chosen.length > 0 ? actions.exportFiles(chosen, format) : actions.exportDataset(open, format))}>
                  {chosen.length > 0 ? 'Export checked' : 'Export dataset'}
                </button>
              </span>
              <button type="button" className="button compact danger" disabled={chosen.length === 0 || busy} onClick={() => actions.askDelete(chosen)}>
                Delete…
              </button>
            </div>
            <div className="library-scroll">
              <table className="data-table library-table">
                <thead>
                  <tr>
                    <th className="check">
                      <input type="checkbox" aria-label="Check every file" checked={allChecked} onChange={() => onChecked(allChecked ? new Set([...checked].filter((key) => !openKeys.has(key))) : new Set([...checked, ...openKeys]))} />
                    </th>
                    <th>Hour</th>
                    <th className="num">Size</th>
                    <th className="num">Records</th>
                  </tr>
                </thead>
                <tbody>
                  {open.files.map((file) => (
                    <tr key={file.key} data-testid="library-file" data-key={file.key} className={checked.has(file.key) ? 'checked' : ''} onClick={() => toggle(file.key)}>
                      <td className="check">
                        <input type="checkbox" aria-label={`Check ${libraryFileLabel(file)}`} checked={checked.has(file.key)} onChange={() => toggle(file.key)} onClick={(event) => event.stopPropagation()} />
                      </td>
                      <td className="mono nowrap">{libraryFileLabel(file)}</td>
                      <td className="num mono" data-testid="library-file-size">{formatBytes(file.bytes)}</td>
                      <td className="num mono" data-testid="library-file-records">{file.records === null ? '—' : file.records.toLocaleString('en-US')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
